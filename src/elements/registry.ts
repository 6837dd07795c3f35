import { AdpxOfferElement } from './adpx-offer/adpx-offer.js';
import { AdpxOffersElement } from './adpx-offers/adpx-offers.js';
import { AdpxTermsElement } from './adpx-terms/adpx-terms.js';

/**
 * Registers `<adpx-offer>`, `<adpx-offers>` and `<adpx-terms>`. A tag that is already defined (the
 * script loaded twice, or another copy of the SDK on the page) is left as it is, so this never throws.
 */
export function defineElements(
  registry: CustomElementRegistry | undefined = globalThis.customElements,
): void {
  if (!registry) return;
  if (!registry.get('adpx-offer')) registry.define('adpx-offer', AdpxOfferElement);
  if (!registry.get('adpx-offers')) registry.define('adpx-offers', AdpxOffersElement);
  if (!registry.get('adpx-terms')) registry.define('adpx-terms', AdpxTermsElement);
}

declare global {
  interface HTMLElementTagNameMap {
    'adpx-offer': AdpxOfferElement;
    'adpx-offers': AdpxOffersElement;
    'adpx-terms': AdpxTermsElement;
  }
}
