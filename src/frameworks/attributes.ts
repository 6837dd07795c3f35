/**
 * What a framework template may set on each element, shared by the React and Vue declarations.
 * Types only: this module has nothing at run time.
 *
 * Strings and booleans go through attributes (kebab-case, as in HTML); rich data (`payload`,
 * `response`, `offer`) goes through properties. React 19 and Vue set a property when the element
 * has one, so register the elements (`import 'adpx-offers/define'`) before the first render.
 */
import type { AdpxOfferElement } from '../elements/adpx-offer.js';
import type { AdpxOffersElement } from '../elements/adpx-offers.js';
import type { AdpxTermsElement } from '../elements/terms/adpx-terms.js';

// Re-exported so that a page importing only these typings also gets the global maps declared
// beside them: HTMLElementTagNameMap (registry) and the `adpx-*` events in HTMLElementEventMap.
export type { defineElements } from '../elements/registry.js';
export type { AdpxEvent, AdpxEventName, AdpxEventPayloads } from '../events/adpx-event.js';

/** Attributes of `<adpx-offers>` (docs/api.md), typed like the properties they feed. */
export interface AdpxOffersAttributes {
  'api-key'?: string;
  endpoint?: string;
  placement?: string;
  'api-version'?: AdpxOffersElement['apiVersion'];
  'pub-user-id'?: string;
  loyaltyboost?: NonNullable<AdpxOffersElement['loyaltyboost']>;
  creative?: NonNullable<AdpxOffersElement['creative']>;
  'campaign-id'?: string;
  dev?: boolean;
  layout?: AdpxOffersElement['layout'];
  terms?: AdpxOffersElement['terms'];
  manual?: boolean;
  dwell?: number | `${number}`;
  debug?: boolean;
  heading?: string;
  'hide-close'?: boolean;
  'show-qr'?: boolean;
  transparent?: boolean;
  'backdrop-dismiss'?: boolean;
  'consent-timeout'?: number | `${number}`;
}

/** Properties of `<adpx-offers>` for rich data: set them as properties, never as attributes. */
export interface AdpxOffersProperties {
  /** Extra body keys sent with each load. */
  payload?: Record<string, unknown>;
  /** A service response fetched by the host (`{ data }` envelope or the data object): rendered without fetching. */
  response?: unknown;
  /** Styles and settings over the response's (as the script API's `styles`/`settings`). */
  overrides?: AdpxOffersElement['overrides'];
  /** The visitor's consent (docs/privacy.md); wins over the page's consent platform. */
  consent?: AdpxOffersElement['consent'];
  /** Overrides of the unit's own words by key (docs/i18n.md). */
  strings?: AdpxOffersElement['strings'];
  /** The language when neither the unit nor the page has a `lang`. */
  defaultLanguage?: string;
}

/** Attributes of `<adpx-offer>`, the card used alone. */
export interface AdpxOfferAttributes {
  current?: number | `${number}`;
  total?: number | `${number}`;
  dwell?: number | `${number}`;
  debug?: boolean;
  eager?: boolean;
  'show-qr'?: boolean;
  'no-offerwall'?: boolean;
  'privacy-url'?: string;
  terms?: AdpxOfferElement['terms'];
}

/** Properties of `<adpx-offer>`. */
export interface AdpxOfferProperties {
  /** The offer to render (a normalised offer, see `fetchOffers`). */
  offer?: AdpxOfferElement['offer'];
  /** Overrides of the card's own words by key (docs/i18n.md). */
  strings?: AdpxOfferElement['strings'];
  /** The language when neither the card nor the page has a `lang`. */
  defaultLanguage?: string;
}

/** Attributes of `<adpx-terms>`. */
export interface AdpxTermsAttributes {
  mode?: AdpxTermsElement['mode'];
  label?: string;
  'close-label'?: string;
  'unavailable-label'?: string;
  debug?: boolean;
}

/** Properties of `<adpx-terms>`. */
export interface AdpxTermsProperties {
  /** The raw terms HTML; it is sanitised before it is shown. */
  html?: string;
}

/** The DOM name of every SDK event (`adpx-ads-found`, …), from the global event map. */
export type AdpxDomEventName = Extract<keyof HTMLElementEventMap, `adpx-${string}`>;

/** `adpx-closed-ads` → `AdpxClosedAds`. */
export type PascalCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${PascalCase<Tail>}`
  : Capitalize<S>;

/** React 19 listens to `on` + the exact event name on custom elements: `onadpx-closed-ads`. */
export type AdpxReactEventHandlers = {
  [K in AdpxDomEventName as `on${K}`]?: (event: HTMLElementEventMap[K]) => void;
};

/** Vue compiles `@adpx-closed-ads` to the `onAdpxClosedAds` prop. */
export type AdpxVueEventHandlers = {
  [K in AdpxDomEventName as `on${PascalCase<K>}`]?: (event: HTMLElementEventMap[K]) => void;
};
