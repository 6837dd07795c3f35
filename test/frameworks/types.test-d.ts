/**
 * Type-level checks of what a TypeScript page gets from the package: checked by `npm run
 * typecheck` (tsc over test/), never run. A broken expectation is a compile error.
 */
import type { AdpxTermsElement } from '../../src/elements/adpx-terms/adpx-terms.js';
import type { AdpxEvent, AdpxOfferElement, AdpxOffersElement, CloseReason } from '../../src/index.js';
import type { AdpxOffersVueProps } from '../../src/frameworks/vue.js';
import type { DefineComponent, GlobalComponents } from 'vue';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

// The tags map to the element classes.
const unit = document.createElement('adpx-offers');
const card = document.createElement('adpx-offer');
card.offer = undefined;
export type TagsAreTyped = [
  Expect<Equal<typeof unit, AdpxOffersElement>>,
  Expect<Equal<typeof card, AdpxOfferElement>>,
  Expect<Equal<HTMLElementTagNameMap['adpx-terms'], AdpxTermsElement>>,
];
unit.querySelector('adpx-offer') satisfies AdpxOfferElement | null;

// Every `adpx-*` event is in the global event map with its `detail`.
unit.addEventListener('adpx-ad-taken', (e) => e.detail.offer_id satisfies number);
unit.addEventListener('adpx-ads-found', (e) => e.detail.total satisfies number);
unit.addEventListener('adpx-impression', (e) => [e.detail.current, e.detail.total] satisfies number[]);
unit.addEventListener('adpx-closed-ads', (e) => e.detail.reason satisfies CloseReason);
// CloseReason lists exactly the reasons the unit emits (each proved in e2e/: user, flow_end,
// scrolled_past, timeout, api, removed); no reason that is never sent.
export type CloseReasonsAreEmitted = Expect<
  Equal<CloseReason, 'user' | 'flow_end' | 'scrolled_past' | 'timeout' | 'api' | 'removed'>
>;
unit.addEventListener('adpx-url-clicked', (e) => e.detail.target_url satisfies string);
unit.addEventListener('adpx-error', (e) => e.detail.message satisfies string);
unit.addEventListener('adpx-no-ads-found', (e) => e.detail.total satisfies 0);
unit.addEventListener('adpx-offer-shown', (e) => e satisfies AdpxEvent<'offer_shown'>);
// @ts-expect-error -- offer_id is a number, not a string.
unit.addEventListener('adpx-ad-taken', (e) => e.detail.offer_id satisfies string);

// Rich data goes through properties.
unit.payload = { order_id: 'A-1', amount: 42 };
unit.response = { data: { offers: [] } };

// Vue: the elements are global components with typed props and `@adpx-*` listeners.
type OffersProps = AdpxOffersVueProps;
type TemplateProps = InstanceType<GlobalComponents['AdpxOffers']>['$props'];
export type VueIsTyped = [
  Expect<Equal<GlobalComponents['AdpxOffers'], DefineComponent<AdpxOffersVueProps>>>,
  Expect<Equal<GlobalComponents['AdpxOffers'], GlobalComponents['adpx-offers']>>,
  Expect<Equal<TemplateProps['api-key'], string | undefined>>,
  Expect<Equal<TemplateProps['payload'], Record<string, unknown> | undefined>>,
  Expect<Equal<OffersProps['api-key'], string | undefined>>,
  Expect<Equal<OffersProps['payload'], Record<string, unknown> | undefined>>,
  Expect<Equal<Parameters<NonNullable<OffersProps['onAdpxClosedAds']>>[0], AdpxEvent<'closed_ads'>>>,
  Expect<Equal<Parameters<NonNullable<OffersProps['onAdpxAdsFound']>>[0], AdpxEvent<'ads_found'>>>,
];
const vueProps: TemplateProps = { 'api-key': 'x', placement: 'p', endpoint: 'e', payload: { a: 1 } };
// @ts-expect-error -- api-version is 'v2' or 'v4'.
const badVueProps: TemplateProps = { 'api-version': 'v3' };
export { vueProps, badVueProps };
