/**
 * DOMPurify's terms sanitiser bundled with its loader (vite.config.ts puts this module in place of
 * import-terms-sanitizer.ts in `dist/adpx-offers.after-card.dompurify.iife.js`, the after-card file
 * of engines without the HTML Sanitizer API): one download after the first card instead of two.
 */
import type { TermsSanitizer } from './allowlist.js';
import { sanitizeTerms, termsSanitizerSupported } from './terms-sanitizer.js';

export const importTermsSanitizer = (): Promise<TermsSanitizer> =>
  Promise.resolve({ sanitizeTerms, termsSanitizerSupported });
