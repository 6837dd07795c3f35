/**
 * The terms allowlist (see docs/decisions/003-terms-allowlist.md) and the link rules that both
 * sanitisers apply: the browser's own (`Element.setHTML`, native-sanitizer.ts) and DOMPurify
 * (terms-sanitizer.ts). No dependency: the first script-tag file carries this, the sibling file
 * carries DOMPurify.
 */
import { safely } from '../errors.js';

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

/** The absolute URL to keep for a link, or null when it is relative or of another scheme. */
export function safeTermsHref(value: string): string | null {
  const url = safely(() => new URL(value));
  return url && TERMS_ALLOWED_SCHEMES.includes(url.protocol) ? url.href : null;
}

/** `href` only on `a` and only with a safe scheme; every `a` opens in a new tab without opener. */
export function restrictLinks(node: Element): void {
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

/** What a loaded sanitiser offers the terms element. */
export interface TermsSanitizer {
  /** True when this browser can run it. Terms must not be shown when it is false. */
  termsSanitizerSupported(): boolean;
  /** The raw terms HTML as a fragment of allowlisted nodes, or null when it cannot run. */
  sanitizeTerms(html: string): DocumentFragment | null;
}
