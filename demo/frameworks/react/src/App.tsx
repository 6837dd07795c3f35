import { AdpxOffers } from 'adpx-offers/react';
import { useEffect, useState, type MouseEvent } from 'react';

/** Extra body keys for the offers service: an object, which `AdpxOffers` sets as a property. */
const payload = { order_id: 'react-1001', framework: 'react' };

type Route = 'checkout' | 'account';
const readRoute = (): Route =>
  new URLSearchParams(location.search).get('page') === 'account' ? 'account' : 'checkout';

/** A single-page app's routing in a few lines: the history API and `popstate`. */
function useRoute(): [Route, (to: Route) => (event: MouseEvent) => void] {
  const [route, setRoute] = useState(readRoute);
  useEffect(() => {
    const onPop = () => setRoute(readRoute());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const go = (to: Route) => (event: MouseEvent) => {
    event.preventDefault();
    history.pushState(null, '', `?page=${to}`);
    setRoute(to);
  };
  return [route, go];
}

/** The checkout route: the offer unit, removed by React when the route changes. */
function Checkout({ endpoint }: { endpoint: string }) {
  const [found, setFound] = useState<number>();
  const [seen, setSeen] = useState(0);
  const [closed, setClosed] = useState<string>();
  // Reordering keyed children makes React move the unit's node (insertBefore): not a removal.
  const [summaryFirst, setSummaryFirst] = useState(false);

  if (closed) {
    return (
      <p id="status" role="status">
        Offers closed ({closed})
      </p>
    );
  }
  const summary = (
    <p key="summary" id="summary">
      Order react-1001 is confirmed.
    </p>
  );
  const unit = (
    <AdpxOffers
      key="unit"
      api-key="test-key"
      endpoint={endpoint}
      placement="checkout"
      payload={payload}
      onAdsFound={(e) => setFound(e.detail.total)}
      onImpression={() => setSeen((n) => n + 1)}
      onClosedAds={(e) => setClosed(e.detail.reason)}
    />
  );
  return (
    <>
      <p id="status" role="status">
        {found === undefined ? 'Loading offers…' : `${found} offers, ${seen} seen`}
      </p>
      <button type="button" id="reorder" onClick={() => setSummaryFirst((s) => !s)}>
        {summaryFirst ? 'Offers first' : 'Summary first'}
      </button>
      <div id="parts">{summaryFirst ? [summary, unit] : [unit, summary]}</div>
    </>
  );
}

export function App({ endpoint }: { endpoint: string }) {
  const [route, go] = useRoute();
  return (
    <main data-framework="react">
      <h1>adpx-offers in React 19</h1>
      <nav>
        <a href="?page=checkout" onClick={go('checkout')}>
          Checkout
        </a>{' '}
        <a href="?page=account" onClick={go('account')}>
          Your account
        </a>
      </nav>
      {route === 'checkout' ? <Checkout endpoint={endpoint} /> : <h2 id="account">Your account</h2>}
    </main>
  );
}
