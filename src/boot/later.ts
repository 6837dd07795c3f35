/**
 * The later file of the script-tag build (`dist/adpx-offers.later.iife.js`, decision 016): what the
 * first card does not need, `window.Adpx` (the script API and the launcher's mapping) and
 * `<adpx-terms>`. Loaded once, beside the first file, as the rest file is (SRI, the `adpx-offers`
 * Trusted Types policy): after the first card (src/iife-rest.ts), or at once when the page uses
 * `Adpx` (the stub, src/boot/adpx-stub.ts).
 */
import { loadSiblingScript } from '../sanitize/sibling-script.js';

declare const __ADPX_LATER__: { file: string; integrity: string };

let asked = false;

/** The rest file on its way carries the script API (the rest-api file): no later file. */
export function apiComesWithRest(): void {
  asked = true;
}

/** Loads the later file, once; a failure is said in the console (the API stays a stub). */
export function loadLater(): void {
  if (asked) return;
  asked = true;
  try {
    loadSiblingScript(__ADPX_LATER__.file, __ADPX_LATER__.integrity).catch((error: Error) =>
      console.warn(error.message),
    );
  } catch (error) {
    console.warn((error as Error).message);
  }
}
