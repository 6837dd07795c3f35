/**
 * Value rules shared by the options (schema.ts), the service client and the launcher: written
 * once here so that every surface refuses the same inputs with the same words.
 */
import { OffersError, safely } from '../errors.js';

/** Largest delay a timer can hold (2^31 − 1 ms, about 24.8 days). */
export const MAX_TIMER_MS = 2_147_483_647;

/** How long the first request waits for a consent platform that exists but has not answered. */
export const DEFAULT_CONSENT_TIMEOUT_MS = 1500;

/** How long a prefetched response stays usable: 5 minutes by default (a checkout flow, offers still
 * current), at most 1 hour (a longer TTL is cut to this). */
export const DEFAULT_PREFETCH_TTL_MS = 5 * 60_000;
export const MAX_PREFETCH_TTL_MS = 60 * 60_000;

/** The message when no endpoint is configured. */
export const MISSING_ENDPOINT =
  'The endpoint is missing: set endpoint (the offers service or your proxy) in AdpxConfig or Adpx.init.';

/** Throws the `invalid_request` error that every validation failure uses. */
export function invalidRequest(message: string): never {
  throw new OffersError('invalid_request', message);
}

/** A non-empty trimmed string (a finite number as its digits), else undefined. */
export function toText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The parsed URL when `value` is an http(s) URL without credentials, else undefined: absolute, or
 * relative to `base` when one is given.
 */
export function httpUrl(value: unknown, base?: string): URL | undefined {
  const url = typeof value === 'string' ? safely(() => new URL(value.trim(), base)) : undefined;
  const web = url?.protocol === 'https:' || url?.protocol === 'http:';
  return web && !url.username && !url.password ? url : undefined;
}

/** A number of ms from 0 to `max`; anything else (not a finite number, negative) is `fallback`. */
export function clampMs(value: unknown, fallback: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return fallback;
  return Math.min(value, max);
}

/**
 * The exact origin `value` names (`https://shop.example`), or undefined for anything else: `*`,
 * `null`, relative or non-http(s) URLs, and URLs with a path, query or credentials.
 */
export function toExactOrigin(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined;
  const url = httpUrl(value);
  if (!url || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return undefined;
  return url.origin;
}

/** A heading level (`heading-level` of the unit and the card): an integer from 1 to 6, else 2. */
export const headingLevelOf = (level: unknown): number =>
  Number.isInteger(level) && (level as number) >= 1 && (level as number) <= 6 ? (level as number) : 2;

/**
 * One campaign id: letters, digits, `_` or `-` (no lists: one campaign per request). The spec types
 * the query's `campaignId` as a string and the response's `campaign_id` as an integer, so every
 * integer id fits; the mock service checks the same rule (src/server/mock/offers/validate.ts).
 */
export const CAMPAIGN_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** `undefined`, `null` and `''` all mean "not given" for optional options. */
export function isAbsent(value: unknown): value is undefined | null | '' {
  return value === undefined || value === null || value === '';
}

/** A string or finite number as a trimmed string; booleans as `'1'`/`'0'` when `booleans` is set. */
function optionText(value: unknown, booleans: boolean): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (booleans && typeof value === 'boolean') return value ? '1' : '0';
  return undefined;
}

/** `value` when it is one of `allowed` (after {@link optionText}); otherwise a clear error. */
export function oneOf<T extends string>(
  name: string,
  value: unknown,
  allowed: readonly T[],
  booleans: boolean,
): T {
  const text = optionText(value, booleans);
  const match = allowed.find((candidate) => candidate === text);
  if (match === undefined) {
    const list = allowed.map((candidate) => `'${candidate}'`).join(', ');
    invalidRequest(`${name} must be one of ${list}; got ${describe(value)}.`);
  }
  return match;
}

/** A short, safe description of a bad value for an error message. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 40));
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value === null ? 'null' : typeof value;
}

/** `'0'`, `'1'` or `'2'` (a number too); else `invalid_request`. */
export const toLoyaltyboost = (value: unknown) =>
  oneOf('loyaltyboost', value, ['0', '1', '2'] as const, false);

/** `'0'` or `'1'` (a number or boolean too); else `invalid_request`. */
export const toCreative = (value: unknown) => oneOf('creative', value, ['0', '1'] as const, true);

/** One campaign id, as a string. */
export function toCampaignId(value: unknown): string {
  const text =
    typeof value === 'number' && !Number.isSafeInteger(value) ? undefined : optionText(value, false);
  if (text === undefined || !CAMPAIGN_ID.test(text)) {
    invalidRequest(
      `campaignId must be one campaign id (letters, digits, "_" or "-"; one campaign per request); got ${describe(value)}.`,
    );
  }
  return text;
}
