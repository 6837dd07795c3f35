import { css } from 'lit';

/**
 * The terms' sheet, for `<adpx-terms>` alone and for the terms in every card's footer. The
 * sanitised terms live in a shadow root, so the host page's CSS does not restyle them and ours does
 * not leak out. Constructable stylesheets only: nothing here needs `style-src 'unsafe-inline'`.
 */
export const termsStyles = css`
  .terms {
    --_adpx-terms-size: var(--adpx-terms-font-size, var(--_adpx-text-s));
    color: var(--_adpx-terms-fg);
    overflow-wrap: anywhere;
  }
  /* The terms' size, on the control, the status line, the content and the dialog's close button
     (the dialog's title keeps the size around the terms): em of the element's medium. */
  .terms-toggle,
  .terms-status,
  .terms-content,
  .terms-close {
    font-size: var(--_adpx-terms-size);
  }
  .terms-toggle {
    display: inline-flex;
    align-items: center;
    gap: 0.4em;
    min-height: 44px;
    padding: 0 4px;
    border: 0;
    background: transparent;
    text-align: start;
    text-decoration: underline;
  }
  .terms-chevron {
    display: inline-block;
    width: 0.5em;
    height: 0.5em;
    border-right: 2px solid currentColor;
    border-bottom: 2px solid currentColor;
    transform: rotate(45deg);
    transition: transform 150ms ease;
  }
  .terms-toggle[aria-expanded='true'] .terms-chevron {
    transform: rotate(-135deg);
  }
  .terms-content {
    line-height: 1.45;
    overflow-wrap: anywhere;
  }
  .region {
    padding: calc(var(--_adpx-gap) / 2) 4px;
  }
  .terms-content :is(p, ul, ol, table) {
    margin: 0 0 0.6em;
  }
  .terms-content :is(ul, ol) {
    padding-inline-start: 1.4em;
  }
  .terms-content table {
    border-collapse: collapse;
  }
  .terms-content :is(td, th) {
    padding: 2px 8px 2px 0;
    text-align: start;
    vertical-align: top;
  }
  /* The terms' own bold markup, in the scale's bold weight: bolder than the text, as it says. */
  .terms-content :is(strong, b, th) {
    font-weight: 600;
  }
  .terms-content a {
    color: var(--_adpx-terms-link);
  }
  /* No max-width: the browser's own (100% less 2em) would narrow the dialog as the text grows. */
  .terms-dialog {
    width: min(36em, calc(100vw - 2 * var(--_adpx-gap)));
    max-width: none;
    max-height: calc(100vh - 4 * var(--_adpx-gap));
    padding: 0;
    border: 1px solid var(--_adpx-border);
    border-radius: var(--_adpx-radius);
    background: var(--_adpx-terms-bg);
    color: var(--_adpx-terms-fg);
  }
  .terms-dialog::backdrop {
    background: var(--adpx-backdrop-color, rgb(0 0 0 / 0.45));
  }
  /* With large text on a narrow screen, Close goes below the title instead of out of the dialog. */
  .dialog-header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--_adpx-gap);
    padding: calc(var(--_adpx-gap) / 2) var(--_adpx-gap);
    border-bottom: 1px solid var(--_adpx-border);
  }
  .dialog-title {
    margin: 0;
    font-size: var(--_adpx-text-m);
    font-weight: 600;
  }
  .terms-close {
    min-height: 44px;
    padding: 0 16px;
    border: 1px solid var(--_adpx-border);
    border-radius: calc(var(--_adpx-radius) - 4px);
    background: transparent;
  }
  .dialog-body {
    padding: var(--_adpx-gap);
    overflow: auto;
  }
  @media (prefers-reduced-motion: reduce) {
    .terms-chevron {
      transition: none;
    }
  }
`;
