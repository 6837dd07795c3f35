/**
 * Small coercions from untrusted JSON values to the model's types. Each returns `undefined` when
 * the value cannot be used, so callers decide whether that drops a field or a whole offer.
 */
import { MODEL_CAPS, truncate } from './limits.js';

/** A JSON object (not null, not an array). */
export type JsonObject = Record<string, unknown>;

/** True for a non-null, non-array object. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Ids: digits only when sent as strings (no sign, no exponent, no decimals). */
const ID_STRING = /^\d{1,15}$/;
/** Decimal numbers sent as strings: `12`, `12.5`, `.5`. */
const NUMBER_STRING = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * An id: a non-negative safe integer, or a string of digits (services built on loosely typed
 * stacks often send ids as strings). Anything else — floats, negatives, `"1e3"`, booleans — is
 * `undefined`.
 */
export function toId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return ID_STRING.test(trimmed) ? Number(trimmed) : undefined;
}

/**
 * A finite number greater than zero, from a number or a decimal string; else `undefined`.
 */
export function toPositiveNumber(value: unknown): number | undefined {
  let number: number | undefined;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string' && value.length <= 32 && NUMBER_STRING.test(value.trim())) {
    number = Number(value.trim());
  }
  return number !== undefined && Number.isFinite(number) && number > 0 ? number : undefined;
}

/**
 * A boolean from `true`/`false`, `1`/`0`, or the strings `'true'`/`'false'`/`'1'`/`'0'` (any
 * case, trimmed); anything else is `undefined` — the caller picks the default.
 */
export function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string' || value.length > 8) return undefined;
  const text = value.trim().toLowerCase();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  return undefined;
}

/** A character {@link stripControlCharacters} may change: a control, a bidi control, a lone surrogate. */
const MAY_NEED_STRIPPING = /[\p{Cc}\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/u;

/**
 * Replaces characters that have no place in displayed plain text: C0 controls except `\n`
 * (tabs become spaces, `\r\n`/`\r` become `\n`), DEL, C1 controls, bidi embedding/override/isolate
 * controls (they can visually reorder text, a spoofing trick), and lone surrogates.
 */
export function stripControlCharacters(value: string): string {
  // Most text has none of them: one plain scan, instead of four replacements (two of them Unicode
  // patterns), on every field of every offer.
  if (!MAY_NEED_STRIPPING.test(value)) return value;
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, (char) => (char === '\n' ? char : ''))
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '');
}

/**
 * Plain text for display: a string, cut early to {@link MODEL_CAPS.rawText} units (so a 10 MB
 * string costs nothing), control characters stripped, trimmed, then cut to `limit` code points
 * with an ellipsis. Empty text and non-strings are `undefined`. Never HTML-interpreted here: the
 * elements render it as text.
 */
export function toText(value: unknown, limit: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = stripControlCharacters(value.slice(0, MODEL_CAPS.rawText)).trim();
  return text === '' ? undefined : truncate(text, limit);
}

/**
 * A string kept verbatim apart from control characters (ids, types, HTML), cut to `limit` code
 * points with no ellipsis. `rawLimit` bounds the work on huge input (UTF-16 units).
 */
export function toPlainString(value: unknown, limit: number, rawLimit = limit * 2): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = stripControlCharacters(value.slice(0, rawLimit)).trim();
  return text === '' ? undefined : truncate(text, limit, { ellipsis: false });
}
