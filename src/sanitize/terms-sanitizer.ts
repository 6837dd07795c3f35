import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import { restrictLinks, TERMS_ALLOWED_ATTR, TERMS_ALLOWED_TAGS } from './allowlist.js';

/**
 * The DOMPurify terms sanitiser, for engines without the HTML Sanitizer API (native-sanitizer.ts
 * is used where it exists): a private DOMPurify instance with the spec's allowlist (see
 * docs/decisions/003-terms-allowlist.md). The script-tag build ships it as a sibling file. It
 * returns DOM nodes, never a string to parse again, so the result can be inserted on a page that
 * enforces Trusted Types. Nothing runs at import time: the instance and its hook are created on
 * first use.
 */

const CONFIG = {
  ALLOWED_TAGS: [...TERMS_ALLOWED_TAGS],
  ALLOWED_ATTR: [...TERMS_ALLOWED_ATTR],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // Text of a removed element survives; DOMPurify's FORBID_CONTENTS (script, style, template,
  // noscript, iframe, svg, math, …) still drops the contents of those.
  KEEP_CONTENT: true,
  RETURN_DOM_FRAGMENT: true,
} satisfies Config;

let purifier: Purifier | undefined;

/** The private instance, created on first use, so hooks never touch the page's own DOMPurify. */
function instance(): Purifier | null {
  if (typeof window === 'undefined') return null;
  if (!purifier) {
    purifier = DOMPurify(window);
    if (purifier.isSupported) purifier.addHook('afterSanitizeAttributes', restrictLinks);
  }
  return purifier.isSupported ? purifier : null;
}

/**
 * True when this browser can run the sanitiser. Terms must not be shown when it is false. Asks the
 * module's own instance (DOMPurify creates it on import), so a card that only shows the closed
 * terms control does not pay for the private instance: that is made when terms are first opened.
 */
export function termsSanitizerSupported(): boolean {
  return typeof window !== 'undefined' && DOMPurify.isSupported;
}

/**
 * Sanitises the raw terms HTML of an offer into a fragment of the allowlisted elements. Returns
 * null when the browser cannot run DOMPurify: the caller must then show no terms and report it.
 */
export function sanitizeTerms(html: string): DocumentFragment | null {
  const purify = instance();
  if (!purify) return null;
  // Typed as a fragment, but null when the parsed document has no body (`<frameset>` input):
  // that is empty terms, not a failure.
  const fragment: DocumentFragment | null = purify.sanitize(html, CONFIG);
  return fragment ?? window.document.createDocumentFragment();
}
