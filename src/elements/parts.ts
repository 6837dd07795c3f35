/**
 * Every CSS part of the elements, declared once: the name a template writes in `part="…"` and what
 * it is. The custom elements manifest (scripts/manifest.mjs) and the parts table of docs/theming.md
 * (scripts/parts.mjs) are made from these tables, and src/elements/parts.test.ts fails when a
 * template writes a part not declared here or a declared part is written nowhere. Nothing at run
 * time imports this module: the descriptions never ship in the script-tag file.
 */

/** The unit's own parts (`<adpx-offers>`). */
export const UNIT_PARTS = {
  unit: 'The unit’s box in every layout (the section inline and in the list, the box in the popup).',
  overlay: 'Popup / fullscreen: the `<dialog>` covering the viewport; it paints the backdrop.',
  dialog: 'Popup / fullscreen: the visible box inside the overlay (also `unit`).',
  header: 'The row with the heading and the close button (no heading: the floating button).',
  close: 'The close buttons (header, end card).',
  nav: 'The row with Previous, the progress and Next.',
  previous: 'The "Previous offer" button.',
  next: 'The "Next offer" button.',
  progress: 'The "2 of 5" text.',
  list: 'The `<ol>` of cards in the list layout.',
  end: 'The "That’s all for now" end card.',
} as const;

/** A card's parts: `<adpx-offer>`'s, and the unit's for each of its cards. */
export const CARD_PARTS = {
  offer: 'Each card’s root, its size container (`card` is the box inside it).',
  card: 'The card’s box.',
  media: 'The image frame (space reserved at the image’s aspect ratio).',
  image: 'The image.',
  advertiser: 'The "Offer from …" line.',
  headline: 'The headline.',
  description: 'The description.',
  loyalty: 'The loyalty-boost badge and requirements.',
  qr: 'The QR code and its caption (with `show-qr`).',
  actions: 'The CTA row.',
  accept: 'The positive CTA button.',
  decline: 'The negative CTA button.',
  offerwall: 'The "More offers" link.',
  save: 'The "Save for later" button.',
  'mini-text': 'The small print.',
  privacy: 'The "Privacy" link.',
  terms: 'The terms: their control and what it reveals.',
} as const;

/** The terms' parts: `<adpx-terms>`'s, and those of every card's terms. */
export const TERMS_PARTS = {
  'terms-toggle': 'The button that reveals the terms.',
  'terms-content': 'The box holding the sanitised terms.',
  'terms-dialog': 'The `<dialog>` of the modal mode.',
  'terms-close': 'The close button of the modal mode.',
  'terms-status': 'The line saying that the terms could not be loaded.',
} as const;

/** The parts each element exposes, in the order the docs list them. */
export const ELEMENT_PARTS = {
  'adpx-offers': { ...UNIT_PARTS, ...CARD_PARTS, ...TERMS_PARTS },
  'adpx-offer': { ...CARD_PARTS, ...TERMS_PARTS },
  'adpx-terms': TERMS_PARTS,
} as const;
