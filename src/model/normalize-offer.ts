/**
 * One raw offer → one safe {@link Offer}, or the reason it cannot be shown.
 */
import type { Creative, Offer, OfferBeacons } from './types.js';
import { isJsonObject, toBoolean, toId, toPlainString, toPositiveNumber, toText } from './coerce.js';
import type { JsonObject } from './coerce.js';
import { MODEL_CAPS, TEXT_LIMITS } from './limits.js';
import type { TextField } from './limits.js';
import { safeHttpUrl, safeQrImage } from './urls.js';

/** Why an offer was dropped; written to the debug log. */
export const OfferDropReason = {
  NotObject: 'not an object',
  NoId: 'no valid integer id',
  DuplicateId: 'duplicated id',
  NoHeadline: 'no headline (neither title nor short_headline)',
  NoClickUrl: 'no safe click_url',
} as const;

export type OfferDropReason = (typeof OfferDropReason)[keyof typeof OfferDropReason];

/** The plain-text fields of an offer: every field of {@link TEXT_LIMITS} but `tag` (it is in `tags`). */
type OfferTextField = Exclude<TextField, 'tag'>;
type OfferTexts = Partial<Record<OfferTextField, string>>;
const OFFER_TEXT_FIELDS = (Object.keys(TEXT_LIMITS) as TextField[]).filter(
  (field): field is OfferTextField => field !== 'tag',
);

/** The outcome of {@link normalizeOffer}. */
export type OfferResult = { ok: true; offer: Offer } | { ok: false; reason: OfferDropReason };

/**
 * Normalises one raw offer. `seenIds` holds the ids already kept in this response; the id of a
 * kept offer is added to it. Unknown fields are ignored; a field of the wrong type is left out;
 * the offer itself is dropped only when it cannot be shown safely (see {@link OfferDropReason}).
 */
export function normalizeOffer(raw: unknown, seenIds: Set<number>): OfferResult {
  if (!isJsonObject(raw)) return { ok: false, reason: OfferDropReason.NotObject };
  const id = toId(raw.id);
  if (id === undefined) return { ok: false, reason: OfferDropReason.NoId };
  if (seenIds.has(id)) return { ok: false, reason: OfferDropReason.DuplicateId };
  const text = normalizeTexts(raw);
  if (text.title === undefined && text.short_headline === undefined) {
    return { ok: false, reason: OfferDropReason.NoHeadline };
  }
  const clickUrl = safeHttpUrl(raw.click_url);
  if (clickUrl === undefined) return { ok: false, reason: OfferDropReason.NoClickUrl };
  seenIds.add(id);
  return { ok: true, offer: buildOffer(raw, id, clickUrl, text) };
}

/** Assembles the offer once it is known to be showable; optional fields only when present. */
function buildOffer(raw: JsonObject, id: number, clickUrl: string, text: OfferTexts): Offer {
  const offer: Offer = {
    id,
    click_url: clickUrl,
    creatives: normalizeCreatives(raw.creatives),
    beacons: normalizeBeacons(raw.beacons),
    offerwall_enabled: toBoolean(raw.offerwall_enabled) ?? false,
    perkswallet_enabled: toBoolean(raw.perkswallet_enabled) ?? false,
    is_loyaltyboost: toBoolean(raw.is_loyaltyboost) ?? false,
    tags: normalizeTags(raw.tags),
  };
  Object.assign(offer, text);
  assignDefined(offer, {
    campaign_id: toId(raw.campaign_id),
    image: safeHttpUrl(raw.image),
    qr_code_img: safeQrImage(raw.qr_code_img),
    terms_and_conditions: toPlainString(raw.terms_and_conditions, MODEL_CAPS.terms),
    pixel: safeHttpUrl(raw.pixel),
    adv_pixel_url: safeHttpUrl(raw.adv_pixel_url),
    save_for_later_url: safeHttpUrl(raw.save_for_later_url),
    offerwall_url: safeHttpUrl(raw.offerwall_url),
  });
  return offer;
}

/** Every plain-text field of the offer, cleaned and cut to its limit; absent ones left out. */
function normalizeTexts(raw: JsonObject): OfferTexts {
  const texts: OfferTexts = {};
  for (const field of OFFER_TEXT_FIELDS) {
    const value = toText(raw[field], TEXT_LIMITS[field]);
    if (value !== undefined) texts[field] = value;
  }
  return texts;
}

/** Safe beacon URLs; a beacon with an unsafe URL is left out. */
function normalizeBeacons(raw: unknown): OfferBeacons {
  const beacons: OfferBeacons = {};
  if (!isJsonObject(raw)) return beacons;
  assignDefined(beacons, {
    close: safeHttpUrl(raw.close),
    no_thanks_click: safeHttpUrl(raw.no_thanks_click),
  });
  return beacons;
}

/** Tags: strings only, cleaned, cut, de-duplicated, at most {@link MODEL_CAPS.tags}. */
function normalizeTags(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const tags = new Set<string>();
  for (const entry of raw.slice(0, MODEL_CAPS.tags * 2)) {
    const tag = toText(entry, TEXT_LIMITS.tag);
    if (tag !== undefined) tags.add(tag);
    if (tags.size === MODEL_CAPS.tags) break;
  }
  return [...tags];
}

/** The valid creatives, at most {@link MODEL_CAPS.creatives} considered. */
function normalizeCreatives(raw: unknown): Creative[] {
  if (!Array.isArray(raw)) return [];
  return raw.slice(0, MODEL_CAPS.creatives).flatMap((entry) => normalizeCreative(entry) ?? []);
}

/**
 * A creative is kept when its `url` is safe and each dimension it gives (`width`, `height`,
 * `aspect_ratio`; `null` counts as not given) is a finite positive number — a creative with a
 * zero or negative size is broken data, not something to lay out. `aspect_ratio` is computed
 * from width and height when absent. A bad `id` or `type` only loses that field.
 */
function normalizeCreative(raw: unknown): Creative | undefined {
  if (!isJsonObject(raw)) return undefined;
  const url = safeHttpUrl(raw.url);
  if (url === undefined) return undefined;
  const width = optionalPositive(raw.width);
  const height = optionalPositive(raw.height);
  const ratio = optionalPositive(raw.aspect_ratio);
  if (width === null || height === null || ratio === null) return undefined;
  const creative: Creative = { url, is_primary: toBoolean(raw.is_primary) ?? false };
  const computedRatio = width !== undefined && height !== undefined ? width / height : undefined;
  assignDefined(creative, {
    id: toId(raw.id),
    width,
    height,
    type: toPlainString(raw.type, MODEL_CAPS.creativeType),
    aspect_ratio: ratio ?? computedRatio,
  });
  return creative;
}

/** `undefined` when not given, `null` when given but invalid, else the number. */
function optionalPositive(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return undefined;
  return toPositiveNumber(value) ?? null;
}

/** Copies the entries of `values` that are not `undefined` onto `target`. */
function assignDefined<T extends object>(target: T, values: Partial<T>): void {
  const fields = target as Record<string, unknown>;
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) fields[key] = value;
  }
}
