import type { OffersErrorCode } from '../errors.js';

/** Where an offer stands in the current load. `current` is 1-based. */
export interface OfferProgress {
  current: number;
  total: number;
  offer_id: number;
}

/**
 * Why the unit closed: `user` (close button, Escape, backdrop), `flow_end` (past the last offer),
 * `scrolled_past` (list layout), `timeout` (`max_display_time`), `api` (`close()`), `removed` (the
 * unit was taken out of the document by a route change, not moved: docs/decisions/010). Only
 * reasons the SDK emits are listed.
 */
export type CloseReason = 'user' | 'flow_end' | 'scrolled_past' | 'timeout' | 'api' | 'removed';

/** The payload of each SDK event, by its name (docs/api.md's event table). */
export interface AdpxEventPayloads {
  ads_found: { total: number };
  no_ads_found: { total: 0 };
  offer_shown: OfferProgress;
  impression: OfferProgress;
  ad_taken: OfferProgress;
  ad_not_taken: OfferProgress;
  last_ad_taken: OfferProgress;
  url_clicked: { target_url: string };
  closed_ads: { reason: CloseReason };
  error: { message: string; code: OffersErrorCode; status?: number };
  save_for_later: OfferProgress & { url: string };
}

export type AdpxEventName = keyof AdpxEventPayloads;

/** The DOM name of an SDK event: `adpx-` + the name with `_` turned into `-`. */
export const domEventName = <N extends AdpxEventName>(name: N): string => `adpx-${name.replace(/_/g, '-')}`;

/** Every SDK event name, for code that forwards them all (the script-tag API, bridges). */
export const ADPX_EVENT_NAMES: readonly AdpxEventName[] = [
  'ads_found',
  'no_ads_found',
  'offer_shown',
  'impression',
  'ad_taken',
  'ad_not_taken',
  'last_ad_taken',
  'url_clicked',
  'closed_ads',
  'error',
  'save_for_later',
];

/**
 * An SDK event as a DOM event: bubbling and composed, so it leaves the shadow root of the unit
 * and reaches the page. `name` keeps the SDK's own name (`ads_found`) for forwarding to bridges.
 * Only `save_for_later` is cancelable.
 */
export class AdpxEvent<N extends AdpxEventName = AdpxEventName> extends CustomEvent<AdpxEventPayloads[N]> {
  readonly name: N;

  constructor(name: N, detail: AdpxEventPayloads[N]) {
    super(domEventName(name), {
      bubbles: true,
      composed: true,
      cancelable: name === 'save_for_later',
      detail,
    });
    this.name = name;
  }
}

/** `closed_ads` → `closed-ads`. */
type Kebab<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}-${Kebab<Tail>}` : S;
type DomEvents = { [N in AdpxEventName as `adpx-${Kebab<N>}`]: AdpxEvent<N> };

/**
 * Every `adpx-*` DOM event with its type (`'adpx-closed-ads': AdpxEvent<'closed_ads'>`), for typed
 * `addEventListener`. An interface, as before, so that declarations can still merge into it.
 */
export interface AdpxDomEventMap extends DomEvents {}

declare global {
  interface HTMLElementEventMap extends AdpxDomEventMap {}
  interface DocumentEventMap extends AdpxDomEventMap {}
  interface WindowEventMap extends AdpxDomEventMap {}
}
