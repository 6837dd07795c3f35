/**
 * The limits of the offers service (spec, "Limits" and "Offer object") in one table, plus the
 * caps this SDK adds so that a hostile or broken response cannot make normalising slow.
 *
 * Lengths are counted in Unicode code points (what a reader calls characters), never in UTF-16
 * code units, so an emoji is one character and is never split in half.
 */

/**
 * Maximum length, in code points, of each plain-text field of an offer. The first eight come from
 * the spec. `advertiser_name` and `tag` have no limit in the spec: 80 and 40 are caps chosen here
 * (a brand name or a short label; anything longer would only break a layout).
 */
export const TEXT_LIMITS = {
  title: 90,
  description: 220,
  mini_text: 160,
  short_headline: 60,
  short_description: 140,
  cta_yes: 25,
  cta_no: 25,
  loyaltyboost_requirements: 160,
  advertiser_name: 80,
  tag: 40,
} as const;

/** A field name of {@link TEXT_LIMITS}. */
export type TextField = keyof typeof TEXT_LIMITS;

/** Caps the spec does not give; chosen here and documented in one place. */
export const MODEL_CAPS = {
  /** Offers considered per response; the rest are ignored (the dashboard sets a small number). */
  offers: 50,
  /** Creatives considered per offer. */
  creatives: 20,
  /** Tags kept per offer. */
  tags: 20,
  /** Keys of `styles` looked at. */
  styleKeys: 50,
  /** `terms_and_conditions` HTML, in code points; cut without an ellipsis (the sanitiser repairs markup). */
  terms: 20_000,
  /** `session_id`, in code points. */
  sessionId: 256,
  /** A creative's `type`, in code points. */
  creativeType: 20,
  /** A URL longer than this (UTF-16 units) is refused, not cut: a cut URL is a different URL. */
  urlLength: 8192,
  /** Decoded size of a QR image, in bytes. */
  qrImageBytes: 200 * 1024,
  /** A string is cut to this many UTF-16 units before any other work, so 10 MB strings stay cheap. */
  rawText: 4096,
} as const;

/** The character that marks text cut by {@link truncate}. */
export const ELLIPSIS = '\u2026';

/** Options of {@link truncate}. */
export interface TruncateOptions {
  /**
   * End cut text with `…`. The ellipsis counts towards the limit, so the result is never longer
   * than `limit` code points. Default `true`.
   */
  ellipsis?: boolean;
}

/**
 * Cuts `value` to at most `limit` Unicode code points, never splitting a surrogate pair.
 *
 * Text within the limit is returned unchanged. Cut text ends with `…` (unless
 * `options.ellipsis` is `false`), with the whitespace before the ellipsis removed, and the
 * whole result, ellipsis included, fits in `limit`. Work is bounded by `limit`, not by the
 * length of `value`.
 */
export function truncate(value: string, limit: number, options: TruncateOptions = {}): string {
  const max = Math.max(0, Math.floor(limit));
  // A UTF-16 length within the limit means a code point count within it too.
  if (value.length <= max) return value;
  // Astral characters take two units each: the text may still fit (its first `max` are all of it).
  const head = takeCodePoints(value, max);
  if (head.length === value.length) return value;
  if (options.ellipsis === false || max === 0) return head;
  return `${takeCodePoints(value, max - 1).trimEnd()}${ELLIPSIS}`;
}

/** The first `count` code points of `value`; stops early, so long strings cost nothing extra. */
function takeCodePoints(value: string, count: number): string {
  let taken = 0;
  let end = 0;
  for (const char of value) {
    if (taken === count) break;
    taken += 1;
    end += char.length;
  }
  return value.slice(0, end);
}
