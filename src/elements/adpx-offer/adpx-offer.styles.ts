import { css } from 'lit';
import { wideCard } from '../base.styles.js';

/**
 * The card's sheet, for the card alone and for the cards a unit renders in its own shadow root.
 * `.offer` is the card's size container: from 480px of card width (`WIDE_CARD_MIN_WIDTH`) it shows
 * the wide texts, below that the narrow ones, and the image becomes a thumbnail beside the intro
 * (advertiser, headline, description) with everything else the full width below, so the image stays
 * a small share of the card (docs/theming.md, "Card layout by width"); narrow (a phone), the image
 * is on top at its own ratio. The frame keeps its `aspect-ratio`, so its space is known before the
 * image arrives (no layout shift). Every control is at least 44px tall; motion stops with
 * `prefers-reduced-motion`. Logical properties only, so RTL pages mirror. Only private `--_adpx-*`
 * variables are read (base.styles.ts maps the public tokens).
 */
export const offerStyles = css`
  .offer {
    --_adpx-qr-size: min(var(--adpx-qr-size, 160px), 228px);
    container: adpx-card / inline-size;
    /* A size container gives its box no width of its own: where the box sizes to its content (a
       flex or grid item, a table cell, a float, a dialog…), the card takes its natural width, 25em
       (400px at the default text size). The grid around it (the unit's box, its list, the card's
       host) lets it shrink to any narrower space. */
    contain-intrinsic-inline-size: 25em;
    display: block;
  }
  /* The card alone: at most the natural width above, down to any narrower space (see .unit). */
  :host(adpx-offer) {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
  }
  .card {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: calc(var(--_adpx-gap) * 0.875);
    padding: var(--_adpx-gap);
    background: var(--_adpx-card-bg);
    color: var(--_adpx-fg);
    border: 1px solid var(--_adpx-border);
    border-radius: var(--_adpx-radius);
    text-align: start;
    /* A word longer than the card (a German compound, an advertiser's name, a CTA from the
       service) breaks rather than pushing the card wider than its column; inherited by every
       text and control of the card, the terms included. */
    overflow-wrap: anywhere;
  }
  .media {
    position: relative;
    margin-block-end: calc(var(--_adpx-gap) * 0.125);
    aspect-ratio: var(--_ratio, 191 / 100);
    overflow: hidden;
    border-radius: calc(var(--_adpx-radius) - 4px);
    background: var(--_adpx-media);
  }
  .image {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .intro {
    display: grid;
    gap: 6px;
  }
  .advertiser {
    margin: 0;
    font-size: var(--_adpx-text-s);
    font-weight: 600;
    line-height: 1.4;
    color: var(--_adpx-muted);
  }
  .headline {
    margin: 0;
    font-size: var(--adpx-headline-size, var(--_adpx-text-l));
    font-weight: 600;
    line-height: 1.3;
    letter-spacing: -0.01em;
    text-wrap: balance;
  }
  .description {
    margin: 0;
    font-size: var(--adpx-offer-text-size, var(--_adpx-text-m));
    line-height: 1.5;
  }
  .mini-text {
    margin: 0;
    font-size: var(--_adpx-text-xs);
    line-height: 1.45;
    color: var(--_adpx-muted);
  }
  .mini-text small {
    font-size: inherit;
  }
  /* Narrow first: the wide texts are out of the layout and of the accessibility tree. */
  .when-wide {
    display: none !important;
  }
  @container adpx-card ${wideCard} {
    .when-wide {
      display: block !important;
    }
    .when-narrow {
      display: none !important;
    }
    .card {
      padding: calc(var(--_adpx-gap) * 1.25);
    }
  }

  .actions {
    display: grid;
    gap: 8px;
  }
  .accept,
  .decline {
    min-height: 48px;
    padding: 10px 20px;
    border-radius: calc(var(--_adpx-radius) - 2px);
    font-size: var(--_adpx-text-m);
    line-height: 1.25;
    cursor: pointer;
    transition:
      background-color 150ms ease,
      border-color 150ms ease,
      transform 100ms ease;
  }
  /* Each button colour: the page's --adpx-accept-* or --adpx-decline-* property, else the unit's
     overrides (the launcher's styles.offerText.buttonYes and buttonNo), else the theme. */
  .accept {
    border: 1px solid var(--adpx-accept-border, var(--_response-accept-border, transparent));
    background: var(--adpx-accept-background, var(--_response-accept-background, var(--_adpx-primary)));
    color: var(
      --adpx-accept-text,
      var(--_response-accept-text, var(--_adpx-on-accept, var(--_adpx-on-primary)))
    );
    font-weight: 600;
  }
  .accept:hover {
    background: var(
      --adpx-accept-hover,
      var(--_response-accept-hover, color-mix(in srgb, var(--_adpx-primary) 86%, #000000))
    );
  }
  .decline {
    border: 1px solid var(--adpx-decline-border, var(--_response-decline-border, var(--_adpx-border)));
    background: var(--adpx-decline-background, var(--_response-decline-background, transparent));
    color: var(--adpx-decline-text, var(--_response-decline-text, var(--_adpx-fg)));
    font-weight: 400;
  }
  .decline:hover {
    background: var(
      --adpx-decline-hover,
      var(--_response-decline-hover, color-mix(in srgb, var(--_adpx-fg) 6%, transparent))
    );
  }
  .accept:active,
  .decline:active {
    transform: translateY(1px);
  }
  @container adpx-card ${wideCard} {
    .actions {
      display: flex;
      flex-wrap: wrap;
    }
    /* One row when both fit, the accept button wider; each alone on its row when they do not. */
    .accept {
      flex: 3 1 auto;
    }
    .decline {
      flex: 1 1 auto;
    }
  }
  .extras {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0 20px;
    margin-block: -6px;
  }
  .extra {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 44px;
    padding: 0 2px;
    border: 0;
    border-radius: 6px;
    background: none;
    color: var(--_adpx-primary);
    font-size: var(--_adpx-text-s);
    font-weight: 600;
    text-align: start;
    text-decoration: none;
    cursor: pointer;
  }
  .extra:hover span {
    text-decoration: underline;
    text-underline-offset: 3px;
  }
  .save[aria-disabled='true'] {
    cursor: default;
  }
  .save[aria-disabled='true']:hover span {
    text-decoration: none;
  }
  .save[data-state='saved'] {
    color: var(--_adpx-success);
  }
  .save-status {
    flex-basis: 100%;
    font-size: var(--_adpx-text-s);
    color: var(--_adpx-muted);
  }
  .icon {
    flex: none;
  }
  .loyalty {
    display: grid;
    justify-items: start;
    gap: 6px;
    padding: 10px 12px;
    border-radius: calc(var(--_adpx-radius) - 4px);
    background: color-mix(in srgb, var(--_adpx-accent) 9%, var(--_adpx-card-bg));
  }
  .badge {
    display: inline-flex;
    align-items: center;
    gap: 5px;
    padding: 2px 10px 2px 8px;
    border-radius: 999px;
    background: color-mix(in srgb, var(--_adpx-accent) 16%, var(--_adpx-card-bg));
    color: var(--_adpx-accent);
    font-size: var(--_adpx-text-xs);
    font-weight: 600;
    line-height: 1.5;
  }
  .requirements {
    margin: 0;
    font-size: var(--_adpx-text-s);
    line-height: 1.45;
  }
  .qr {
    display: flex;
    align-items: center;
    gap: 14px;
  }
  .qr-frame {
    flex: none;
    line-height: 0;
    background: #ffffff;
    border: 1px solid var(--_adpx-border);
    border-radius: 6px;
    overflow: hidden;
  }
  .qr-image {
    display: block;
    width: var(--_adpx-qr-size);
    height: var(--_adpx-qr-size);
    object-fit: contain;
    image-rendering: pixelated;
  }
  .qr-caption {
    max-width: 18ch;
    font-size: var(--_adpx-text-s);
    line-height: 1.4;
    color: var(--_adpx-muted);
  }
  .legal {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-start;
    column-gap: 16px;
    margin-block-end: -8px;
    padding-block-start: 4px;
    border-block-start: 1px solid var(--_adpx-border);
  }
  .legal > .terms {
    flex: 1 1 12em;
  }
  /* Open as an accordion, the terms take the whole row (their text as wide as the card, not the
     space left beside Privacy), and Privacy moves below them. */
  .legal > .terms.open {
    flex-basis: 100%;
  }
  .privacy {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    margin-inline-start: auto;
    padding: 0 4px;
    border-radius: 4px;
    font-size: var(--_adpx-text-s);
    color: var(--_adpx-muted);
    text-underline-offset: 3px;
  }
  @media (prefers-reduced-motion: reduce) {
    .accept,
    .decline {
      transition: none;
    }
    .accept:active,
    .decline:active {
      transform: none;
    }
  }

  @container adpx-card ${wideCard} {
    .card.has-media {
      grid-template-columns: clamp(140px, 30%, 240px) minmax(0, 1fr);
      gap: var(--_adpx-gap) calc(var(--_adpx-gap) * 1.25);
      align-items: start;
    }
    .card.has-media > * {
      grid-column: 1 / -1;
    }
    .card.has-media > .media {
      grid-column: 1;
      grid-row: 1;
      margin-block-end: 0;
    }
    .card.has-media > .intro {
      grid-column: 2;
      grid-row: 1;
      align-self: center;
    }
  }
`;
