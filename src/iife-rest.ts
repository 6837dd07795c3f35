/**
 * The rest of the SDK in the script-tag build (`dist/adpx-offers.rest.iife.js`), loaded by the
 * first file (src/boot/start.ts, decision 016) from its own folder: registers `<adpx-offer>`,
 * `<adpx-offers>` (a unit in the page upgrades and adopts the request the first file started) and
 * `<adpx-terms>`. `window.Adpx`, which a page of units alone does not need, is in the later file
 * (src/iife-later.ts), asked for when the page calls `Adpx` (the first file's stub) or configures
 * a launcher. The modules the first file holds are taken from it, and this file's are left for
 * the later file (scripts/shared-modules.mjs).
 *
 * Start-up runs in slices (issue 36: no task of ours over 50 ms on a phone): this file's
 * evaluation, then the elements' definitions (src/boot/define-in-slices.ts); the card's render
 * comes a task after the response was read (`UnitLoad`).
 */
import { defineInSlices } from './boot/define-in-slices.js';

/**
 * Where this file leaves its modules for the later file; where it says its elements are defined
 * (the later file runs only then: vite.config.ts wraps it), and where that file waits for it.
 */
const SHARED = Symbol.for('adpx-offers.shared.rest');
const READY = Symbol.for('adpx-offers.rest-ready');
const WAITING = Symbol.for('adpx-offers.later');

/**
 * `styleSheets`: whether the unit's style sheets are built before it is defined
 * (define-in-slices.ts); `defined`: what runs once the elements are (the rest-api file's `Adpx`).
 */
export function boot(shared: unknown[], styleSheets = true, defined?: () => void): void {
  if (Reflect.get(window, SHARED)) return;
  Reflect.set(window, SHARED, shared);
  void defineInSlices(styleSheets).then(() => {
    defined?.();
    // The later file arrived first (a page that used `Adpx` once the rest file was asked for): it
    // runs now.
    Reflect.set(window, READY, true);
    (Reflect.get(window, WAITING) as (() => void) | undefined)?.();
  });
}
