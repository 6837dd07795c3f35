import type { TermsSanitizer } from './allowlist.js';
import { SIBLING_KEY } from './sibling-key.js';
import { loadSiblingScript } from './sibling-script.js';

/**
 * The split script-tag build's DOMPurify loader (vite.config.ts puts it in place of
 * import-terms-sanitizer.ts): the sibling file next to the first one, loaded as the rest of the
 * SDK is (sibling-script.ts: `integrity`, the `adpx-offers` Trusted Types policy), which leaves
 * the sanitiser under `SIBLING_KEY`.
 */
declare const __ADPX_SANITIZER__: { file: string; integrity: string };

/** Loads the sibling file once per call; rejects when it cannot (network, integrity, policy). */
export async function importTermsSanitizer(): Promise<TermsSanitizer> {
  await loadSiblingScript(__ADPX_SANITIZER__.file, __ADPX_SANITIZER__.integrity);
  const loaded: unknown = Reflect.get(window, SIBLING_KEY);
  Reflect.deleteProperty(window, SIBLING_KEY);
  if (loaded && typeof loaded === 'object' && 'sanitizeTerms' in loaded) return loaded as TermsSanitizer;
  throw new Error('adpx-offers: the sanitiser file did not register');
}
