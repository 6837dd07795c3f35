import { css } from 'lit';

/**
 * Inline layout without a heading: the header would be an empty 44 px row holding only the close
 * button. Instead the button floats over the unit's top corner (over the image's corner, or beside
 * the intro, which keeps clear of it through `--_adpx-corner`, see card/column.styles.ts). With a
 * heading the header row stays as it is. Engines without `:has()` keep the row.
 */
export const cornerCloseStyles = css`
  .layout-inline {
    position: relative;
  }
  .layout-inline > .header:not(:has(.heading)) {
    position: absolute;
    z-index: 1;
    inset-block-start: calc(var(--_gap) * 0.75 + 6px);
    inset-inline-end: calc(var(--_gap) * 0.75 + 6px);
    min-height: 0;
  }
  .layout-inline > .header:not(:has(.heading)) ~ .body .offer {
    --_adpx-corner: 52px;
  }
`;
