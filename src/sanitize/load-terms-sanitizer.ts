/**
 * The terms sanitiser, loaded when it is first needed. DOMPurify builds its default instance and its
 * tables when its module is evaluated, a few milliseconds of every page load; terms are never in a
 * card's first view, so the elements reach the sanitiser through `import()`. Bundlers put it, with
 * DOMPurify, in a chunk of its own; the script-tag build keeps one file and evaluates that part on
 * the first call only.
 */
import type * as TermsSanitizerModule from './terms-sanitizer.js';

/** What the module offers: `sanitizeTerms`, `termsSanitizerSupported` and the allowlists. */
export type TermsSanitizer = typeof TermsSanitizerModule;

let loading: Promise<TermsSanitizer | null> | undefined;

/**
 * The sanitiser module, the same promise for every caller. Never rejects: resolves `null` when the
 * module cannot be loaded (a bundler's chunk that failed to download), and the next call tries again.
 */
export function loadTermsSanitizer(): Promise<TermsSanitizer | null> {
  loading ??= import('./terms-sanitizer.js').catch(() => {
    loading = undefined;
    return null;
  });
  return loading;
}
