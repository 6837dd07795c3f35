/**
 * Small decorative icons, drawn in `currentColor`. Each is `aria-hidden`: the text beside it
 * carries the meaning.
 */
import { html, svg, type SVGTemplateResult } from 'lit';

const icon = (paths: SVGTemplateResult) =>
  html`<svg class="icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    ${paths}
  </svg>`;

export const starIcon = () =>
  icon(
    svg`<path
      fill="currentColor"
      d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
    />`,
  );

export const bookmarkIcon = () =>
  icon(
    svg`<path
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linejoin="round"
      d="M6.5 3.5h11v17l-5.5-4-5.5 4z"
    />`,
  );

export const checkIcon = () =>
  icon(
    svg`<path
      fill="none"
      stroke="currentColor"
      stroke-width="2.4"
      stroke-linecap="round"
      stroke-linejoin="round"
      d="M4.5 12.5l5 5 10-11"
    />`,
  );

export const gridIcon = () =>
  icon(
    svg`<path
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      d="M4 4h6.5v6.5H4zM13.5 4H20v6.5h-6.5zM4 13.5h6.5V20H4zM13.5 13.5H20V20h-6.5z"
    />`,
  );
