import { css } from 'lit';
import { hostReset, tokens, visuallyHidden } from '../shared.styles.js';
import { cornerCloseStyles } from './corner-close.styles.js';
import { layoutStyles } from './layout.styles.js';

/**
 * The unit's theme layer and its own controls. Public `--adpx-*` properties feed private `--_*`
 * variables. Colour precedence (docs/theming.md): the page's `--adpx-*` (read on the host as
 * `--_page-*`) > the response / overrides (`--_response-*`, set on `.root` through the CSSOM) >
 * the light/dark defaults (`--_d-*`, shared.styles.ts). `.root` re-declares the public colour properties with
 * that result, so the cards inside inherit one coherent theme.
 */
const themeStyles = css`
  :host {
    --_page-primary: var(--adpx-primary-color);
    --_page-on-primary: var(--adpx-on-primary-color);
    --_page-background: var(--adpx-background);
    --_page-text: var(--adpx-text-color);
    --_page-muted: var(--adpx-muted-color);
    --_page-border: var(--adpx-border-color);
    --_page-focus: var(--adpx-focus-color);
    display: block;
    box-sizing: border-box;
    min-height: var(--adpx-min-height, 0px);
    font-size: var(--adpx-font-size, medium);
    line-height: 1.4;
  }
  :host([hidden]) {
    display: none;
  }
  /* The reserved room is given back once there is nothing to show: closed, or failed (an ad
     blocker, a network error). Engines without custom states keep it. */
  :host([layout='popup']),
  :host([layout='fullscreen']),
  :host(:state(closed)),
  :host(:state(error)) {
    min-height: 0;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  .root {
    --adpx-primary-color: var(--_page-primary, var(--_response-primary, var(--_d-primary)));
    --adpx-on-primary-color: var(--_page-on-primary, var(--_response-on-primary, var(--_d-on-primary)));
    --adpx-background: var(--_page-background, var(--_response-background, var(--_d-bg)));
    --adpx-text-color: var(--_page-text, var(--_response-text, var(--_d-fg)));
    --adpx-muted-color: var(
      --_page-muted,
      color-mix(in srgb, var(--adpx-text-color) 72%, var(--adpx-background))
    );
    --adpx-border-color: var(
      --_page-border,
      color-mix(in srgb, var(--adpx-text-color) 20%, var(--adpx-background))
    );
    --adpx-focus-color: var(--_page-focus, var(--adpx-primary-color));
    display: contents;
    color: var(--adpx-text-color);
  }
  .root.transparent {
    --adpx-background: transparent;
    --adpx-card-background: transparent;
    --adpx-unit-background: transparent;
    --adpx-muted-color: var(--_page-muted, var(--adpx-text-color));
    --adpx-border-color: var(--_page-border, color-mix(in srgb, var(--adpx-text-color) 35%, transparent));
  }
`;

/** The unit's box, header, navigation and end card, shared by every layout. */
const controlStyles = css`
  .unit {
    display: grid;
    gap: calc(var(--_gap) * 0.75);
    padding: calc(var(--_gap) * 0.75);
    background: var(--adpx-unit-background, var(--adpx-background));
    color: var(--adpx-text-color);
    border: 1px solid var(--adpx-border-color);
    border-radius: calc(var(--_radius) + 4px);
  }
  /* A card resets the page's text at its root; in the unit it takes the unit's font (its size
     is em of the unit's, so a page that sizes the unit sizes its cards). */
  .offer {
    font: inherit;
  }
  /* One card at a time: the unit's box is the card's frame. */
  .body > .offer::part(card) {
    padding: 0;
    border-color: transparent;
    background: transparent;
  }
  .header {
    display: flex;
    align-items: center;
    gap: calc(var(--_gap) / 2);
    min-height: 44px;
    border-radius: var(--_radius);
    /* The launcher's styles.header (overrides) or the page's own properties. */
    background: var(--adpx-header-background, var(--_response-header-background, transparent));
    color: var(--adpx-header-text-color, var(--_response-header-text-color, currentColor));
  }
  .heading {
    flex: 1 1 auto;
    margin: 0;
    padding-inline-start: 4px;
    font-size: var(--adpx-header-font-size, 1.0625em);
    font-weight: 650;
    line-height: 1.3;
  }
  .close {
    margin-inline-start: auto;
  }
  button {
    font: inherit;
    color: inherit;
    cursor: pointer;
  }
  button:focus-visible {
    outline: 3px solid var(--adpx-focus-color);
    outline-offset: 2px;
  }
  .icon-button {
    display: inline-grid;
    place-items: center;
    flex: none;
    width: 44px;
    height: 44px;
    padding: 0;
    border: 1px solid var(--adpx-border-color);
    border-radius: 50%;
    background: var(--adpx-background);
  }
  .icon-button:hover,
  .nav-button:hover:not([aria-disabled='true']) {
    background: color-mix(in srgb, var(--adpx-text-color) 8%, var(--adpx-background));
  }
  .nav {
    container: adpx-nav / inline-size;
    display: grid;
    grid-template-columns: 1fr auto 1fr;
    align-items: center;
    gap: calc(var(--_gap) / 2);
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
    border: 1px solid var(--adpx-border-color);
    border-radius: 999px;
    background: var(--adpx-background);
    font-weight: 550;
  }
  .previous {
    justify-self: start;
  }
  .previous .chevron {
    transform: scaleX(-1);
  }
  .next {
    justify-self: end;
  }
  :host(:dir(rtl)) .next .chevron {
    transform: scaleX(-1);
  }
  :host(:dir(rtl)) .previous .chevron {
    transform: none;
  }
  .nav-button[aria-disabled='true'] {
    opacity: 0.45;
    cursor: default;
  }
  .progress {
    margin: 0;
    color: var(--adpx-muted-color);
    font-size: 0.875em;
    font-variant-numeric: tabular-nums;
  }
  .end {
    display: grid;
    justify-items: center;
    gap: calc(var(--_gap) / 2);
    padding: calc(var(--_gap) * 2) var(--_gap);
    text-align: center;
  }
  .end-title {
    margin: 0;
    font-size: 1.25em;
    font-weight: 650;
  }
  .end-body {
    margin: 0 0 calc(var(--_gap) / 2);
    color: var(--adpx-muted-color);
  }
  /* A transparent border: invisible here, the button's outline in forced colours. */
  .end-close {
    min-height: 44px;
    padding: 0 28px;
    border: 1px solid transparent;
    border-radius: 999px;
    background: var(--adpx-primary-color);
    color: var(--adpx-on-primary-color);
    font-weight: 600;
  }
  ${visuallyHidden}
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

/** Unit styles: theme layer, controls, then the layouts (layout.styles.ts). */
export const offersStyles = [hostReset, tokens, themeStyles, controlStyles, layoutStyles, cornerCloseStyles];
