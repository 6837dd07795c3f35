/**
 * The rest of the SDK in the script-tag build (`dist/adpx-offers.rest.iife.js`), loaded by the
 * first file (src/boot/start.ts, decision 016) from its own folder: registers the elements (a unit
 * in the page upgrades and adopts the request the first file started) and puts the script API on
 * the page as `window.Adpx`, replacing the first file's stub and running what was queued in it.
 * The modules the first file holds are taken from it (scripts/shared-modules.mjs).
 */
import { defineElements } from './elements/registry.js';
import { Adpx, installAdpx } from './script-api/index.js';

defineElements();
installAdpx(window, Adpx);
