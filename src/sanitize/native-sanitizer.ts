import { safely } from '../errors.js';
import { restrictLinks, TERMS_ALLOWED_TAGS, type TermsSanitizer } from './allowlist.js';

/**
 * The terms sanitiser of the browser itself: the HTML Sanitizer API's `Element.setHTML(html, {
 * sanitizer })`, which parses and sanitises in one step (its safe baseline drops script and event
 * handlers whatever the configuration says) and is a safe sink under Trusted Types. Configured with
 * the terms allowlist; links are post-processed as with DOMPurify (safe schemes, target/rel). Where
 * the API is missing or does not honour the configuration, `nativeTermsSanitizer()` is null and
 * DOMPurify is loaded instead (the sibling file of the script-tag build). What it returns is a copy
 * made with `createElement` ({@link copyOf}), so no element keeps an `is` value from the markup.
 */

/**
 * Elements whose text stays when the element goes, as DOMPurify's `KEEP_CONTENT` keeps it. The
 * browser drops any other element outside the allowlist with its contents (script, style, svg,
 * math, template, iframe, title, xmp, noscript and every unknown or custom element). `html` and
 * `body` may not be listed (an invalid configuration); the fragment parser drops those tags anyway.
 */
const UNWRAPPED =
  'div h1 h2 h3 h4 h5 h6 em font center section article header footer main nav aside blockquote pre code label button form fieldset legend details summary dl dt dd caption tfoot abbr cite mark q time big del ins kbd samp var figure figcaption address bdi bdo data dfn hgroup menu dir search output select option optgroup datalist textarea ruby rt rp nobr tt strike acronym blink marquee listing object canvas picture map meter progress dialog';

interface SanitizerConfig {
  elements: Array<{ name: string; attributes: string[] }>;
  attributes: string[];
  replaceWithChildrenElements: string[];
  comments: boolean;
  dataAttributes: boolean;
}

let config: SanitizerConfig | undefined;

/** What the Sanitizer API takes: the allowlist, `href` on `a` only, no comments, no data-*. */
const configuration = (): SanitizerConfig =>
  (config ??= {
    elements: TERMS_ALLOWED_TAGS.map((name) => ({ name, attributes: name === 'a' ? ['href'] : [] })),
    attributes: [],
    replaceWithChildrenElements: UNWRAPPED.split(' '),
    comments: false,
    dataAttributes: false,
  });

type SetHtml = (this: Element, html: string, options: { sanitizer: SanitizerConfig }) => void;

/** A probe whose result shows whether the browser honours the configuration, not just the call. */
const PROBE = '<div><b>x</b></div><x-y>y</x-y><!--c--><span data-x="1" href="https://a.example/">z</span>';
const PROBE_RESULT = '<b>x</b><span>z</span>';

function setHtmlOf(document: Document): SetHtml | null {
  const view = document.defaultView;
  const candidate: unknown = view && Reflect.get(view.Element.prototype, 'setHTML');
  return typeof candidate === 'function' ? (candidate as SetHtml) : null;
}

/**
 * A fresh copy of a sanitised node. The parser gives each element the `is` value of its markup, and
 * a page's customised built-in element of that name upgrades the element once the terms are in the
 * page: Chromium 150 keeps the `is` attribute through `setHTML`, and where a browser drops the
 * attribute the value stays with the element. `createElement` makes elements without one. Only text
 * and an `a`'s `href` are copied (the configuration allows nothing else); the fragment parser nests
 * at most 512 deep, so the recursion is bounded.
 */
function copyOf(document: Document, node: Node): Node | null {
  if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.nodeValue ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const copy = document.createElement(element.localName);
  const href = element.localName === 'a' ? element.getAttribute('href') : null;
  if (href !== null) copy.setAttribute('href', href);
  for (const child of element.childNodes) {
    const childCopy = copyOf(document, child);
    if (childCopy) copy.append(childCopy);
  }
  return copy;
}

function sanitizeWith(setHtml: SetHtml, document: Document, html: string): DocumentFragment {
  const box = document.createElement('div');
  setHtml.call(box, html, { sanitizer: configuration() });
  const fragment = document.createDocumentFragment();
  for (const child of box.childNodes) {
    const copy = copyOf(document, child);
    if (copy) fragment.append(copy);
  }
  fragment.querySelectorAll('a').forEach(restrictLinks);
  return fragment;
}

let checked: TermsSanitizer | null | undefined;

/** The native sanitiser, or null when this browser has none that honours the allowlist. */
export function nativeTermsSanitizer(): TermsSanitizer | null {
  if (checked !== undefined) return checked;
  checked = null;
  if (typeof document === 'undefined') return checked;
  const setHtml = setHtmlOf(document);
  if (!setHtml) return checked;
  const probe = document.createElement('div');
  safely(() => setHtml.call(probe, PROBE, { sanitizer: configuration() }));
  if (probe.innerHTML !== PROBE_RESULT) return checked;
  checked = {
    termsSanitizerSupported: () => true,
    sanitizeTerms: (html) => sanitizeWith(setHtml, document, html),
  };
  return checked;
}
