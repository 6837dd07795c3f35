import { css } from 'lit';

/** Unit styles: the frame around the card in each layout. */
export const offersStyles = css`
  :host {
    --_unit-bg: var(--adpx-unit-background, transparent);
    --_backdrop: var(--adpx-backdrop-color, rgb(10 14 24 / 0.55));
    --_z: var(--adpx-z-index, 2147483000);
    display: block;
    position: relative;
  }
  :host([hidden]) {
    display: none;
  }
  .unit {
    position: relative;
    background: var(--_unit-bg);
  }
  .close {
    position: absolute;
    inset-block-start: 8px;
    inset-inline-end: 8px;
    z-index: 1;
    width: 44px;
    height: 44px;
    border: 0;
    border-radius: 50%;
    background: var(--adpx-close-background, rgb(255 255 255 / 0.9));
    color: var(--adpx-text-color, #1d2330);
    font-size: 24px;
    line-height: 1;
    cursor: pointer;
  }
  .close:focus-visible {
    outline: 3px solid var(--adpx-focus-color, #ffb020);
    outline-offset: 2px;
  }
  .overlay {
    position: fixed;
    inset: 0;
    z-index: var(--_z);
    display: grid;
    place-items: center;
    padding: 16px;
    background: var(--_backdrop);
  }
  .overlay .unit {
    width: min(100%, var(--adpx-popup-width, 480px));
    max-height: 100%;
    overflow: auto;
  }
  .layout-fullscreen.overlay {
    padding: 0;
  }
  .layout-fullscreen .unit {
    width: 100%;
    height: 100%;
    max-width: none;
    background: var(--adpx-background, #ffffff);
  }
`;
