import { css } from 'lit';
import { hostReset, tokens } from '../shared.styles.js';

/**
 * Terms styles. Public `--adpx-*` properties feed private `--_*` variables. The sanitised terms
 * live in the shadow root, so the host page's CSS does not restyle them and ours does not leak out.
 * Constructable stylesheets only: nothing here needs `style-src 'unsafe-inline'`.
 */
const ownStyles = css`
  :host {
    --_fg: var(--adpx-terms-color, var(--adpx-muted-color, var(--_d-muted)));
    --_link: var(--adpx-terms-link-color, var(--adpx-primary-color, var(--_d-primary)));
    --_bg: var(--adpx-terms-background, var(--adpx-background, var(--_d-bg)));
    --_border: var(--adpx-border-color, var(--_d-border));
    --_focus: var(--adpx-focus-color, var(--_d-focus));
    --_size: var(--adpx-terms-font-size, 0.875em);
    display: block;
    box-sizing: border-box;
    color: var(--_fg);
    overflow-wrap: anywhere;
  }
  :host([hidden]),
  [hidden] {
    display: none !important;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  button {
    font: inherit;
    color: inherit;
    cursor: pointer;
  }
  /* The terms' size, on the children of the host and of the dialog (whose title keeps the
     host's size): em of the host's medium, whatever the page's root size. */
  .toggle,
  .status,
  .content,
  .close {
    font-size: var(--_size);
  }
  button:focus-visible,
  a:focus-visible,
  dialog:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .toggle {
    display: inline-flex;
    align-items: center;
    gap: 0.4em;
    min-height: 44px;
    padding: 0 4px;
    border: 0;
    background: transparent;
    text-decoration: underline;
  }
  .chevron {
    display: inline-block;
    width: 0.5em;
    height: 0.5em;
    border-right: 2px solid currentColor;
    border-bottom: 2px solid currentColor;
    transform: rotate(45deg);
    transition: transform 150ms ease;
  }
  .toggle[aria-expanded='true'] .chevron {
    transform: rotate(-135deg);
  }
  .content {
    line-height: 1.45;
    overflow-wrap: anywhere;
  }
  .region {
    padding: calc(var(--_gap) / 2) 4px;
  }
  .content :is(p, ul, ol, table) {
    margin: 0 0 0.6em;
  }
  .content :is(ul, ol) {
    padding-inline-start: 1.4em;
  }
  .content table {
    border-collapse: collapse;
  }
  .content :is(td, th) {
    padding: 2px 8px 2px 0;
    text-align: start;
    vertical-align: top;
  }
  .content a {
    color: var(--_link);
  }
  dialog {
    width: min(36em, calc(100vw - 2 * var(--_gap)));
    max-height: calc(100vh - 4 * var(--_gap));
    padding: 0;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    color: var(--_fg);
  }
  dialog::backdrop {
    background: var(--adpx-backdrop-color, rgb(0 0 0 / 0.45));
  }
  /* With large text on a narrow screen, Close goes below the title instead of out of the dialog. */
  .dialog-header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--_gap);
    padding: calc(var(--_gap) / 2) var(--_gap);
    border-bottom: 1px solid var(--_border);
  }
  .dialog-title {
    margin: 0;
    font-size: 1em;
  }
  .close {
    min-height: 44px;
    padding: 0 16px;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) - 4px);
    background: transparent;
  }
  .dialog-body {
    padding: var(--_gap);
    overflow: auto;
  }
  @media (prefers-reduced-motion: reduce) {
    .chevron {
      transition: none;
    }
  }
`;

/** The palette shared with the unit and the card, then the terms' own rules. */
export const termsStyles = [hostReset, tokens, ownStyles];
