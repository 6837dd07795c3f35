import { css, unsafeCSS } from 'lit';
import { WIDE_CARD_MIN_WIDTH } from './adpx-offer/texts.js';

/**
 * The one default palette and the shared metrics, for the unit, the card and the terms alike: each
 * sheet maps its public `--adpx-*` properties onto these defaults, so light and dark agree
 * everywhere (docs/theming.md lists the values). `--_d-*` are private: pages theme through `--adpx-*`.
 */
export const tokens = css`
  :host {
    --_d-primary: #1f5eff;
    --_d-on-primary: #ffffff;
    --_d-bg: #ffffff;
    --_d-fg: #1d2330;
    --_d-muted: #5b6475;
    --_d-border: #dde1e8;
    --_d-accent: #8a4b00;
    --_d-success: #1a7f37;
    --_d-focus: #174ea6;
    --_d-media: #eef1f6;
    --_radius: var(--adpx-radius, 12px);
    --_gap: var(--adpx-spacing, 16px);
    --_font: var(--adpx-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --_d-primary: #8fb2ff;
      --_d-on-primary: #0b1020;
      --_d-bg: #171b24;
      --_d-fg: #e9ecf2;
      --_d-muted: #a4adbd;
      --_d-border: #2e3646;
      --_d-accent: #ffc766;
      --_d-success: #5fd38a;
      --_d-focus: #ffb020;
      --_d-media: #222a37;
    }
  }
`;

/**
 * The root of every element (`<adpx-offers>`, `<adpx-offer>`, `<adpx-terms>`; listed first): the
 * text properties a page sets on an ancestor stop here, so `html { font-size: 62.5% }`, a body in
 * `uppercase` or `white-space: pre` cannot restyle the advertiser's copy. Sizes start from the
 * user's default size (`medium`, then `em` inside), not the page's root size; the font family is
 * the `--adpx-font-family` token's. `text-align: start` keeps right-to-left text right-aligned. A
 * page still sizes an element by setting `font-size` on it (it wins over `:host`), and an element
 * inside another of ours takes the line height its parent gives it (docs/theming.md).
 */
export const hostReset = css`
  :host {
    font: medium var(--_font);
    letter-spacing: normal;
    word-spacing: normal;
    text-align: start;
    text-indent: 0;
    text-transform: none;
    text-shadow: none;
    white-space: normal;
    word-break: normal;
    hyphens: manual;
  }
`;

/** The container condition of a wide card (`WIDE_CARD_MIN_WIDTH`), the one breakpoint of the card. */
export const wideCard = unsafeCSS(`(min-width: ${WIDE_CARD_MIN_WIDTH}px)`);

/** Text for assistive technology only (the live region, labels that are shown as icons). */
export const visuallyHidden = css`
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
