/**
 * How the fetch request reads its options: query options from the options or the payload, the
 * `dev` flag, payload values as body strings. The rules for each value (`toCreative`, …) are the
 * options layer's (options/values.ts), shared with the schema. Pure functions.
 */
import type { DebugLog } from '../debug.js';
import type { FetchOffersOptions } from '../options/fetch-options.js';
import { OPTIONS } from '../options/schema.js';
import { describe, invalidRequest, isAbsent } from '../options/values.js';

/** The query options of the fetch operation, validated (the campaign id as a string). */
export type OffersQueryOptions = Pick<FetchOffersOptions, 'loyaltyboost' | 'creative'> & {
  campaignId?: string;
};

/** The options the query carries; the payload keys that may give each are the options table's. */
const QUERY_OPTIONS = ['loyaltyboost', 'creative', 'campaignId'] as const;

/**
 * Payload keys that are request options (spec: the getOffers payload "may also hold request
 * options such as `creatives: 1`"). They go to the query string, never to the body.
 */
export const PAYLOAD_QUERY_KEYS: ReadonlySet<string> = new Set(
  QUERY_OPTIONS.flatMap((name) => OPTIONS[name].payloadKeys),
);

/** Payload keys never sent: the API key must not end up in the body (custom keys reach reports). */
export const PAYLOAD_FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['api_key', 'apiKey']);

/** The first given value: the explicit option, else the payload keys in order. */
function pick(
  explicit: unknown,
  payload: Record<string, unknown> | undefined,
  keys: readonly string[],
): unknown {
  if (!isAbsent(explicit)) return explicit;
  for (const key of keys) {
    const value = payload?.[key];
    if (!isAbsent(value)) return value;
  }
  return undefined;
}

/**
 * `loyaltyboost`, `creative` and `campaignId` from the options, or from the payload when the
 * option is not given (explicit options win), checked by the option's own rule (its `parse`).
 * Payload `creative` is read before `creatives`. Throws `invalid_request` on a value outside the
 * spec (rule 3: rejected before sending).
 */
export function resolveQueryOptions(options: FetchOffersOptions): OffersQueryOptions {
  const query: Record<string, unknown> = {};
  for (const name of QUERY_OPTIONS) {
    const value = pick(options[name], options.payload, OPTIONS[name].payloadKeys);
    if (value !== undefined) query[name] = OPTIONS[name].parse(value);
  }
  return query as OffersQueryOptions;
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
  log(
    'R2',
    'payload key left out, not a string, finite number or boolean (key, value):',
    key,
    describe(value),
  );
  return undefined;
}
