/**
 * The script-tag entry (`dist/adpx-offers.iife.js`): registers the elements and puts the script
 * API on the page as `window.Adpx`, reading `window.AdpxConfig` and `window.AdpxUser` now. It
 * starts nothing else: the host page calls `Adpx.init`. Loading the file twice is harmless:
 * registration skips tags already defined and the first `window.Adpx` stays.
 */
import { defineElements } from './elements/registry.js';
import { Adpx, installAdpx } from './script-api/index.js';

defineElements();
installAdpx(window, Adpx);
