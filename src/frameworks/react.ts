/**
 * React 19: the `AdpxOffers` and `AdpxOffer` components, and JSX typings for the bare tags.
 *
 * ```tsx
 * import { AdpxOffers } from 'adpx-offers/react';
 *
 * <AdpxOffers api-key="…" endpoint={endpoint} placement="checkout" payload={payload}
 *   onAdsFound={(e) => setFound(e.detail.total)} onClosedAds={(e) => setClosed(e.detail.reason)} />
 * ```
 *
 * The components render the tag with its string attributes (on the server too) and set the
 * rich-data properties (`payload`, `response`, `consent`, `strings`, `overrides`, `offer`) and the
 * `on*` event handlers themselves, so a server-rendered page that React hydrates gets them all
 * (React 19 sets neither while it hydrates). They register the elements when they first mount.
 *
 * The typings make `<adpx-offers>`, `<adpx-offer>` and `<adpx-terms>` intrinsic elements, with
 * their attributes, properties and `onadpx-*` event props (React 19 adds a listener for `on` + the
 * exact event name on a custom element): `import type {} from 'adpx-offers/react'`.
 *
 * React (19) is an optional peer dependency: only this entry imports it.
 */
import type { DetailedHTMLProps, HTMLAttributes, Ref } from 'react';
import type { AdpxOfferElement } from '../elements/adpx-offer/adpx-offer.js';
import type { AdpxOffersElement } from '../elements/adpx-offers/adpx-offers.js';
import type { AdpxTermsElement } from '../elements/adpx-terms/adpx-terms.js';
import type {
  AdpxOfferAttributes,
  AdpxOfferProperties,
  AdpxOffersAttributes,
  AdpxOffersProperties,
  AdpxReactEventHandlers,
  AdpxTermsAttributes,
  AdpxTermsProperties,
} from './attributes.js';
import { optionEntries } from '../options/schema.js';
import { wrapElement, type AdpxEventProps } from './react-component.js';

export type { AdpxEventProps } from './react-component.js';

/** What React accepts on an element of class `E`: its HTML props, `ref`, `key` and `className`. */
type ReactElementProps<E extends HTMLElement> = DetailedHTMLProps<HTMLAttributes<E>, E>;

/** JSX props of `<adpx-offers>`. */
export type AdpxOffersJsxProps = ReactElementProps<AdpxOffersElement> &
  AdpxOffersAttributes &
  AdpxOffersProperties &
  AdpxReactEventHandlers;

/** JSX props of `<adpx-offer>`. */
export type AdpxOfferJsxProps = ReactElementProps<AdpxOfferElement> &
  AdpxOfferAttributes &
  AdpxOfferProperties &
  AdpxReactEventHandlers;

/** JSX props of `<adpx-terms>`. */
export type AdpxTermsJsxProps = ReactElementProps<AdpxTermsElement> &
  AdpxTermsAttributes &
  AdpxTermsProperties &
  AdpxReactEventHandlers;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'adpx-offers': AdpxOffersJsxProps;
      'adpx-offer': AdpxOfferJsxProps;
      'adpx-terms': AdpxTermsJsxProps;
    }
  }
}

/** React's own props of a wrapped element: `className`, `style`, `id`, `key`, `ref`, … */
type HostProps<E extends HTMLElement, Own> = Omit<
  HTMLAttributes<E>,
  keyof Own | 'children' | 'dangerouslySetInnerHTML'
> & { ref?: Ref<E> };

/** The handler props: `onAdsFound`, … (and the bare tag's `onadpx-ads-found`, …). */
type EventProps = AdpxEventProps & AdpxReactEventHandlers;
type AdpxOffersOwnProps = AdpxOffersAttributes & AdpxOffersProperties & EventProps;
type AdpxOfferOwnProps = AdpxOfferAttributes & AdpxOfferProperties & EventProps;

/** Props of `AdpxOffers`: the attributes (kebab-case, as in HTML), the properties, `onAdsFound`, …. */
export type AdpxOffersProps = AdpxOffersOwnProps & HostProps<AdpxOffersElement, AdpxOffersOwnProps>;
/** Props of `AdpxOffer`. */
export type AdpxOfferProps = AdpxOfferOwnProps & HostProps<AdpxOfferElement, AdpxOfferOwnProps>;

/** The options `<adpx-offers>` takes as properties only (`payload`, `consent`, `strings`, …). */
const optionProperties = optionEntries().flatMap(([, spec]) =>
  spec.attribute === false && spec.property ? [spec.property] : [],
);

/**
 * `<adpx-offers>` for React: rendered with `defer-hydration`, so the unit starts its load only
 * once this component has set its properties and listeners (in a layout effect).
 */
export const AdpxOffers = wrapElement<AdpxOffersElement, AdpxOffersProps>({
  tagName: 'adpx-offers',
  properties: [...optionProperties, 'response', 'overrides'],
  deferHydration: true,
  displayName: 'AdpxOffers',
});

/** `<adpx-offer>` (one card, used alone) for React: `offer` and `strings` are set as properties. */
export const AdpxOffer = wrapElement<AdpxOfferElement, AdpxOfferProps>({
  tagName: 'adpx-offer',
  properties: ['offer', 'strings', 'defaultLanguage'],
  deferHydration: false,
  displayName: 'AdpxOffer',
});
