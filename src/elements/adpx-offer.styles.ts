import { css } from 'lit';

/**
 * Card styles. Public `--adpx-*` properties feed private `--_*` variables; nothing leaks out of
 * the shadow root and the host page's CSS does not leak in.
 */
export const offerStyles = css`
  :host {
    --_bg: var(--adpx-card-background, var(--adpx-background, #ffffff));
    --_fg: var(--adpx-text-color, #1d2330);
    --_muted: var(--adpx-muted-color, #5b6475);
    --_primary: var(--adpx-primary-color, #1f5eff);
    --_on-primary: var(--adpx-on-primary-color, #ffffff);
    --_radius: var(--adpx-radius, 12px);
    --_gap: var(--adpx-spacing, 16px);
    --_font: var(--adpx-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    display: block;
    box-sizing: border-box;
    font-family: var(--_font);
    color: var(--_fg);
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  .card {
    display: grid;
    gap: var(--_gap);
    padding: var(--_gap);
    background: var(--_bg);
    border-radius: var(--_radius);
    border: 1px solid var(--adpx-border-color, #d8dce5);
  }
  .media {
    margin: 0;
    aspect-ratio: var(--_ratio, 16 / 9);
    max-height: var(--adpx-media-max-height, 240px);
    overflow: hidden;
    border-radius: calc(var(--_radius) - 4px);
    background: var(--adpx-media-background, #eef1f6);
  }
  .media img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .headline {
    margin: 0;
    font-size: var(--adpx-headline-size, 1.25rem);
    line-height: 1.25;
  }
  .description {
    margin: 0;
    line-height: 1.45;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_gap) / 2);
  }
  button {
    font: inherit;
    min-height: 44px;
    padding: 0 20px;
    border-radius: calc(var(--_radius) - 4px);
    cursor: pointer;
  }
  button:focus-visible {
    outline: 3px solid var(--adpx-focus-color, #ffb020);
    outline-offset: 2px;
  }
  .accept {
    flex: 1 1 auto;
    border: 0;
    background: var(--_primary);
    color: var(--_on-primary);
    font-weight: 600;
  }
  .decline {
    border: 1px solid var(--adpx-border-color, #d8dce5);
    background: transparent;
    color: var(--_fg);
  }
`;
