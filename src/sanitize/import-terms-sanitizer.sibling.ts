import { restrictLinks, TERMS_ALLOWED_ATTR, TERMS_ALLOWED_TAGS, type TermsSanitizer } from './allowlist.js';
import { ALLOWLIST_KEY, SIBLING_KEY } from './sibling-key.js';
import { loadSiblingScript } from './sibling-script.js';

/**
 * The split script-tag build's DOMPurify loader (vite.config.ts puts it in place of
 * import-terms-sanitizer.ts): the sibling file next to the first one, loaded as the rest of the
 * SDK is (sibling-script.ts: `integrity`, the `adpx-offers` Trusted Types policy), which leaves
 * the sanitiser under `SIBLING_KEY`. It checks against this file's allowlist, left for it under
 * `ALLOWLIST_KEY` (allowlist.sibling.ts).
 */
declare const __ADPX_SANITIZER__: { file: string; integrity: string };

/** Loads the sibling file once per call; rejects when it cannot (network, integrity, policy). */
export async function importTermsSanitizer(): Promise<TermsSanitizer> {
  Reflect.set(window, ALLOWLIST_KEY, [TERMS_ALLOWED_TAGS, TERMS_ALLOWED_ATTR, restrictLinks]);
  await loadSiblingScript(__ADPX_SANITIZER__.file, __ADPX_SANITIZER__.integrity);
  const loaded: unknown = Reflect.get(window, SIBLING_KEY);
  Reflect.deleteProperty(window, SIBLING_KEY);
  if (loaded && typeof loaded === 'object' && 'sanitizeTerms' in loaded) return loaded as TermsSanitizer;
  throw new Error('adpx-offers: the sanitiser file did not register');
}
