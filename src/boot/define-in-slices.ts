/**
 * Registers the card, the unit and the terms in slices (issue 36: no task of ours over 50 ms on a
 * phone), for the script-tag files that carry the elements: the rest file (src/iife-rest.ts) and
 * the file for server-rendered pages (src/iife-ssr.ts). `<adpx-offer>` now, in the caller's task; then the
 * unit's style sheets, one a task; then its class's properties; then `<adpx-offers>`, whose definition upgrades the units in the
 * page; each unit's first update (a server-rendered unit's take-over included) then comes in a
 * task of its own, as every unit's does (`DraftPass.schedule`); then `<adpx-terms>`. A tag already
 * defined (the script loaded twice, another copy of the SDK, or `Adpx.init` defined it meanwhile)
 * is left as it is.
 */
import { AdpxOfferElement } from '../elements/adpx-offer/adpx-offer.js';
import { AdpxOffersElement } from '../elements/adpx-offers/adpx-offers.js';
import { AdpxTermsElement } from '../elements/adpx-terms/adpx-terms.js';
import { nextTask } from '../next-task.js';

/**
 * Builds the unit's constructable style sheets (its cards' included), each in a task of its own:
 * Lit builds them (`CSSResult.styleSheet`, the CSS parsed) when the first unit attaches its shadow
 * root, in the task that upgrades the units. Six sheets, 1–9 KB of CSS each.
 */
async function buildStyleSheets(element: typeof AdpxOffersElement): Promise<void> {
  for (const style of [element.styles].flat(Infinity)) {
    await nextTask();
    if (style && 'styleSheet' in style) void style.styleSheet;
  }
}

/**
 * Resolves once `<adpx-offers>` is defined (its units' first updates come a task later each).
 * `styleSheets: false` on a page of server-rendered units: a unit taken over keeps the styles of
 * its declarative shadow root and never adopts the sheets, and one rendered anew builds them in
 * its first render.
 */
export async function defineInSlices(styleSheets = true): Promise<void> {
  const registry = customElements;
  if (!registry.get('adpx-offer')) registry.define('adpx-offer', AdpxOfferElement);
  if (styleSheets) await buildStyleSheets(AdpxOffersElement);
  // Lit finalises the class (its properties, from the options table) when the registry reads
  // `observedAttributes`: here, a task before the definition that upgrades the units.
  await nextTask();
  void AdpxOffersElement.observedAttributes;
  await nextTask();
  if (!registry.get('adpx-offers')) registry.define('adpx-offers', AdpxOffersElement);
  // `<adpx-terms>`, for a page's own terms (a unit renders its cards' terms itself), a task later.
  await nextTask();
  if (!registry.get('adpx-terms')) registry.define('adpx-terms', AdpxTermsElement);
}
