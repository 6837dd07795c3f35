/**
 * The script-tag entry for pages with server-rendered units (`dist/adpx-offers.ssr.iife.js`):
 * everything `adpx-offers.iife.js` does (src/iife.ts), with the unit's take-over (Lit's `hydrate`)
 * installed before the elements are defined (elements/adpx-offers/take-over.ts),
 * so that a unit rendered by `renderOffers` keeps its nodes. A page without server-rendered units
 * keeps the smaller first file.
 */
import { AdpxOffersElement } from './elements/adpx-offers/adpx-offers.js';
import { installTakeOver } from './elements/adpx-offers/take-over.js';
import { defineElements } from './elements/registry.js';
import { rememberOwnScript } from './sanitize/own-script.js';
import { Adpx, installAdpx } from './script-api/index.js';

installTakeOver(AdpxOffersElement);
rememberOwnScript(document.currentScript);
defineElements();
installAdpx(window, Adpx);
