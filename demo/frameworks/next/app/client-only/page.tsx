import { ClientCheckout } from './client-checkout';

/** The client-only variant: the unit is created after hydration (`next/dynamic` with `ssr: false`). */
export default async function ClientOnlyPage({
  searchParams,
}: {
  searchParams: Promise<{ endpoint?: string }>;
}) {
  const { endpoint = 'http://127.0.0.1:8787' } = await searchParams;
  const payload = { order_id: 'next-1001', framework: 'next' };
  return (
    <main data-framework="next" data-render="client">
      <h1>adpx-offers in Next.js (client only)</h1>
      <ClientCheckout endpoint={endpoint} payload={payload} />
    </main>
  );
}
