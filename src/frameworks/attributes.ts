/**
 * What a framework template may set on each element, shared by the React and Vue declarations.
 * Types only: this module has nothing at run time.
 *
 * Strings and booleans go through attributes (kebab-case, as in HTML); rich data (`payload`,
 * `response`, `offer`) goes through properties. React 19 and Vue set a property when the element
 * has one, so register the elements (`import 'adpx-offers/define'`) before the first render.
 */
import type { AdpxOfferElement } from '../elements/adpx-offer/adpx-offer.js';
import type { AdpxOffersElement } from '../elements/adpx-offers/adpx-offers.js';
import type { AdpxTermsElement } from '../elements/adpx-terms/adpx-terms.js';
import type { OptionName, OPTIONS } from '../options/schema.js';

// Re-exported so that a page importing only these typings also gets the global maps declared
// beside them: HTMLElementTagNameMap (registry) and the `adpx-*` events in HTMLElementEventMap.
export type { defineElements } from '../elements/registry.js';
export type { AdpxEvent, AdpxEventName, AdpxEventPayloads } from '../events/adpx-event.js';

type Options = typeof OPTIONS;
/** The options that `<adpx-offers>` has as attributes, and those it has as properties only. */
type AttributeOption = {
  [K in OptionName]: Options[K] extends { attribute: string } ? K : never;
}[OptionName];
type PropertyOption = { [K in OptionName]: Options[K] extends { attribute: false } ? K : never }[OptionName];
type Property<K extends OptionName> = Options[K] extends { property: infer P extends keyof AdpxOffersElement }
  ? P
  : never;
/** An attribute's value: booleans and numbers as in HTML, strings typed like their property. */
type AttributeValue<K extends OptionName> = Options[K]['type'] extends 'boolean'
  ? boolean
  : Options[K]['type'] extends 'number'
    ? number | `${number}`
    : NonNullable<AdpxOffersElement[Property<K>]>;

/** The request options' attributes (src/options/schema.ts). */
export type AdpxOptionAttributes = {
  [
    K in AttributeOption as Options[K] extends { attribute: infer A extends string } ? A : never
  ]?: AttributeValue<K>;
};
/** The options set as properties only (rich data). */
export type AdpxOptionProperties = { [K in PropertyOption as Property<K>]?: AdpxOffersElement[Property<K>] };

/** Attributes of `<adpx-offers>` (docs/api.md): the options', then the display's. */
export interface AdpxOffersAttributes extends AdpxOptionAttributes {
  layout?: AdpxOffersElement['layout'];
  terms?: AdpxOffersElement['terms'];
  manual?: boolean;
  /** Hold the automatic load until the host removes it (the `AdpxOffers` wrapper does). */
  'defer-hydration'?: boolean;
  dwell?: number | `${number}`;
  delay?: number | `${number}`;
  'close-delay'?: number | `${number}`;
  heading?: string;
  'hide-close'?: boolean;
  'show-qr'?: boolean;
  transparent?: boolean;
  'backdrop-dismiss'?: boolean;
}

/** Properties of `<adpx-offers>` for rich data: set them as properties, never as attributes. */
export interface AdpxOffersProperties extends AdpxOptionProperties {
  /** A service response fetched by the host (`{ data }` envelope or the data object): rendered without fetching. */
  response?: unknown;
  /** Styles and settings over the response's (as the script API's `styles`/`settings`). */
  overrides?: AdpxOffersElement['overrides'];
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
  'heading-level'?: number | `${number}`;
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
