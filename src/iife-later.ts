/**
 * The later file of the script-tag build (`dist/adpx-offers.later.iife.js`, decision 016): defines
 * `<adpx-terms>` and puts the script API on the page as `window.Adpx`, replacing the first file's
 * stub and running what was queued in it. It takes the modules of the first and the rest file
 * from them (scripts/shared-modules.mjs); the build wraps it so that it waits for the rest file
 * when it arrives first (vite.config.ts).
 */
import { defineElements } from './elements/registry.js';
import { Adpx, installAdpx } from './script-api/index.js';

defineElements();
installAdpx(window, Adpx);
