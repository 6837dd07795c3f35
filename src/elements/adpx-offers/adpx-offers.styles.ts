import { css } from 'lit';
import { baseStyles } from '../base.styles.js';
import { offerStyles } from '../adpx-offer/adpx-offer.styles.js';
import { termsStyles } from '../adpx-terms/adpx-terms.styles.js';
import { cornerCloseStyles } from './corner-close.styles.js';
import { layoutStyles } from './layout.styles.js';

/** The unit's host, its box, header, navigation and end card, shared by every layout. */
const unitStyles = css`
  :host {
    min-height: var(--adpx-min-height, 0px);
    font-size: var(--adpx-font-size, medium);
  }
  /* The reserved room is given back once there is nothing to show: closed, or failed (an ad
     blocker, a network error). Engines without custom states keep it. */
  :host([layout='popup']),
  :host([layout='fullscreen']),
  :host(:state(closed)),
  :host(:state(error)) {
    min-height: 0;
  }
  /* One column, as wide as the unit is given, or as the card's natural width where the unit sizes
     to its content (adpx-offer.styles.ts); with a 0 minimum, so the unit's min-content width is
     none of the card's, and a squeezed box (a flex row, a table) shrinks it instead of overflowing. */
  .unit {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: calc(var(--_adpx-gap) * 0.75);
    padding: calc(var(--_adpx-gap) * 0.75);
    background: var(--_adpx-unit-bg);
    color: var(--_adpx-fg);
    border: 1px solid var(--_adpx-border);
    border-radius: calc(var(--_adpx-radius) + 4px);
  }
  /* One card at a time: the unit's box is the card's frame (no border of its own, which forced
     colours would draw against the card's text). */
  .stage > .offer > .card {
    padding: 0;
    border: 0;
    background: transparent;
  }
  .header {
    display: flex;
    align-items: center;
    gap: calc(var(--_adpx-gap) / 2);
    min-height: 44px;
    border-radius: var(--_adpx-radius);
    /* The launcher's styles.header (overrides) or the page's own properties. */
    background: var(--adpx-header-background, var(--_response-header-background, transparent));
    color: var(--adpx-header-text-color, var(--_response-header-text-color, currentColor));
  }
  .heading {
    flex: 1 1 auto;
    margin: 0;
    padding-inline-start: 4px;
    font-size: var(--adpx-header-font-size, var(--_adpx-text-m));
    font-weight: 600;
    line-height: 1.3;
  }
  .close {
    margin-inline-start: auto;
  }
  .icon-button {
    display: inline-grid;
    place-items: center;
    flex: none;
    width: 44px;
    height: 44px;
    padding: 0;
    border: 1px solid var(--_adpx-border);
    border-radius: 50%;
    background: var(--_adpx-bg);
  }
  .icon-button:hover,
  .nav-button:hover:not([aria-disabled='true']) {
    background: color-mix(in srgb, var(--_adpx-fg) 8%, var(--_adpx-bg));
  }
  .nav {
    container: adpx-nav / inline-size;
    display: grid;
    grid-template-columns: 1fr auto 1fr;
    align-items: center;
    gap: calc(var(--_adpx-gap) / 2);
  }
  /* A narrow unit (a phone, a sidebar): the nav buttons keep their chevrons and their accessible
     names ("Previous offer", "Next offer"), and drop the visible words so nothing overlaps. */
  @container adpx-nav (max-width: 360px) {
    .nav-button > span {
      display: none;
    }
  }
  .nav-button {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 44px;
    min-width: 44px;
    padding: 0 14px;
    border: 1px solid var(--_adpx-border);
    border-radius: 999px;
    background: var(--_adpx-bg);
    font-weight: 600;
  }
  .previous {
    justify-self: start;
  }
  .next {
    justify-self: end;
  }
  /* The chevrons and the close button's cross are drawn with borders: no nodes of their own, and
     in forced colours they take the system's colour like the button's own border. A chevron is a
     square's two borders turned to point at the inline end (next) or start (previous). */
  .previous::before,
  .next::after,
  .close::before,
  .close::after {
    content: '';
  }
  .previous::before,
  .next::after {
    width: 0.45em;
    height: 0.45em;
    margin-inline: 2px;
    border: solid currentColor;
    border-width: 2px 2px 0 0;
    transform: rotate(45deg);
  }
  .previous::before,
  .next:dir(rtl)::after {
    transform: rotate(-135deg);
  }
  .previous:dir(rtl)::before {
    transform: rotate(45deg);
  }
  .close::before,
  .close::after {
    grid-area: 1 / 1;
    width: 14px;
    border-block-start: 2px solid currentColor;
    border-radius: 1px;
    transform: rotate(45deg);
  }
  .close::after {
    transform: rotate(-45deg);
  }
  .nav-button[aria-disabled='true'] {
    opacity: 0.45;
    cursor: default;
  }
  .progress {
    margin: 0;
    color: var(--_adpx-muted);
    font-size: var(--_adpx-text-s);
    font-variant-numeric: tabular-nums;
  }
  /* The end card keeps the card's natural width: a content-sized unit does not change size at the end. */
  .end {
    contain: inline-size;
    contain-intrinsic-inline-size: 25em;
    display: grid;
    justify-items: center;
    gap: calc(var(--_adpx-gap) / 2);
    padding: calc(var(--_adpx-gap) * 2) var(--_adpx-gap);
    text-align: center;
  }
  .end-title {
    margin: 0;
    font-size: var(--_adpx-text-l);
    font-weight: 600;
  }
  .end-body {
    margin: 0 0 calc(var(--_adpx-gap) / 2);
    color: var(--_adpx-muted);
  }
  /* A transparent border: invisible here, the button's outline in forced colours. */
  .end-close {
    min-height: 44px;
    padding: 0 28px;
    border: 1px solid transparent;
    border-radius: 999px;
    background: var(--_adpx-primary);
    color: var(--_adpx-on-primary);
    font-weight: 600;
  }
  @media (forced-colors: active) {
    .unit,
    .nav-button,
    .icon-button {
      border-color: CanvasText;
    }
    /* Disabled in the system's own colour, not faded: a faded CanvasText is no system colour. */
    .nav-button[aria-disabled='true'] {
      opacity: 1;
      color: GrayText;
      border-color: GrayText;
    }
  }
`;

/**
 * The unit's sheets: the base sheet, the cards' and the terms' (the unit renders its cards in its
 * own shadow root), then its own, its layouts (layout.styles.ts) and the floating close button.
 */
export const offersStyles = [
  baseStyles,
  offerStyles,
  termsStyles,
  unitStyles,
  layoutStyles,
  cornerCloseStyles,
];
