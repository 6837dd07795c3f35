/**
 * `import 'adpx-offers/define'` registers the elements. This is the package's only module with a
 * side effect (package.json `sideEffects`).
 *
 * When the document already holds a unit rendered on the server (`renderOffers`, adpx-offers/ssr:
 * an `<adpx-offers>` carrying the server's state), the take-over (elements/adpx-offers/take-over.ts,
 * with Lit's `hydrate`) is loaded first, as a chunk of its own, and installed before the elements
 * are defined, so that such a unit keeps the server's nodes, as with `adpx-offers/hydrate`. A page
 * without one never loads that chunk. Should the chunk fail to load, the elements are defined all
 * the same and the unit renders anew (`createRenderRoot` in adpx-offers.ts).
 */
import { AdpxOffersElement } from './elements/adpx-offers/adpx-offers.js';
import { SERVER_STATE_ATTRIBUTE } from './elements/adpx-offers/server-state.js';
import { defineElements } from './elements/registry.js';

const serverRendered = globalThis.document?.querySelector(`adpx-offers > script[${SERVER_STATE_ATTRIBUTE}]`);

if (serverRendered) {
  void import('./elements/adpx-offers/take-over.js')
    .then(({ installTakeOver }) => installTakeOver(AdpxOffersElement))
    .catch(() => undefined)
    .then(() => defineElements());
} else {
  defineElements();
}

// A type-only re-export keeps the registry module (and its HTMLElementTagNameMap and event map
// declarations) in `define.d.ts`, so a page that imports only `adpx-offers/define` is typed.
export type { defineElements } from './elements/registry.js';
