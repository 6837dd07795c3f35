/**
 * React 19 JSX checks with the `adpx-offers/react` augmentation: checked by `npm run typecheck`,
 * never run. The demo's component is checked too, so the snippet in docs/frameworks.md stays honest.
 */
import type { ComponentProps } from 'react';
import type { AdpxEvent, AdpxOffersElement } from '../../src/index.js';
import type {} from '../../src/frameworks/react.js';
import { App } from '../../demo/frameworks/react/src/App.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

export const minimal = <adpx-offers api-key="x" placement="p" endpoint="e" />;

export const full = (
  <adpx-offers
    api-key="test-key"
    endpoint="https://offers.example.com"
    placement="checkout"
    api-version="v4"
    layout="popup"
    terms="modal"
    dwell={500}
    dev
    payload={{ order_id: 'A-1', amount: 42 }}
    ref={(el: AdpxOffersElement | null) => {
      el?.show();
    }}
    className="offers"
    onadpx-ads-found={(e) => e.detail.total satisfies number}
    onadpx-ad-taken={(e) => e.detail.offer_id satisfies number}
    onadpx-closed-ads={(e) => e.detail.reason}
  />
);

export const card = <adpx-offer current={1} total={3} dwell="0" />;

// @ts-expect-error -- api-version is 'v2' or 'v4'.
export const badVersion = <adpx-offers api-version="v3" />;

// @ts-expect-error -- the payload is an object, not a string.
export const badPayload = <adpx-offers payload="order_id=1" />;

// @ts-expect-error -- the detail of adpx-ad-taken has no `reason`.
export const badDetail = <adpx-offers onadpx-ad-taken={(e) => e.detail.reason} />;

export type ReactIsTyped = [
  Expect<
    Equal<
      Parameters<NonNullable<ComponentProps<'adpx-offers'>['onadpx-impression']>>[0],
      AdpxEvent<'impression'>
    >
  >,
];

export const demo = <App endpoint="http://127.0.0.1" />;
