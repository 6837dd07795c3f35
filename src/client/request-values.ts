/**
 * Value rules of the fetch request: which option values are valid and how loose JavaScript values
 * (numbers, booleans, payload entries) become the strings the service expects. Pure functions.
 */
import type { DebugLog } from '../debug.js';
import { invalidRequest } from '../options/values.js';
import type { FetchOffersOptions } from './options.js';

/** The query options of the fetch operation, validated. */
export interface OffersQueryOptions {
  loyaltyboost?: '0' | '1' | '2';
  creative?: '0' | '1';
  campaignId?: string;
}

/**
 * Payload keys that are request options (spec: the getOffers payload "may also hold request
 * options such as `creatives: 1`"). They go to the query string, never to the body.
 */
export const PAYLOAD_QUERY_KEYS: ReadonlySet<string> = new Set([
  'creative',
  'creatives',
  'loyaltyboost',
  'campaignId',
]);

/** Payload keys never sent: the API key must not end up in the body (custom keys reach reports). */
export const PAYLOAD_FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['api_key', 'apiKey']);

/** One campaign id: letters, digits, `_` or `-` (no lists: one campaign per request). */
const CAMPAIGN_ID = /^[A-Za-z0-9_-]{1,64}$/;

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

/** The first given value: the explicit option, else the payload keys in order. */
function pick(explicit: unknown, payload: Record<string, unknown> | undefined, keys: string[]): unknown {
  if (!isAbsent(explicit)) return explicit;
  for (const key of keys) {
    const value = payload?.[key];
    if (!isAbsent(value)) return value;
  }
  return undefined;
}

/**
 * `loyaltyboost`, `creative` and `campaignId` from the options, or from the payload when the
 * option is not given (explicit options win). Payload `creative` is read before `creatives`.
 * Throws `invalid_request` on a value outside the spec (rule 3: rejected before sending).
 */
export function resolveQueryOptions(options: FetchOffersOptions): OffersQueryOptions {
  const { payload } = options;
  const query: OffersQueryOptions = {};
  const loyaltyboost = pick(options.loyaltyboost, payload, ['loyaltyboost']);
  if (loyaltyboost !== undefined) query.loyaltyboost = toLoyaltyboost(loyaltyboost);
  const creative = pick(options.creative, payload, ['creative', 'creatives']);
  if (creative !== undefined) query.creative = toCreative(creative);
  const campaignId = pick(options.campaignId, payload, ['campaignId']);
  if (campaignId !== undefined) query.campaignId = toCampaignId(campaignId);
  return query;
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

/**
 * The `dev` flag: `true`, `1`, `'1'`, `'true'` → `'1'` (test offers, no tracking);
 * `false`, `0`, `'0'`, `'false'` → `'0'`; absent → `undefined`. Anything else throws.
 * The body builder omits `'0'`: the service's default is live, so "off" is sent as nothing.
 */
export function normalizeDev(value: unknown): '1' | '0' | undefined {
  if (isAbsent(value)) return undefined;
  const text = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (text === true || text === 1 || text === '1' || text === 'true') return '1';
  if (text === false || text === 0 || text === '0' || text === 'false') return '0';
  return invalidRequest(`dev must be true/false, 1/0 or '1'/'0'; got ${describe(value)}.`);
}

/**
 * One payload value as a body string: strings as they are, finite numbers and booleans through
 * `String()` (`'42'`, `'true'`); anything else (objects, arrays, null, NaN, functions) is
 * `undefined` and the caller leaves the key out, with a debug line.
 */
export function payloadValue(key: string, value: unknown, log: DebugLog): string | undefined {
  if (typeof value === 'string') return value;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean')
    return String(value);
  log('R2', key, describe(value));
  return undefined;
}
