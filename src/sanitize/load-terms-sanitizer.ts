/**
 * The terms sanitiser, loaded when it is first needed. Where the browser has the HTML Sanitizer API
 * (native-sanitizer.ts) nothing is loaded at all. Elsewhere DOMPurify is needed; it builds its
 * default instance and its tables when its module is evaluated, a few milliseconds of every page
 * load, and terms are never in a card's first view, so it is reached through
 * `importTermsSanitizer()`: `import()` for bundlers (a chunk of its own), and in the script-tag
 * build a sibling file next to the first one (import-terms-sanitizer.sibling.ts).
 */
import type { TermsSanitizer } from './allowlist.js';
import { importTermsSanitizer } from './import-terms-sanitizer.js';
import { nativeTermsSanitizer } from './native-sanitizer.js';

export type { TermsSanitizer } from './allowlist.js';

let loading: Promise<TermsSanitizer | null> | undefined;
let loaded: TermsSanitizer | undefined;

/** The sanitiser once a load has resolved with it: what a later caller takes without waiting. */
export const loadedTermsSanitizer = (): TermsSanitizer | undefined => loaded;

/**
 * The sanitiser, the same one for every caller. Never rejects: resolves `null` when DOMPurify cannot
 * be loaded (a chunk or sibling file that failed to download), and the next call tries again.
 */
export function loadTermsSanitizer(): Promise<TermsSanitizer | null> {
  const native = nativeTermsSanitizer();
  if (native) return Promise.resolve((loaded = native));
  loading ??= importTermsSanitizer().then(
    (module) => (loaded = module),
    () => {
      loading = undefined;
      return null;
    },
  );
  return loading;
}
