'use client';
// Optional (AdpxOffers registers the elements when it mounts): defined as this module runs, the
// server's unit upgrades before React has hydrated it, and waits for it (defer-hydration).
import 'adpx-offers/define';
import { AdpxOffers } from 'adpx-offers/react';
import { useState } from 'react';

/** The offer unit and what its events told the page. A client component: it has state and handlers. */
export function Checkout({ endpoint, payload }: { endpoint: string; payload: Record<string, string> }) {
  const [found, setFound] = useState<number>();
  const [seen, setSeen] = useState(0);
  const [closed, setClosed] = useState<string>();

  if (closed) {
    return (
      <p id="status" role="status">
        Offers closed ({closed})
      </p>
    );
  }
  return (
    <>
      <p id="status" role="status">
        {found === undefined ? 'Loading offers…' : `${found} offers, ${seen} seen`}
      </p>
      <AdpxOffers
        api-key="test-key"
        endpoint={endpoint}
        placement="checkout"
        payload={payload}
        onAdsFound={(e) => setFound(e.detail.total)}
        onImpression={() => setSeen((n) => n + 1)}
        onClosedAds={(e) => setClosed(e.detail.reason)}
      />
    </>
  );
}
