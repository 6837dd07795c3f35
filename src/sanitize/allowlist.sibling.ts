/**
 * The allowlist of the script-tag build's sanitiser file (vite.config.ts puts it in place of
 * allowlist.ts there): the one of the file that loads it, the rest file or the ssr file, which
 * carry allowlist.ts for the HTML Sanitizer API (native-sanitizer.ts) and hand what DOMPurify's
 * configuration needs over under `ALLOWLIST_KEY` before they load this one
 * (import-terms-sanitizer.sibling.ts). So both paths check against the same tables, and a page
 * downloads them once. Loaded any other way, the file throws on its first line and registers
 * nothing, which the loader reports.
 */
import type { restrictLinks as Restrict } from './allowlist.js';
import { ALLOWLIST_KEY } from './sibling-key.js';

export type { TermsSanitizer } from './allowlist.js';

export const [TERMS_ALLOWED_TAGS, TERMS_ALLOWED_ATTR, restrictLinks] = Reflect.get(window, ALLOWLIST_KEY) as [
  readonly string[],
  readonly string[],
  typeof Restrict,
];
