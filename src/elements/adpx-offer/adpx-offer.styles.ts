import { css } from 'lit';
import { hostReset, tokens, visuallyHidden, wideCard } from '../shared.styles.js';
import { columnStyles } from './column.styles.js';
import { controlStyles } from './controls.styles.js';

/**
 * Card styles. Public `--adpx-*` properties feed private `--_*` variables; nothing leaks out of
 * the shadow root and the host page's CSS does not leak in. The card is its own size container:
 * from 480px of card width (`WIDE_CARD_MIN_WIDTH`) it shows the wide texts, below that the narrow
 * ones, and the image becomes a thumbnail beside the intro (card/column.styles.ts). Logical
 * properties only, so RTL pages mirror.
 */
const layoutStyles = css`
  :host {
    --_bg: var(--adpx-card-background, var(--adpx-background, var(--_d-bg)));
    --_fg: var(--adpx-text-color, var(--_d-fg));
    --_muted: var(--adpx-muted-color, var(--_d-muted));
    --_border: var(--adpx-border-color, var(--_d-border));
    --_primary: var(--adpx-primary-color, var(--_d-primary));
    --_on-primary: var(--adpx-on-primary-color, var(--_d-on-primary));
    --_accent: var(--adpx-accent-color, var(--_d-accent));
    --_success: var(--adpx-success-color, var(--_d-success));
    --_focus: var(--adpx-focus-color, var(--_d-focus));
    --_media-bg: var(--adpx-media-background, var(--_d-media));
    --_qr-size: min(var(--adpx-qr-size, 160px), 228px);
    container: adpx-card / inline-size;
    display: block;
    box-sizing: border-box;
    color: var(--_fg);
    -webkit-font-smoothing: antialiased;
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
    color: var(--_fg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    text-align: start;
    /* A word longer than the card (a German compound, an advertiser's name, a CTA from the
       service) breaks rather than pushing the card wider than its column; inherited by every
       text and control of the card, the terms included. */
    overflow-wrap: anywhere;
  }
  .media {
    position: relative;
    aspect-ratio: var(--_ratio, 191 / 100);
    overflow: hidden;
    border-radius: calc(var(--_radius) - 4px);
    background: var(--_media-bg);
  }
  .image {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .body {
    display: grid;
    align-content: start;
    gap: calc(var(--_gap) * 0.875);
    min-width: 0;
  }
  .intro {
    display: grid;
    gap: 6px;
  }
  .advertiser {
    margin: 0;
    font-size: 0.8125em;
    font-weight: 600;
    line-height: 1.4;
    color: var(--_muted);
  }
  .headline {
    margin: 0;
    font-size: var(--adpx-headline-size, 1.125em);
    font-weight: 700;
    line-height: 1.3;
    letter-spacing: -0.01em;
    text-wrap: balance;
    overflow-wrap: anywhere;
  }
  .description {
    margin: 0;
    font-size: var(--adpx-offer-text-size, 0.9375em);
    line-height: 1.5;
    overflow-wrap: anywhere;
  }
  .mini-text {
    margin: 0;
    font-size: 0.75em;
    line-height: 1.45;
    color: var(--_muted);
    overflow-wrap: anywhere;
  }
  .mini-text small {
    font-size: inherit;
  }
  /* Narrow first: the wide texts are out of the layout and of the accessibility tree. */
  .when-wide {
    display: none;
  }
  @container adpx-card ${wideCard} {
    .when-wide {
      display: block;
    }
    .when-narrow {
      display: none;
    }
    .card {
      padding: calc(var(--_gap) * 1.25);
    }
    .headline {
      font-size: var(--adpx-headline-size, 1.375em);
    }
    .description {
      font-size: var(--adpx-offer-text-size, 1em);
    }
  }
  ${visuallyHidden}
`;

export const offerStyles = [hostReset, tokens, layoutStyles, controlStyles, columnStyles];
