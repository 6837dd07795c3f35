/**
 * Building the fetch operation's request: validation, URL, JSON body, headers. Shared by the
 * browser client and the publisher's proxy (server side), so it reads no DOM and no network;
 * only its defaults look at `navigator` and localStorage, and the proxy turns them off.
 */
import type { DebugLog } from '../debug.js';
import { getAdpxFingerprint } from './fingerprint.js';
import type { FetchOffersOptions } from '../options/fetch-options.js';
import {
  PAYLOAD_FORBIDDEN_KEYS,
  PAYLOAD_QUERY_KEYS,
  normalizeDev,
  payloadValue,
  resolveQueryOptions,
} from './request-values.js';
import type { OffersQueryOptions } from './request-values.js';
import { describe, invalidRequest, MAX_TIMER_MS } from '../options/values.js';
import { OPTIONS, toEndpoint } from '../options/schema.js';
import { safely } from '../errors.js';
import { isJsonObject } from '../model/coerce.js';
import { stringify } from '../built-ins.js';

/** A request ready for `fetch`: POST `url` with `JSON.stringify(body)` and `headers`. */
export interface OffersRequest {
  url: string;
  body: Record<string, string>;
  headers: Record<string, string>;
}

/** Where the defaults of {@link buildOffersRequest} come from. */
export interface OffersRequestEnv {
  /**
   * `ua` sent when neither `options.ua` nor `payload.ua` gives one. Default: `navigator.userAgent`
   * when a navigator exists. `null`: send none (a server must not send its own User-Agent).
   */
  userAgent?: string | null;
  /**
   * Gives `adpx_fp` when neither `options.adpxFp` nor `payload.adpx_fp` gives one (and
   * `adpxFp` is not `false`). Default: {@link getAdpxFingerprint}. `null`: send none (a server
   * must never generate one: its memory id would make all its users one user).
   */
  fingerprint?: (() => string | undefined) | null;
  /** Debug log for the decisions taken (payload entries left out). */
  log?: DebugLog;
}

/** The request path of a version: `/native/v2/offers.json` or `/native/v4/offers.json`. */
export function offersPath(apiVersion: 'v2' | 'v4' = 'v2'): string {
  return `/native/${apiVersion}/offers.json`;
}

const silent: DebugLog = () => {};

/**
 * Checks options before anything is sent, throwing `OffersError('invalid_request')` with a clear
 * message on: options not an object; `endpoint`, `apiKey` or `placement` missing, empty or not a
 * string; `endpoint` not an http(s) URL (absolute, or in a page a path such as `/offers-proxy`), or
 * holding credentials; `apiVersion` not `'v2'`/`'v4'`; `loyaltyboost` not `'0'|'1'|'2'`;
 * `creative` not `'0'|'1'` (payload request options included); a bad `campaignId` or `dev`;
 * `timeoutMs` not a finite number in 1..2^31−1; `pubUserId`/`ua`/`ip` not strings; `adpxFp` not a
 * string or `false`; `payload` not a plain object; `signal` not an AbortSignal. Works on untrusted
 * input (server side, plain JS).
 */
export function validateOffersOptions(options: unknown): asserts options is FetchOffersOptions {
  if (typeof options !== 'object' || options === null) invalidRequest('Options must be an object.');
  const record = options as Record<string, unknown>;
  const endpoint = requireText(record, 'endpoint');
  requireText(record, 'apiKey');
  requireText(record, 'placement');
  toEndpoint(endpoint);
  const { apiVersion, timeoutMs, payload, adpxFp, signal } = record;
  OPTIONS.apiVersion.parse(apiVersion);
  if (timeoutMs !== undefined && !isTimeout(timeoutMs)) {
    invalidRequest(`timeoutMs must be a number of milliseconds from 1 to ${MAX_TIMER_MS}.`);
  }
  for (const key of ['pubUserId', 'ua', 'ip'] as const) {
    const value = record[key];
    if (value !== undefined && value !== null && typeof value !== 'string') {
      invalidRequest(`${key} must be a string; got ${describe(value)}.`);
    }
  }
  if (adpxFp !== undefined && adpxFp !== null && adpxFp !== false && typeof adpxFp !== 'string') {
    invalidRequest(`adpxFp must be a string or false; got ${describe(adpxFp)}.`);
  }
  if (payload !== undefined && payload !== null && !isPlainObject(payload)) {
    invalidRequest('payload must be a plain object of extra keys.');
  }
  if (signal !== undefined && signal !== null && !isAbortSignal(signal)) {
    invalidRequest('signal must be an AbortSignal.');
  }
  const typed = record as unknown as FetchOffersOptions;
  resolveQueryOptions(typed);
  normalizeDev(typed.dev);
  normalizeDev(typed.payload?.dev);
}

/** The trimmed value of a required string option. */
function requireText(record: Record<string, unknown>, key: 'endpoint' | 'apiKey' | 'placement'): string {
  const value = record[key];
  if (typeof value !== 'string' || value.trim() === '') {
    invalidRequest(`${key} is required (a non-empty string); got ${describe(value)}.`);
  }
  return value.trim();
}

function isTimeout(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 && value <= MAX_TIMER_MS;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isJsonObject(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Duck-typed, so signals from another realm (iframe, test DOM) pass. */
function isAbortSignal(value: unknown): value is AbortSignal {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AbortSignal).aborted === 'boolean' &&
    typeof (value as AbortSignal).addEventListener === 'function'
  );
}

/**
 * Validates `options` (see {@link validateOffersOptions}) and builds the request:
 * - URL: `{endpoint}/native/{v2|v4}/offers.json` (a trailing slash of the endpoint removed, its
 *   own query kept, its fragment dropped) with `api_key` and, when given, `loyaltyboost`,
 *   `creative`, `campaignId` (from the options, else from the payload);
 * - body: `placement`, then `pub_user_id`, `ua`, `ip`, `adpx_fp`, `dev` from the options, then
 *   payload keys that are not already set (so explicit options win, and a payload may carry the
 *   body fields when no option is given), then the `ua`/`adpx_fp` defaults of `env`. Request
 *   options and `api_key` in the payload never go to the body. `dev` is sent as `'1'` or not at
 *   all; `adpxFp: false` sends no `adpx_fp`, even from the payload;
 * - headers: `Content-Type` and `Accept`, both `application/json`.
 */
export function buildOffersRequest(options: FetchOffersOptions, env: OffersRequestEnv = {}): OffersRequest {
  validateOffersOptions(options);
  const query = resolveQueryOptions(options);
  return {
    url: buildOffersUrl(options, query),
    body: buildOffersBody(options, env),
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  };
}

/**
 * The identity of the request `options` make: its URL and its body's keys and values as
 * {@link buildOffersRequest} sends them (so an option and a payload key are weighed by the one
 * rule above), without the `ua`/`adpx_fp` defaults, which the device adds to every request, and
 * before consent, which decides what the request may carry later. Two option objects that ask the
 * service the same have the same key, whatever objects carry them. Options the client refuses
 * make no request: their key is the options themselves, so that changing any is still another
 * load (which fails with the refusal). Whoever starts a request for a unit (`keepStartedRequest`) and
 * the unit that takes it compute it from the same options; so do the unit's reuse of a load in
 * flight and its SDK-prefetch entry.
 */
export function offersRequestKey(options: FetchOffersOptions): string {
  const request = safely(() => buildOffersRequest(options, { userAgent: null, fingerprint: null }));
  if (request) return stringify([request.url, sorted(request.body)]);
  const given: Record<string, unknown> = isJsonObject(options) ? options : {};
  return stringify(['refused', sorted({ ...given, payload: sorted(given.payload) })]);
}

/** An object's entries in key order, as an object (`stringify` leaves out what is sent as nothing). */
function sorted(value: unknown): Record<string, unknown> | undefined {
  if (!isJsonObject(value)) return undefined;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The request URL, api_key included. */
function buildOffersUrl(options: FetchOffersOptions, query: OffersQueryOptions): string {
  // Validated above: an absolute URL, or a path resolved against the page.
  const url = new URL(toEndpoint(options.endpoint) as string);
  url.hash = '';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${offersPath(options.apiVersion)}`;
  url.searchParams.set('api_key', options.apiKey.trim());
  if (query.loyaltyboost !== undefined) url.searchParams.set('loyaltyboost', query.loyaltyboost);
  if (query.creative !== undefined) url.searchParams.set('creative', query.creative);
  if (query.campaignId !== undefined) url.searchParams.set('campaignId', query.campaignId);
  return url.href;
}

/** The JSON body; see {@link buildOffersRequest} for the order of precedence. */
function buildOffersBody(options: FetchOffersOptions, env: OffersRequestEnv): Record<string, string> {
  const log = env.log ?? silent;
  const body = new Map<string, string>([['placement', options.placement.trim()]]);
  setIfText(body, 'pub_user_id', options.pubUserId);
  setIfText(body, 'ua', options.ua);
  setIfText(body, 'ip', options.ip);
  setIfText(body, 'adpx_fp', options.adpxFp);
  if (normalizeDev(options.dev) === '1') body.set('dev', '1');
  const explicitDev = options.dev !== undefined && options.dev !== null && options.dev !== '';
  for (const [key, value] of Object.entries(options.payload ?? {})) {
    if (body.has(key) || PAYLOAD_QUERY_KEYS.has(key) || PAYLOAD_FORBIDDEN_KEYS.has(key)) continue;
    if (key === 'dev') {
      if (!explicitDev && normalizeDev(value) === '1') body.set('dev', '1');
      continue;
    }
    if (key === 'adpx_fp' && options.adpxFp === false) continue;
    const text = payloadValue(key, value, log);
    if (text !== undefined) body.set(key, text);
  }
  applyDefaults(body, options, env);
  return Object.fromEntries(body);
}

/** Sets `key` when `value` is a non-empty string. */
function setIfText(body: Map<string, string>, key: string, value: unknown): void {
  if (typeof value === 'string' && value !== '') body.set(key, value);
}

/** `ua` and `adpx_fp` defaults from `env`, for keys neither the options nor the payload set. */
function applyDefaults(body: Map<string, string>, options: FetchOffersOptions, env: OffersRequestEnv): void {
  if (!body.get('ua')) {
    setIfText(body, 'ua', env.userAgent === undefined ? navigatorUserAgent() : env.userAgent);
  }
  if (!body.get('adpx_fp') && options.adpxFp !== false && env.fingerprint !== null) {
    setIfText(body, 'adpx_fp', (env.fingerprint ?? getAdpxFingerprint)());
  }
}

/** `navigator.userAgent` when a navigator exists (browsers, workers; not Node 20). */
function navigatorUserAgent(): string | undefined {
  const navigator = (globalThis as { navigator?: { userAgent?: unknown } }).navigator;
  return typeof navigator?.userAgent === 'string' ? navigator.userAgent : undefined;
}

/** The request URL with the `api_key` value hidden, for logs. */
export function redactApiKey(url: string): string {
  const parsed = safely(() => new URL(url));
  if (!parsed) return '(invalid URL)';
  if (parsed.searchParams.has('api_key')) parsed.searchParams.set('api_key', '***');
  return parsed.href;
}
