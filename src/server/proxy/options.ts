/**
 * The proxy's options, checked once when the proxy is created: a mistake there is the publisher's
 * and should stop the server at start-up, not turn into 500s later. Messages never hold the key.
 */
import { httpUrl, MAX_TIMER_MS, toExactOrigin } from '../../options/values.js';
import type { OffersProxyOptions } from './types.js';

/** Default upstream timeout: below the browser client's 10 s, so the browser sees the 504. */
export const DEFAULT_PROXY_TIMEOUT_MS = 8_000;
/** Default largest request body (a real one is a few hundred bytes). */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

/** Upper bound of `maxBodyBytes`: the proxy holds a body in memory. */
const MAX_BODY_LIMIT = 1024 * 1024;

/** The options as the handler uses them: checked, defaults filled in, the origins as a set. */
export interface ProxyConfig extends Omit<OffersProxyOptions, 'allowedOrigins' | Defaulted> {
  allowedOrigins: '*' | ReadonlySet<string>;
  timeoutMs: number;
  trustProxy: boolean | number;
  maxBodyBytes: number;
}
type Defaulted = 'timeoutMs' | 'trustProxy' | 'maxBodyBytes';

function fail(message: string): never {
  throw new TypeError(`createOffersProxy: ${message}`);
}

/** Checks and completes the options; throws a `TypeError` naming the bad option. */
export function resolveProxyOptions(options: OffersProxyOptions): ProxyConfig {
  if (typeof options !== 'object' || options === null) fail('options must be an object.');
  const { apiKey, apiVersion, transformBody, log } = options;
  if (typeof apiKey !== 'string' || apiKey.trim() === '') fail('apiKey is required (a non-empty string).');
  if (apiVersion !== undefined && apiVersion !== 'v2' && apiVersion !== 'v4') {
    fail("apiVersion must be 'v2' or 'v4'.");
  }
  for (const [name, hook] of Object.entries({ transformBody, log })) {
    if (hook !== undefined && typeof hook !== 'function') fail(`${name} must be a function.`);
  }
  return {
    upstream: checkUpstream(options.upstream),
    apiKey: apiKey.trim(),
    apiVersion,
    allowedOrigins: checkOrigins(options.allowedOrigins),
    timeoutMs: checkInteger('timeoutMs', options.timeoutMs, DEFAULT_PROXY_TIMEOUT_MS, MAX_TIMER_MS),
    trustProxy: checkTrustProxy(options.trustProxy),
    maxBodyBytes: checkInteger('maxBodyBytes', options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES, MAX_BODY_LIMIT),
    transformBody,
    log,
  };
}

/** An absolute http(s) URL without credentials, query or fragment. */
function checkUpstream(upstream: unknown): string {
  if (typeof upstream !== 'string' || upstream.trim() === '') {
    fail('upstream is required: the base URL of the offers service.');
  }
  const url = httpUrl(upstream) ?? fail('upstream must be an absolute http(s) URL without credentials.');
  if (url.search !== '' || url.hash !== '') {
    fail('upstream must be a base URL without query or fragment (the key goes in apiKey).');
  }
  return url.href;
}

/** `'*'` or exact origins; `https://shop.example/` (a path, even `/`) is refused as a likely typo. */
function checkOrigins(value: unknown): '*' | ReadonlySet<string> {
  if (value === undefined) return new Set();
  if (value === '*') return '*';
  if (!Array.isArray(value)) fail("allowedOrigins must be an array of origins or '*'.");
  const origins = new Set<string>();
  for (const entry of value as unknown[]) {
    // Exactly an origin as the browser serialises it (or the opaque `'null'`).
    if (typeof entry !== 'string' || (entry !== 'null' && toExactOrigin(entry) !== entry)) {
      fail(
        `allowedOrigins: ${JSON.stringify(entry)} is not an origin; write it as scheme://host[:port] with no path, e.g. 'https://shop.example'.`,
      );
    }
    origins.add(entry);
  }
  return origins;
}

/** An integer from 1 to `max`; `fallback` when absent. */
function checkInteger(name: string, value: unknown, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    fail(`${name} must be an integer from 1 to ${max}.`);
  }
  return value;
}

function checkTrustProxy(value: unknown): boolean | number {
  if (value === undefined || value === false || value === 0) return false;
  if (value === true) return true;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 32) return value;
  return fail('trustProxy must be true, false or a number of trusted proxies from 1 to 32.');
}
