import { css } from 'lit';
import { wideCard } from '../shared.styles.js';

/**
 * The card in a column (docs/theming.md, "Card layout by width"). Narrow (a phone): the image on
 * top at its own ratio. Wide (from `WIDE_CARD_MIN_WIDTH` of card width: a checkout's main column, a
 * desktop page): the image is a thumbnail beside the intro (advertiser, headline, description) and
 * everything else runs the full width below, so the image stays a small share of the card instead
 * of a full-width banner (≈ 700 × 370 px at 736 px before). The frame keeps its `aspect-ratio`, so
 * its space is known before the image arrives (no layout shift).
 *
 * `--_adpx-corner` (set by the unit when its close button floats over the card's top corner, no
 * heading) keeps the intro's text clear of that button whenever the intro is at the top.
 */
export const columnStyles = css`
  .card:not(.has-media) .intro {
    padding-inline-end: var(--_adpx-corner, 0px);
  }
  @container adpx-card ${wideCard} {
    .card.has-media {
      grid-template-columns: clamp(140px, 30%, 240px) minmax(0, 1fr);
      column-gap: calc(var(--_gap) * 1.25);
      align-items: start;
    }
    .card.has-media > .body {
      display: contents;
    }
    .card.has-media > .body > * {
      grid-column: 1 / -1;
    }
    .card.has-media > .media {
      grid-column: 1;
      grid-row: 1;
    }
    .card.has-media > .body > .intro {
      grid-column: 2;
      grid-row: 1;
      align-self: center;
      padding-inline-end: var(--_adpx-corner, 0px);
    }
  }
`;
