import { Checkout } from './checkout';

/**
 * A server component: the order is known on the server, and its payload goes to the unit's
 * request. The page is rendered on the server with `<adpx-offers …>` in its HTML.
 */
export default async function CheckoutPage({
  searchParams,
}: {
  searchParams: Promise<{ endpoint?: string }>;
}) {
  // The offers service: the example's tests point it at their mock service.
  const { endpoint = 'http://127.0.0.1:8787' } = await searchParams;
  const payload = { order_id: 'next-1001', framework: 'next' };
  return (
    <main data-framework="next" data-render="server">
      <h1>adpx-offers in Next.js</h1>
      <Checkout endpoint={endpoint} payload={payload} />
    </main>
  );
}
