/**
 * The after-card file of the script-tag build (`dist/adpx-offers.after-card.iife.js`, decision
 * 016): what a card needs only once it is on screen, the impression rule (IntersectionObserver,
 * occlusion, viewability) and the terms' sanitiser (the HTML Sanitizer API's adapter and the
 * allowlist, or DOMPurify in `adpx-offers.after-card.dompurify.iife.js`). The rest file loads it
 * when its first card is on screen or terms are about to open (src/boot/after-card.ts), so no
 * page downloads it before its first card.
 */
import { AFTER_CARD_KEY, type AfterCard } from './boot/after-card.js';
import { loadedTermsSanitizer, loadTermsSanitizer } from './sanitize/load-terms-sanitizer.js';
import { ImpressionController } from './tracking/impression-controller.js';

Reflect.set(window, AFTER_CARD_KEY, {
  ImpressionController,
  loadTermsSanitizer,
  loadedTermsSanitizer,
} satisfies AfterCard);
