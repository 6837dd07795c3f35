/**
 * A host page's CSS that would restyle the offers if it reached them: the root's size and the text
 * properties an ancestor passes down by inheritance. Each element's root resets them
 * (src/elements/shared.styles.ts, `hostReset`), so the computed text styles of the cards, the
 * unit and the terms are the same on such a page as on a clean one. Used by e2e/page-css.spec.ts
 * (Chromium) and e2e-engines/page-css.flow.ts (Firefox, WebKit).
 */
export const HOSTILE_CSS = [
  `html { font-size: 62.5%; }
   body { text-transform: uppercase; white-space: nowrap; letter-spacing: 2px; word-spacing: 8px;
     line-height: 3; font-style: italic; font-weight: 800; text-align: center; text-indent: 30px; }`,
  `html { font-size: 150%; }
   body { text-transform: lowercase; white-space: pre; letter-spacing: -1px; line-height: 0.9;
     text-align: justify; font-variant: small-caps; word-break: break-all; hyphens: auto;
     text-shadow: 1px 1px red; }`,
];

/** The parts whose text is compared: the card's copy and controls, the unit's, the terms'. */
export const TEXT_PARTS = [
  'advertiser',
  'headline',
  'description',
  'mini-text',
  'accept',
  'decline',
  'save',
  'terms-toggle',
  'terms-content',
  'progress',
  'next',
];

/**
 * Computed text styles of every visible element (shadow trees included) that has one of `parts`,
 * keyed `part #n` in document order. Self-contained: the test runner sends its source to the page.
 */
export function textStyles(parts: readonly string[]): Record<string, Record<string, string>> {
  const properties = [
    'font-size',
    'line-height',
    'letter-spacing',
    'word-spacing',
    'text-transform',
    'white-space',
    'font-style',
    'font-weight',
    'font-variant',
    'text-align',
    'text-indent',
    'word-break',
    'hyphens',
    'text-shadow',
  ];
  const found: Record<string, Record<string, string>> = {};
  let n = 0;
  const walk = (root: ParentNode) => {
    for (const el of root.querySelectorAll('*')) {
      const part = (el.getAttribute('part') ?? '').split(' ').find((name) => parts.includes(name));
      const shown = el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
      if (part && shown) {
        const style = getComputedStyle(el);
        found[`${part} #${n++}`] = Object.fromEntries(properties.map((p) => [p, style.getPropertyValue(p)]));
      }
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  return found;
}

/** Adds (or, with `null`, removes) the page's own style sheet `css`. */
export function setPageCss(css: string | null): void {
  document.getElementById('page-css')?.remove();
  if (css === null) return;
  const style = document.createElement('style');
  style.id = 'page-css';
  style.textContent = css;
  document.head.append(style);
}

/**
 * A host page's CSS that reaches the element itself, not only by inheritance: a universal
 * `box-sizing` (the host is one of the page's elements) and the inheritance pattern of CSS resets
 * on a content-box ancestor. The host takes them; the layout inside must not (every element of the
 * shadow trees sizes its own box, `base.styles.ts`).
 */
export const HOST_CSS = [
  '* { box-sizing: content-box !important; }',
  'html { box-sizing: border-box; } *, *::before, *::after { box-sizing: inherit; } main { box-sizing: content-box; }',
];

/**
 * The box (x, y, width, height, rounded) of every rendered element with a part inside the shadow
 * trees, keyed `part #n` in document order. Self-contained, like {@link textStyles}.
 */
export function partBoxes(): Record<string, string> {
  const found: Record<string, string> = {};
  let n = 0;
  const walk = (root: ParentNode, inside: boolean) => {
    for (const el of root.querySelectorAll('*')) {
      const part = el.getAttribute('part');
      if (inside && part && el.getClientRects().length > 0) {
        const r = el.getBoundingClientRect();
        found[`${part} #${n++}`] = [r.x, r.y, r.width, r.height].map(Math.round).join(' ');
      }
      if (el.shadowRoot) walk(el.shadowRoot, true);
    }
  };
  walk(document, false);
  return found;
}
