import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';

/**
 * The terms sanitiser: a private DOMPurify instance with the spec's allowlist (see
 * docs/decisions/003-terms-allowlist.md). It returns DOM nodes, never a string to parse again, so
 * the result can be inserted on a page that enforces Trusted Types. Nothing runs at import time:
 * the instance and its hook are created on first use.
 */

/**
 * Elements kept in terms: the spec's list (`a, strong, small, p, ul, ol, li, b, i, span, s, sub,
 * sup, table, tr, u`) plus what a browser needs to keep a table and a line break intact.
 */
export const TERMS_ALLOWED_TAGS: readonly string[] = Object.freeze([
  'a',
  'strong',
  'small',
  'p',
  'ul',
  'ol',
  'li',
  'b',
  'i',
  'span',
  's',
  'sub',
  'sup',
  'table',
  'tr',
  'u',
  'tbody',
  'thead',
  'td',
  'th',
  'br',
]);

/** The only attribute kept from the input. It survives only on `a`, and only with a safe URL. */
export const TERMS_ALLOWED_ATTR: readonly string[] = Object.freeze(['href']);

/** URL schemes a terms link may have; anything else (and any relative URL) loses its `href`. */
export const TERMS_ALLOWED_SCHEMES: readonly string[] = Object.freeze(['https:', 'http:', 'mailto:', 'tel:']);

/** Attributes the sanitiser sets on every `a`: links open in a new tab, without an opener. */
export const TERMS_LINK_ATTRS: Readonly<Record<'target' | 'rel', string>> = Object.freeze({
  target: '_blank',
  rel: 'noopener noreferrer',
});

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

/** The absolute URL to keep for a link, or null when it is relative or of another scheme. */
export function safeTermsHref(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return TERMS_ALLOWED_SCHEMES.includes(url.protocol) ? url.href : null;
}

function restrictLinks(node: Element): void {
  if (node.nodeName !== 'A') {
    node.removeAttribute('href');
    return;
  }
  const href = node.getAttribute('href');
  const safe = href === null ? null : safeTermsHref(href);
  if (safe === null) node.removeAttribute('href');
  else node.setAttribute('href', safe);
  node.setAttribute('target', TERMS_LINK_ATTRS.target);
  node.setAttribute('rel', TERMS_LINK_ATTRS.rel);
}

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
