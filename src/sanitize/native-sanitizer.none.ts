/**
 * The after-card file for engines without the HTML Sanitizer API
 * (`dist/adpx-offers.after-card.dompurify.iife.js`, vite.config.ts puts this module in place of
 * native-sanitizer.ts there): the rest file loads that file only where `Element.setHTML` is
 * missing (src/boot/after-card.ts), so it carries no adapter for it, and DOMPurify instead.
 */
import type { TermsSanitizer } from './allowlist.js';

/** No native sanitiser in this file: DOMPurify sanitises. */
export const nativeTermsSanitizer = (): TermsSanitizer | null => null;
