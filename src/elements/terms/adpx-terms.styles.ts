import { css } from 'lit';

/**
 * Terms styles. Public `--adpx-*` properties feed private `--_*` variables. The sanitised terms
 * live in the shadow root, so the host page's CSS does not restyle them and ours does not leak out.
 * Constructable stylesheets only: nothing here needs `style-src 'unsafe-inline'`.
 */
export const termsStyles = css`
  :host {
    --_fg: var(--adpx-terms-color, var(--adpx-muted-color, #5b6475));
    --_link: var(--adpx-terms-link-color, var(--adpx-primary-color, #1f5eff));
    --_bg: var(--adpx-terms-background, var(--adpx-background, #ffffff));
    --_border: var(--adpx-border-color, #d8dce5);
    --_radius: var(--adpx-radius, 12px);
    --_gap: var(--adpx-spacing, 16px);
    --_focus: var(--adpx-focus-color, #ffb020);
    --_size: var(--adpx-terms-font-size, 0.875rem);
    display: block;
    box-sizing: border-box;
    font-family: var(--adpx-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    font-size: var(--_size);
    color: var(--_fg);
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
    width: min(36rem, calc(100vw - 2 * var(--_gap)));
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
  .dialog-header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_gap);
    padding: calc(var(--_gap) / 2) var(--_gap);
    border-bottom: 1px solid var(--_border);
  }
  .dialog-title {
    margin: 0;
    font-size: 1rem;
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
