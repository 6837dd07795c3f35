/**
 * The rest file for a page that uses `window.Adpx` from the start (`dist/adpx-offers.rest-api.iife.js`,
 * decision 016): what `adpx-offers.rest.iife.js` does (src/iife-rest.ts), then what the later file
 * does (src/iife-later.ts), the real `Adpx` replacing the first file's stub, in one download. The
 * first file loads it instead of the rest and the later file when `window.AdpxConfig` or calls
 * queued in the page's own `Adpx.cmd` are there when it runs (src/boot/start.ts): a launcher
 * page's card needs both, and one gzip stream of both is smaller than two. It exposes the same
 * modules as the rest file, in the same order, so the after-card file reads either
 * (scripts/shared-modules.mjs).
 */
import { boot as bootRest } from './iife-rest.js';
import { defineElements } from './elements/registry.js';
import { Adpx, installAdpx } from './script-api/index.js';

export function boot(shared: unknown[]): void {
  bootRest(shared, true, () => {
    defineElements();
    installAdpx(window, Adpx);
  });
}
