/**
 * The rest file for a page with server-rendered units (`dist/adpx-offers.rest-ssr.iife.js`): what
 * `adpx-offers.rest.iife.js` does (src/iife-rest.ts), with the unit's take-over (Lit's `hydrate`,
 * elements/adpx-offers/take-over.ts) installed before `<adpx-offers>` is defined, so that a unit
 * rendered by `renderOffers` keeps its nodes. The first file loads it instead of the rest file when
 * the page has such a unit (src/boot/start.ts): the usual tag hydrates, and a page without one
 * downloads none of it. It exposes the same modules as the rest file, in the same order, so the
 * later file reads either (scripts/shared-modules.mjs).
 */
import { AdpxOffersElement } from './elements/adpx-offers/adpx-offers.js';
import { installTakeOver } from './elements/adpx-offers/take-over.js';
import { boot as bootRest } from './iife-rest.js';

export function boot(shared: unknown[]): void {
  installTakeOver(AdpxOffersElement);
  bootRest(shared, false);
}
