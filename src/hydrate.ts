/**
 * `import 'adpx-offers/hydrate'`: registers the elements, like `adpx-offers/define`, so that they
 * take units rendered on the server (`renderOffers`, adpx-offers/ssr) over without rendering them
 * again (elements/adpx-offers/take-over.ts, with Lit's `hydrate`, bundled into dist/: lit-hydrate.ts).
 * Unlike `define`, it installs the take-over always, with no look at the document first.
 */
import { AdpxOffersElement } from './elements/adpx-offers/adpx-offers.js';
import { installTakeOver } from './elements/adpx-offers/take-over.js';
import { defineElements } from './elements/registry.js';

installTakeOver(AdpxOffersElement);
defineElements();

export type { defineElements } from './elements/registry.js';
