/**
 * Entry of the script-tag build's sibling file (`dist/adpx-offers.sanitizer.iife.js`): DOMPurify
 * and the terms sanitiser, handed to the first file, which loads this one when terms are about to
 * open in an engine without the HTML Sanitizer API (import-terms-sanitizer.sibling.ts).
 */
import { SIBLING_KEY } from './sibling-key.js';
import { sanitizeTerms, termsSanitizerSupported } from './terms-sanitizer.js';

Reflect.set(window, SIBLING_KEY, { sanitizeTerms, termsSanitizerSupported });
