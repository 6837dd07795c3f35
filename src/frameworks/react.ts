/**
 * JSX typings for React 19: `<adpx-offers>`, `<adpx-offer>` and `<adpx-terms>` as intrinsic
 * elements, with their attributes, rich-data properties and `onadpx-*` event props (React 19 adds
 * a listener for `on` + the exact event name on a custom element).
 *
 * ```ts
 * import type {} from 'adpx-offers/react'; // once, e.g. in a .d.ts of the app
 * ```
 *
 * Types only: nothing here runs, and the package does not depend on React.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
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
