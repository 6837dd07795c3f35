/**
 * Which words the card shows. Pure functions of the offer: no DOM, no Lit, so they are tested in
 * Vitest and reused by any template.
 */
import type { Messages } from '../../i18n/messages.js';
import type { Offer } from '../../model/types.js';

/**
 * The card width, in CSS pixels, from which the wide texts (`title`, `description`) replace the
 * narrow ones (`short_headline`, `short_description`). Applied by a container query on the card
 * itself (see `adpx-offer.styles.ts`), so it follows the card's own width, not the window's.
 * docs/decisions/004-card-fragments.md explains the choice.
 */
export const WIDE_CARD_MIN_WIDTH = 480;

/** A headline and its description. */
export interface CopyPair {
  headline?: string;
  description?: string;
}

/** The texts for a wide and for a narrow card. */
export interface CardCopy {
  wide: CopyPair;
  narrow: CopyPair;
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
  return {
    wide: { headline: title ?? shortHeadline, description: description ?? shortDescription },
    narrow: { headline: shortHeadline ?? title, description: shortDescription ?? description },
  };
}

/** The CTA labels: the offer's suggestions, or the unit's language's defaults. */
export function ctaLabels(offer: Offer, m: Messages): { accept: string; decline: string } {
  return {
    accept: present(offer.cta_yes) ?? m.t('accept'),
    decline: present(offer.cta_no) ?? m.t('decline'),
  };
}

/** "Offer from StreamMax" (in the unit's language), or `undefined` without an advertiser. */
export function advertiserLine(offer: Offer, m: Messages): string | undefined {
  const name = present(offer.advertiser_name);
  return name === undefined ? undefined : m.t('offerFrom', { advertiser: name });
}

/** The text alternative of the QR code, naming the advertiser when known. */
export function qrAlt(offer: Offer, m: Messages): string {
  const name = present(offer.advertiser_name);
  return name === undefined ? m.t('qrAlt') : m.t('qrAltFrom', { advertiser: name });
}
