/** Where the sibling file of the script-tag build leaves the sanitiser for the first file. */
export const SIBLING_KEY = Symbol.for('adpx-offers.terms-sanitizer');

/**
 * Where the file that loads the sibling file leaves its allowlist (allowlist.ts) for it, so that
 * a page downloads one copy (import-terms-sanitizer.sibling.ts, allowlist.sibling.ts).
 */
export const ALLOWLIST_KEY = Symbol.for('adpx-offers.terms-allowlist');
