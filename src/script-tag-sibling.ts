/**
 * The types of `adpx-offers/iife/rest`, `…/rest-ssr`, `…/rest-api`, `…/later`, `…/after-card` and
 * `…/after-card-dompurify` (package.json `exports`): classic scripts that `adpx-offers.iife.js`
 * loads, by URL, from its own folder (docs/decisions/016). They export nothing and are not meant
 * to be imported; the exports exist so that tools can resolve their paths to copy them next to the
 * main file.
 */
export {};
