import { restrictLinks, TERMS_ALLOWED_TAGS, type TermsSanitizer } from './allowlist.js';

/**
 * The terms sanitiser of the browser itself: the HTML Sanitizer API's `Element.setHTML(html, {
 * sanitizer })`, which parses and sanitises in one step (its safe baseline drops script and event
 * handlers whatever the configuration says) and is a safe sink under Trusted Types. Configured with
 * the terms allowlist; links are post-processed as with DOMPurify (safe schemes, target/rel). Where
 * the API is missing or does not honour the configuration, `nativeTermsSanitizer()` is null and
 * DOMPurify is loaded instead (the sibling file of the script-tag build).
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

function sanitizeWith(setHtml: SetHtml, document: Document, html: string): DocumentFragment {
  const box = document.createElement('div');
  setHtml.call(box, html, { sanitizer: configuration() });
  box.querySelectorAll('a, [href]').forEach(restrictLinks);
  const fragment = document.createDocumentFragment();
  fragment.append(...box.childNodes);
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
  try {
    const probe = document.createElement('div');
    probe.append(sanitizeWith(setHtml, document, PROBE));
    if (probe.innerHTML !== PROBE_RESULT) return checked;
  } catch {
    return checked;
  }
  checked = {
    termsSanitizerSupported: () => true,
    sanitizeTerms: (html) => sanitizeWith(setHtml, document, html),
  };
  return checked;
}
