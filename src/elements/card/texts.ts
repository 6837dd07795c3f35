/**
 * Which words the card shows. Pure functions of the offer: no DOM, no Lit, so they are tested in
 * Vitest and reused by any template.
 */
import type { Offer } from '../../model/types.js';

/**
 * The card width, in CSS pixels, from which the wide texts (`title`, `description`) replace the
 * narrow ones (`short_headline`, `short_description`). Applied by a container query on the card
 * itself (see `adpx-offer.styles.ts`), so it follows the card's own width, not the window's.
 * docs/decisions/004-card-fragments.md explains the choice.
 */
export const WIDE_CARD_MIN_WIDTH = 480;

/** Labels used when the offer gives none. */
export const DEFAULT_LABELS = {
  accept: 'Yes, please',
  decline: 'No, thanks',
  offerwall: 'More offers',
  save: 'Save for later',
  saving: 'Saving…',
  saved: 'Saved',
  saveFailed: 'Could not save. Try again',
  privacy: 'Privacy',
  loyalty: 'Loyalty boost',
  qrCaption: 'Scan to open on your phone',
} as const;

/** A headline and its description. */
export interface CopyPair {
  headline?: string;
  description?: string;
}

/** The texts for a wide and for a narrow card; `same` when both would read the same. */
export interface CardCopy {
  wide: CopyPair;
  narrow: CopyPair;
  same: boolean;
}

/** A string with something to read, or `undefined`. */
function present(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

/**
 * Wide cards read `title`/`description`, narrow cards `short_headline`/`short_description`. Each
 * field falls back to its counterpart of the other pair when it is absent, so a card always has a
 * headline (the normaliser keeps only offers with one of the two) and a description when any exists.
 */
export function cardCopy(offer: Offer): CardCopy {
  const title = present(offer.title);
  const shortHeadline = present(offer.short_headline);
  const description = present(offer.description);
  const shortDescription = present(offer.short_description);
  const wide: CopyPair = { headline: title ?? shortHeadline, description: description ?? shortDescription };
  const narrow: CopyPair = {
    headline: shortHeadline ?? title,
    description: shortDescription ?? description,
  };
  const same = wide.headline === narrow.headline && wide.description === narrow.description;
  return { wide, narrow, same };
}

/** The CTA labels: the offer's suggestions, or the defaults. */
export function ctaLabels(offer: Offer): { accept: string; decline: string } {
  return {
    accept: present(offer.cta_yes) ?? DEFAULT_LABELS.accept,
    decline: present(offer.cta_no) ?? DEFAULT_LABELS.decline,
  };
}

/** "Offer from StreamMax", or `undefined` without an advertiser. */
export function advertiserLine(offer: Offer): string | undefined {
  const name = present(offer.advertiser_name);
  return name === undefined ? undefined : `Offer from ${name}`;
}

/** The text alternative of the QR code, naming the advertiser when known. */
export function qrAlt(offer: Offer): string {
  const name = present(offer.advertiser_name);
  return name === undefined
    ? 'QR code: scan to open the offer on your phone'
    : `QR code: scan to open the offer from ${name} on your phone`;
}
