import { useState } from 'react';

/** Extra body keys for the offers service: an object, so React 19 sets it as a property. */
const payload = { order_id: 'react-1001', framework: 'react' };

export function App({ endpoint }: { endpoint: string }) {
  const [found, setFound] = useState<number>();
  const [seen, setSeen] = useState(0);
  const [closed, setClosed] = useState<string>();

  return (
    <main data-framework="react">
      <h1>adpx-offers in React 19</h1>
      {closed ? (
        <p id="status" role="status">
          Offers closed ({closed})
        </p>
      ) : (
        <>
          <p id="status" role="status">
            {found === undefined ? 'Loading offers…' : `${found} offers, ${seen} seen`}
          </p>
          <adpx-offers
            api-key="test-key"
            endpoint={endpoint}
            placement="checkout"
            payload={payload}
            onadpx-ads-found={(e) => setFound(e.detail.total)}
            onadpx-impression={() => setSeen((n) => n + 1)}
            onadpx-closed-ads={(e) => setClosed(e.detail.reason)}
          />
        </>
      )}
    </main>
  );
}
