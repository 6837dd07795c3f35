import type { TermsSanitizer } from './allowlist.js';

/**
 * DOMPurify's terms sanitiser as a chunk of its own (ESM build and the single-file script-tag
 * build). The split script-tag build replaces this module with import-terms-sanitizer.sibling.ts.
 */
export const importTermsSanitizer = (): Promise<TermsSanitizer> => import('./terms-sanitizer.js');
