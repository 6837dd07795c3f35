import { css, unsafeCSS } from 'lit';
import { WIDE_CARD_MIN_WIDTH } from './adpx-offer/texts.js';

/**
 * The base sheet, listed first by every element (`<adpx-offers>`, `<adpx-offer>`, `<adpx-terms>`):
 *
 * - `:host` resets the text properties a page sets on an ancestor, so `html { font-size: 62.5% }`, a
 *   body in `uppercase` or `white-space: pre` cannot restyle the advertiser's copy. Sizes start
 *   from the user's default size (`medium`, then `em` inside), not the page's root size. A page
 *   still sizes an element by setting `font-size` on it (it wins over `:host`).
 * - `:host` holds the light and dark defaults (`--_d-*`).
 * - `.theme`, the top of each element's shadow tree, maps the public `--adpx-*` tokens onto private
 *   `--_adpx-*` variables; every other rule reads only those. Each card's root (`.offer`) maps them
 *   too, so that a page can theme one card through `::part(offer)`. Colour precedence
 *   (docs/theming.md): the page's `--adpx-*` > the response and the launcher's `styles`
 *   (`--_response-*`, set on the unit's `.theme` through the CSSOM) > the defaults.
 * - The rules every element shares: box sizing, `hidden`, buttons, the focus ring.
 */
/**
 * The one rule for text on a colour the page or the response chooses: white or black, whichever
 * contrasts more. WCAG contrast against white and against black is equal at CIE L* 49.4 (4.58:1
 * each), so switching there keeps every colour at 4.5:1 or more (`* infinity`: exactly white or
 * black, never a grey near the switch). A colour that is not set leaves
 * the variable invalid, and its fallback applies. Engines without relative colours (docs/browsers.md)
 * take the defaults.
 */
const textOn = (color: string) => unsafeCSS(`lch(from ${color} calc((49.4 - l) * infinity) 0 0)`);

export const baseStyles = css`
  :host {
    --_d-primary: #1f5eff;
    --_d-on-primary: #ffffff;
    --_d-bg: #ffffff;
    --_d-fg: #1d2330;
    --_d-accent: #8a4b00;
    --_d-success: #1a7f37;
    --_d-media: #eef1f6;
    /* The type scale: the only sizes of our own text, em of the element's base size (its
       font-size, default medium), with the weights 400 and 600 (docs/theming.md). */
    --_adpx-text-xs: 0.75em;
    --_adpx-text-s: 0.875em;
    --_adpx-text-m: 1em;
    --_adpx-text-l: 1.25em;
    display: block;
    box-sizing: border-box;
    font: medium var(--adpx-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    line-height: 1.4;
    letter-spacing: normal;
    word-spacing: normal;
    text-align: start;
    text-indent: 0;
    text-transform: none;
    text-shadow: none;
    white-space: normal;
    word-break: normal;
    hyphens: manual;
    -webkit-font-smoothing: antialiased;
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --_d-primary: #8fb2ff;
      --_d-on-primary: #0b1020;
      --_d-bg: #171b24;
      --_d-fg: #e9ecf2;
      --_d-accent: #ffc766;
      --_d-success: #5fd38a;
      --_d-media: #222a37;
    }
  }
  .theme,
  .offer {
    --_adpx-primary: var(--adpx-primary-color, var(--_response-primary, var(--_d-primary)));
    --_adpx-on-primary: var(--adpx-on-primary-color, var(--_adpx-on-auto, var(--_d-on-primary)));
    --_adpx-bg: var(--adpx-background, var(--_response-background, var(--_d-bg)));
    --_adpx-fg: var(--adpx-text-color, var(--_response-text, var(--_d-fg)));
    --_adpx-muted: var(--adpx-muted-color, color-mix(in srgb, var(--_adpx-fg) 72%, var(--_adpx-bg)));
    --_adpx-border: var(--adpx-border-color, color-mix(in srgb, var(--_adpx-fg) 20%, var(--_adpx-bg)));
    --_adpx-focus: var(--adpx-focus-color, var(--_adpx-primary));
    --_adpx-card-bg: var(--adpx-card-background, var(--_adpx-bg));
    --_adpx-unit-bg: var(--adpx-unit-background, var(--_adpx-bg));
    --_adpx-accent: var(--adpx-accent-color, var(--_d-accent));
    --_adpx-success: var(--adpx-success-color, var(--_d-success));
    --_adpx-media: var(--adpx-media-background, var(--_d-media));
    --_adpx-radius: var(--adpx-radius, 12px);
    --_adpx-gap: var(--adpx-spacing, 16px);
    --_adpx-terms-fg: var(--adpx-terms-color, var(--_adpx-muted));
    --_adpx-terms-link: var(--adpx-terms-link-color, var(--_adpx-primary));
    --_adpx-terms-bg: var(--adpx-terms-background, var(--_adpx-bg));
    --_adpx-backdrop: var(--adpx-backdrop-color, rgb(10 14 24 / 0.6));
    color: var(--_adpx-fg);
  }
  /* The text on the primary colour and on the Accept button's own background (textOn above). */
  @supports (color: lch(from red l c h)) {
    .theme,
    .offer {
      --_adpx-on-auto: ${textOn('var(--adpx-primary-color, var(--_response-primary))')};
      --_adpx-on-accept: ${textOn('var(--adpx-accept-background, var(--_response-accept-background))')};
    }
  }
  /* Transparent offers (the launcher's styles.transparent): the page shows through, and the text
     on it takes the page's colour (the color the unit inherits, currentColor here), never the
     response's or the defaults', chosen for a background not painted (docs/theming.md). */
  .theme.transparent,
  .transparent .offer {
    --_adpx-bg: transparent;
    --_adpx-card-bg: transparent;
    --_adpx-unit-bg: transparent;
    --_adpx-fg: var(--adpx-text-color, var(--_response-text, currentColor));
    --_adpx-muted: var(--adpx-muted-color, var(--_adpx-fg));
    --_adpx-border: var(--adpx-border-color, color-mix(in srgb, var(--_adpx-fg) 35%, transparent));
    --_adpx-terms-link: var(--adpx-terms-link-color, var(--_adpx-fg));
  }
  /* The card's links (terms, privacy, save) and loyalty badge, coloured elsewhere for the unit's
     own background. */
  .transparent .offer :is(.extra, .badge) {
    color: var(--_adpx-fg);
  }
  :host([hidden]),
  [hidden] {
    display: none !important;
  }
  /* Not inherited from the host, which a page's own rule for every element (*) may reach. */
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  button,
  a {
    font: inherit;
    -webkit-tap-highlight-color: transparent;
  }
  button {
    color: inherit;
    cursor: pointer;
  }
  button:focus-visible,
  a:focus-visible,
  dialog:focus-visible {
    outline: 3px solid var(--_adpx-focus);
    outline-offset: 2px;
  }
  /* Text for assistive technology only (the live region, labels shown as icons). */
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
`;

/** The container condition of a wide card (`WIDE_CARD_MIN_WIDTH`), the one breakpoint of the card. */
export const wideCard = unsafeCSS(`(min-width: ${WIDE_CARD_MIN_WIDTH}px)`);
