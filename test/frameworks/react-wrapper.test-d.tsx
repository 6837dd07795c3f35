/**
 * The `AdpxOffers` and `AdpxOffer` components' props: checked by `npm run typecheck`, never run.
 */
import type { ComponentProps } from 'react';
import type { AdpxEvent, AdpxOffersElement } from '../../src/index.js';
import { AdpxOffer, AdpxOffers } from '../../src/frameworks/react.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

export const full = (
  <AdpxOffers
    api-key="test-key"
    endpoint="https://offers.example.com"
    placement="checkout"
    layout="popup"
    manual
    payload={{ order_id: 'A-1', amount: 42 }}
    consent={{ gdprApplies: true, tcString: 'CP…' }}
    strings={{ close: 'Fermer' }}
    overrides={{ settings: { delay: 1 } }}
    ref={(el: AdpxOffersElement | null) => {
      el?.show();
    }}
    className="offers"
    style={{ marginBlock: 16 }}
    onAdsFound={(e) => e.detail.total satisfies number}
    onAdTaken={(e) => e.detail.offer_id satisfies number}
    onClosedAds={(e) => e.detail.reason}
    onError={(e) => e.detail.code}
  />
);

export const card = <AdpxOffer current={1} total={3} onImpression={(e) => e.detail.current} />;

// @ts-expect-error -- the payload is an object, not a string.
export const badPayload = <AdpxOffers payload="order_id=1" />;

// @ts-expect-error -- the detail of ad_taken has no `reason`.
export const badDetail = <AdpxOffers onAdTaken={(e) => e.detail.reason} />;

// The bare tag's `onadpx-*` names work too (a page moving from the tag to the wrapper), typed.
// @ts-expect-error -- the detail of adpx-ads-found has no `reason`.
export const domName = <AdpxOffers onadpx-ads-found={(e) => e.detail.reason} />;

export type WrapperIsTyped = [
  Expect<
    Equal<
      Parameters<NonNullable<ComponentProps<typeof AdpxOffers>['onImpression']>>[0],
      AdpxEvent<'impression'>
    >
  >,
];
