import { css } from 'lit';
import { wideCard } from '../base.styles.js';

/**
 * Inline layout without a heading: the header would be an empty 44 px row holding only the close
 * button. Instead the button floats over the unit's top corner (over the image's corner), and the
 * card's intro keeps clear of it whenever the intro is at the top: a card without an image, or a
 * wide card, whose image is a thumbnail beside the intro. With a heading the header row stays as
 * it is. The template marks the header `floating` (a class, not `:has()`: nothing to re-match on
 * each render).
 */
export const cornerCloseStyles = css`
  .layout-inline {
    position: relative;
  }
  .layout-inline > .header.floating {
    position: absolute;
    z-index: 1;
    inset-block-start: calc(var(--_adpx-gap) * 0.75 + 6px);
    inset-inline-end: calc(var(--_adpx-gap) * 0.75 + 6px);
    min-height: 0;
  }
  .layout-inline > .header.floating ~ .stage .card:not(.has-media) .intro {
    padding-inline-end: 52px;
  }
  @container adpx-card ${wideCard} {
    .layout-inline > .header.floating ~ .stage .card.has-media .intro {
      padding-inline-end: 52px;
    }
  }
`;
