/**
 * The script-tag entry for pages with server-rendered units (`dist/adpx-offers.ssr.iife.js`):
 * everything `adpx-offers.iife.js` does (src/iife.ts), with the unit's take-over (Lit's `hydrate`)
 * installed before the elements are defined (elements/adpx-offers/take-over.ts),
 * so that a unit rendered by `renderOffers` keeps its nodes. A page without server-rendered units
 * keeps the smaller first file.
 *
 * `window.Adpx` is there when the file has run. The elements are defined in slices after it, as
 * the rest file defines them (src/boot/define-in-slices.ts; issue 36: no task of ours over 50 ms
 * on a phone): the unit's take-over is a task of its own, not part of this file's evaluation.
 * The unit's style sheets are not built ahead: a unit taken over keeps its declarative shadow
 * root's styles. `<adpx-terms>` comes last. Until then a server-rendered card is painted and `inert`;
 * `Adpx.init` defines what it needs at once.
 */
import { defineInSlices } from './boot/define-in-slices.js';
import { AdpxOffersElement } from './elements/adpx-offers/adpx-offers.js';
import { installTakeOver } from './elements/adpx-offers/take-over.js';
import { rememberOwnScript } from './sanitize/own-script.js';
import { Adpx, installAdpx } from './script-api/index.js';

installTakeOver(AdpxOffersElement);
rememberOwnScript(document.currentScript);
installAdpx(window, Adpx);
void defineInSlices(false);
