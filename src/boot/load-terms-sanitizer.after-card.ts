/**
 * The split script tag's terms sanitiser (vite.config.ts puts this module in place of
 * load-terms-sanitizer.ts in the rest files): the HTML Sanitizer API's adapter, the allowlist and
 * DOMPurify's loader are in the after-card file (src/boot/after-card.ts), which the terms ask for
 * when the browser is idle after their card rendered, or at the first click if sooner.
 */
import { afterCardLoaded, loadAfterCard } from './after-card.js';
import type { TermsSanitizer } from '../sanitize/allowlist.js';

export type { TermsSanitizer } from '../sanitize/allowlist.js';

/** The sanitiser once a load has resolved with it: what a later caller takes without waiting. */
export const loadedTermsSanitizer = (): TermsSanitizer | undefined =>
  afterCardLoaded()?.loadedTermsSanitizer();

/** The sanitiser (load-terms-sanitizer.ts); `null` when a file it needs cannot be loaded. */
export const loadTermsSanitizer = (): Promise<TermsSanitizer | null> =>
  loadAfterCard().then(
    (loaded) => loaded.loadTermsSanitizer(),
    () => null,
  );
