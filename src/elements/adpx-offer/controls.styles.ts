import { css } from 'lit';
import { wideCard } from '../shared.styles.js';

/**
 * Styles of the card's controls and badges: CTAs, secondary actions, loyalty, QR, footer. Every
 * control is at least 44px tall and shows a focus ring; motion stops with `prefers-reduced-motion`.
 * The private `--_*` variables come from the card's `:host` (adpx-offer.styles.ts).
 */
export const controlStyles = css`
  button,
  a {
    font: inherit;
    -webkit-tap-highlight-color: transparent;
  }
  button:focus-visible,
  a:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .actions {
    display: grid;
    gap: 8px;
  }
  .accept,
  .decline {
    min-height: 48px;
    padding: 10px 20px;
    border-radius: calc(var(--_radius) - 2px);
    font-size: 1em;
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
    background: var(--adpx-accept-background, var(--_response-accept-background, var(--_primary)));
    color: var(--adpx-accept-text, var(--_response-accept-text, var(--_on-primary)));
    font-weight: 650;
  }
  .accept:hover {
    background: var(
      --adpx-accept-hover,
      var(--_response-accept-hover, color-mix(in srgb, var(--_primary) 86%, #000000))
    );
  }
  .decline {
    border: 1px solid var(--adpx-decline-border, var(--_response-decline-border, var(--_border)));
    background: var(--adpx-decline-background, var(--_response-decline-background, transparent));
    color: var(--adpx-decline-text, var(--_response-decline-text, var(--_fg)));
    font-weight: 500;
  }
  .decline:hover {
    background: var(
      --adpx-decline-hover,
      var(--_response-decline-hover, color-mix(in srgb, var(--_fg) 6%, transparent))
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
    color: var(--_primary);
    font-size: 0.875em;
    font-weight: 600;
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
    color: var(--_success);
  }
  .save-status {
    flex-basis: 100%;
    font-size: 0.8125em;
    color: var(--_muted);
  }
  .icon {
    flex: none;
  }
  .loyalty {
    display: grid;
    justify-items: start;
    gap: 6px;
    padding: 10px 12px;
    border-radius: calc(var(--_radius) - 4px);
    background: color-mix(in srgb, var(--_accent) 9%, var(--_bg));
  }
  .badge {
    display: inline-flex;
    align-items: center;
    gap: 5px;
    padding: 2px 10px 2px 8px;
    border-radius: 999px;
    background: color-mix(in srgb, var(--_accent) 16%, var(--_bg));
    color: var(--_accent);
    font-size: 0.75em;
    font-weight: 700;
    line-height: 1.5;
  }
  .requirements {
    margin: 0;
    font-size: 0.875em;
    line-height: 1.45;
    overflow-wrap: anywhere;
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
    border: 1px solid var(--_border);
    border-radius: 6px;
    overflow: hidden;
  }
  .qr-image {
    display: block;
    width: var(--_qr-size);
    height: var(--_qr-size);
    object-fit: contain;
    image-rendering: pixelated;
  }
  .qr-caption {
    max-width: 18ch;
    font-size: 0.8125em;
    line-height: 1.4;
    color: var(--_muted);
  }
  .legal {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-start;
    column-gap: 16px;
    margin-block-end: -8px;
    padding-block-start: 4px;
    border-block-start: 1px solid var(--_border);
    /* <adpx-terms> inherits the card's resolved colours (set here, on its parent: set on the
       element itself they would refer to its own --_* variables and form a cycle). */
    --adpx-terms-font-size: 0.8125em;
    --adpx-muted-color: var(--_muted);
    --adpx-primary-color: var(--_primary);
    --adpx-focus-color: var(--_focus);
    --adpx-background: var(--_bg);
    --adpx-border-color: var(--_border);
  }
  /* The terms reset the page's text at their root; in the card they take the card's font. */
  .terms {
    flex: 1 1 12em;
    font: inherit;
  }
  /* Open as an accordion, the terms take the whole row (their text as wide as the card, not the
     space left beside Privacy), and Privacy moves below them. */
  .terms:state(open):not([mode='modal']) {
    flex-basis: 100%;
  }
  .privacy {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    margin-inline-start: auto;
    padding: 0 4px;
    border-radius: 4px;
    font-size: 0.8125em;
    color: var(--_muted);
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
`;
