/**
 * The docs half of the launcher options table (launcher-options.ts): for each key, the value it
 * takes, what it becomes on `<adpx-offers>`, and a one-line doc. TypeScript requires exactly the
 * table's paths here; docs/api.md's table is rendered from both (the launcher-options test). The
 * script-tag build never imports this file.
 */
import type { ButtonKey, LauncherPath } from './launcher-options.js';

export interface LauncherDoc {
  /** The value it takes. */
  type: string;
  /** What it becomes on `<adpx-offers>`. */
  maps: string;
  doc: string;
}

const BUTTON_DOCS: Record<ButtonKey, [what: string, doc: string]> = {
  background: ['background', 'its background'],
  color: ['text', 'its text colour'],
  hover: ['hover', 'its background under the pointer'],
  stroke: ['border', 'its border colour'],
};

function buttonDocs<N extends 'buttonYes' | 'buttonNo'>(
  name: N,
  part: 'accept' | 'decline',
): Record<`styles.offerText.${N}.${ButtonKey}`, LauncherDoc> {
  const docs: Partial<Record<string, LauncherDoc>> = {};
  for (const [key, [what, doc]] of Object.entries(BUTTON_DOCS)) {
    docs[`styles.offerText.${name}.${key}`] = {
      type: 'colour',
      maps: `\`${part}_${what}_color\` → \`--adpx-${part}-${what}\``,
      doc: `The ${part === 'accept' ? 'positive' : 'negative'} button: ${doc}.`,
    };
  }
  return docs as Record<`styles.offerText.${N}.${ButtonKey}`, LauncherDoc>;
}

export const LAUNCHER_DOCS: Record<LauncherPath, LauncherDoc> = {
  'settings.target': {
    type: 'id, selector or Element',
    maps: 'inline in that element',
    doc: 'Render inline inside this element instead of a popup.',
  },
  'settings.embedded.enabled': {
    type: 'boolean',
    maps: 'inline when `targetElement` is found',
    doc: '`false` ignores `targetElement` (a popup).',
  },
  'settings.embedded.targetElement': {
    type: 'id, selector or Element',
    maps: 'inline in that element',
    doc: 'The launcher form of `target`.',
  },
  'settings.embedded.fill_container': {
    type: 'boolean',
    maps: '—',
    doc: 'Fill the embedding element.',
  },
  'settings.embedded.showHeader': {
    type: 'boolean',
    maps: '`false`: no `heading`, `hide-close`',
    doc: '`false` hides the header row (its text and close button).',
  },
  'settings.embedded.showFooter': {
    type: 'boolean',
    maps: '—',
    doc: 'Show the footer.',
  },
  'settings.multi_offer_unit': {
    type: 'boolean',
    maps: '`layout="list"` (embedded only)',
    doc: 'Embedded: all offers at once, as a list.',
  },
  'settings.ad_position': {
    type: '`center` | `top` | `bottom` (`top_left` reads as `top`)',
    maps: '`overrides.settings.ad_position`',
    doc: 'Where the popup sits.',
  },
  'settings.screen_margin': {
    type: 'number (%, 0..15)',
    maps: '`--adpx-inset-*` (as `Adpx.show` margins)',
    doc: 'Popup margin on every side; `Adpx.show({ position })` wins.',
  },
  'settings.darken_bg': {
    type: 'boolean',
    maps: '`false`: `--adpx-backdrop-color: transparent`',
    doc: 'Darken the page behind the popup (default true).',
  },
  'settings.delay': {
    type: 'seconds (0..60)',
    maps: 'the launcher waits before `show()`',
    doc: 'Delay between the offers being ready and the unit appearing.',
  },
  'settings.show_close': {
    type: 'boolean',
    maps: '`false`: `hide-close`',
    doc: 'Show the close button (default true; Escape still closes a popup).',
  },
  'settings.close_delay': {
    type: 'seconds (0..60)',
    maps: '`hide-close` until N s after the unit is shown',
    doc: 'The close button appears this long after the offers.',
  },
  'settings.close_ad_on_click_outside': {
    type: 'boolean',
    maps: '`backdrop-dismiss`',
    doc: 'A click on the backdrop closes the popup.',
  },
  'settings.backdrop_dismiss': {
    type: 'boolean',
    maps: '`backdrop-dismiss`',
    doc: 'Same as `close_ad_on_click_outside`.',
  },
  'settings.ad_animation': {
    type: 'string',
    maps: '—',
    doc: 'The opening animation.',
  },
  'settings.enable_offerwall': {
    type: 'boolean',
    maps: '`overrides.settings.offerwall_enabled`',
    doc: '`false` hides More Offers; `true` shows it where the offer allows.',
  },
  'settings.offerwall': {
    type: 'boolean',
    maps: '`overrides.settings.offerwall_enabled`',
    doc: 'Same as `enable_offerwall`.',
  },
  'settings.open_overlay_offerwall': {
    type: 'boolean',
    maps: '—',
    doc: 'Open the offer wall in an overlay.',
  },
  'settings.privacy_policy': {
    type: 'string or boolean',
    maps: '—',
    doc: 'The privacy link.',
  },
  'settings.show_disclaimer': {
    type: 'boolean',
    maps: '—',
    doc: 'Show the disclaimer.',
  },
  'settings.max_display_time': {
    type: 'seconds',
    maps: '`overrides.settings.max_display_time`',
    doc: 'The unit closes itself after this long.',
  },
  'settings.auto_close': {
    type: 'boolean',
    maps: '`overrides.settings.auto_close`',
    doc: 'Go away at the end of the flow (no end card).',
  },
  'settings.show_qr': {
    type: 'boolean',
    maps: '`show-qr`',
    doc: 'Show each offer’s QR code.',
  },
  'settings.terms': {
    type: '`accordion` | `modal`',
    maps: '`terms`',
    doc: 'How the terms open.',
  },
  'styles.*_color': {
    type: 'colour',
    maps: '`overrides.styles` (`primary_color`, `background_color`, `text_color`, …)',
    doc: 'Any colour key of the response’s `styles`.',
  },
  'styles.header.text': {
    type: 'text (90 characters)',
    maps: '`heading`',
    doc: 'The header text above the offers.',
  },
  'styles.header.background': {
    type: 'colour',
    maps: '`header_background_color` → `--adpx-header-background`',
    doc: 'The header’s background.',
  },
  'styles.header.textColor': {
    type: 'colour',
    maps: '`header_text_color` → `--adpx-header-text-color`',
    doc: 'The header’s text colour.',
  },
  'styles.header.fontSize': {
    type: 'px number or CSS length',
    maps: '`--adpx-header-font-size`',
    doc: 'The header text’s size.',
  },
  'styles.offerText.font': {
    type: 'font family',
    maps: '`--adpx-font-family`',
    doc: 'The font of the unit and its offers.',
  },
  'styles.offerText.fontSize': {
    type: 'px number or CSS length',
    maps: '`--adpx-offer-text-size`',
    doc: 'The size of the offers’ description.',
  },
  'styles.offerText.textColor': {
    type: 'colour',
    maps: '`text_color`',
    doc: 'The text colour (`text_color` given directly wins).',
  },
  ...buttonDocs('buttonYes', 'accept'),
  ...buttonDocs('buttonNo', 'decline'),
};
