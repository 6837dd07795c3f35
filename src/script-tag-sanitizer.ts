/**
 * The types of `adpx-offers/iife/sanitizer` (package.json `exports`): a classic script that
 * `adpx-offers.iife.js` loads, by URL, from its own folder when a browser has no HTML Sanitizer
 * API (docs/decisions/009). It exports nothing and is not meant to be imported; the export exists
 * so that tools can resolve its path to copy it next to the main file.
 */
export {};
