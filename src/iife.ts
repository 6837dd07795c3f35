/**
 * The script-tag entry (`dist/adpx-offers.iife.js`, and `dist/adpx-offers.single.iife.js` with the
 * sanitiser inside): registers the elements and puts the script API on the page as `window.Adpx`,
 * reading `window.AdpxConfig` and `window.AdpxUser` now. It remembers its own URL, where the terms
 * sanitiser file lies next to it. It starts nothing else: the host page calls `Adpx.init`. Loading
 * the file twice is harmless: registration skips tags already defined and the first `window.Adpx`
 * stays.
 */
import { defineElements } from './elements/registry.js';
import { rememberOwnScript } from './sanitize/own-script.js';
import { Adpx, installAdpx } from './script-api/index.js';

rememberOwnScript(document.currentScript);
defineElements();
installAdpx(window, Adpx);
