/**
 * Vue 3 template typings (Volar / vue-tsc): `<adpx-offers>`, `<adpx-offer>` and `<adpx-terms>` in
 * `GlobalComponents`, with their attributes, rich-data properties (bind them with `.prop`:
 * `:payload.prop="…"`) and `@adpx-*` event listeners.
 *
 * ```ts
 * import type {} from 'adpx-offers/vue'; // once, e.g. in env.d.ts
 * ```
 *
 * At run time Vue must treat the tags as custom elements:
 * `compilerOptions.isCustomElement: (tag) => tag.startsWith('adpx-')`.
 *
 * Types only: nothing here runs, and the package does not depend on Vue.
 */
import type { DefineComponent } from 'vue';
import type {
  AdpxOfferAttributes,
  AdpxOfferProperties,
  AdpxOffersAttributes,
  AdpxOffersProperties,
  AdpxTermsAttributes,
  AdpxTermsProperties,
  AdpxVueEventHandlers,
} from './attributes.js';

/** Template props of `<adpx-offers>`. */
export type AdpxOffersVueProps = AdpxOffersAttributes & AdpxOffersProperties & AdpxVueEventHandlers;
/** Template props of `<adpx-offer>`. */
export type AdpxOfferVueProps = AdpxOfferAttributes & AdpxOfferProperties & AdpxVueEventHandlers;
/** Template props of `<adpx-terms>`. */
export type AdpxTermsVueProps = AdpxTermsAttributes & AdpxTermsProperties & AdpxVueEventHandlers;

declare module 'vue' {
  /**
   * Keyed by tag (`adpx-offers`) and by Vue's PascalCase name (`AdpxOffers`), which Volar matches to
   * the kebab-case tag in templates. Write the tag in kebab-case: it is a custom element, not a Vue
   * component.
   */
  interface GlobalComponents {
    'adpx-offers': DefineComponent<AdpxOffersVueProps>;
    'adpx-offer': DefineComponent<AdpxOfferVueProps>;
    'adpx-terms': DefineComponent<AdpxTermsVueProps>;
    AdpxOffers: DefineComponent<AdpxOffersVueProps>;
    AdpxOffer: DefineComponent<AdpxOfferVueProps>;
    AdpxTerms: DefineComponent<AdpxTermsVueProps>;
  }
}
