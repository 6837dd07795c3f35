/** Where the sibling file of the script-tag build leaves the sanitiser for the first file. */
export const SIBLING_KEY = Symbol.for('adpx-offers.terms-sanitizer');
