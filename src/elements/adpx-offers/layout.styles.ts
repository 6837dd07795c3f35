import { css } from 'lit';

/**
 * The four layouts. Popup and fullscreen are a native `<dialog>` opened with `showModal()` (top
 * layer: no z-index needed, the page is inert behind it). The dialog itself is the overlay and
 * paints the backdrop; its `::backdrop` stays transparent.
 */
export const layoutStyles = css`
  .overlay {
    position: fixed;
    inset: 0;
    width: auto;
    height: auto;
    max-width: none;
    max-height: none;
    margin: 0;
    padding: 0;
    border: 0;
    background: transparent;
    color: var(--_adpx-fg);
    overflow: hidden;
    overscroll-behavior: contain;
  }
  .overlay::backdrop {
    background: transparent;
  }
  .overlay[open] {
    display: grid;
    grid-template: minmax(0, 1fr) / minmax(0, 1fr);
  }
  /* The box: header and navigation stay in view, the offer scrolls between them. */
  .box {
    grid-template-rows: auto minmax(0, 1fr) auto;
    max-height: 100%;
    min-height: 0;
  }
  .box:focus {
    outline: none;
  }
  .box > .header {
    grid-row: 1;
  }
  .box > .nav {
    grid-row: 3;
  }
  /* The scrolling area reaches past the card (negative margin, as much padding), so no control's
     focus ring (3px, 2px away) is cut off by its edge, scrolled or not: 6px on three sides, and at
     the end the row gap (the card's last links reach 8px below its text, their ring 5px more). */
  .box > .stage {
    grid-row: 2;
    min-height: 0;
    margin: -6px -6px calc(var(--_adpx-gap) * -0.75);
    padding: 6px 6px 14px;
    scroll-padding: 6px 6px 14px;
    overflow: auto;
    overscroll-behavior: contain;
  }

  /* Popup: centred in the area the insets leave (the script API sets them from percent margins). */
  .layout-popup {
    padding: max(var(--adpx-inset-top, 16px), env(safe-area-inset-top, 0px))
      max(var(--adpx-inset-right, 16px), env(safe-area-inset-right, 0px))
      max(var(--adpx-inset-bottom, 16px), env(safe-area-inset-bottom, 0px))
      max(var(--adpx-inset-left, 16px), env(safe-area-inset-left, 0px));
    background: var(--_adpx-backdrop);
    place-items: center;
  }
  .layout-popup.position-top {
    align-items: start;
  }
  .layout-popup.position-bottom {
    align-items: end;
  }
  .layout-popup .box {
    width: min(100%, var(--adpx-popup-width, 480px));
    box-shadow: var(--adpx-shadow, 0 24px 64px rgb(0 0 0 / 0.28));
  }

  /* Fullscreen: phone first; the content keeps clear of notches and home indicators. */
  .layout-fullscreen {
    background: var(--_adpx-unit-bg);
  }
  .layout-fullscreen .box {
    width: 100%;
    height: 100%;
    max-width: none;
    grid-template-columns: minmax(0, var(--adpx-fullscreen-width, 640px));
    justify-content: center;
    padding: max(12px, env(safe-area-inset-top, 0px)) max(12px, env(safe-area-inset-right, 0px))
      max(12px, env(safe-area-inset-bottom, 0px)) max(12px, env(safe-area-inset-left, 0px));
    border: 0;
    border-radius: 0;
  }

  /* List: every offer stacked in the page flow; the page scrolls. */
  .list {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: var(--adpx-list-gap, var(--_adpx-gap));
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .sentinel {
    height: 1px;
    margin-block-start: -1px;
  }

  @media (prefers-reduced-motion: no-preference) {
    .overlay[open] {
      animation: adpx-fade 160ms ease-out;
    }
    .layout-popup[open] .box {
      animation: adpx-rise 200ms cubic-bezier(0.2, 0.8, 0.2, 1);
    }
    .layout-inline .offer,
    .box .offer,
    .end {
      animation: adpx-fade 180ms ease-out;
    }
  }
  @keyframes adpx-fade {
    from {
      opacity: 0;
    }
  }
  @keyframes adpx-rise {
    from {
      opacity: 0;
      transform: translateY(12px) scale(0.98);
    }
  }
`;
