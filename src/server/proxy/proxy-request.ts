/**
 * The server half of request building: what a proxy (publisher's server) needs to turn a
 * browser's request into options for {@link buildOffersRequest} — the same code the browser
 * client uses, so both sides agree on every rule.
 */
import type { FetchOffersOptions } from '../../options/fetch-options.js';
import type { OffersRequestEnv } from '../../client/request.js';
import { validateOffersOptions } from '../../client/request.js';
import { invalidRequest } from '../../options/values.js';
import { isJsonObject } from '../../model/coerce.js';

/**
 * The env a server passes to `buildOffersRequest`: no `navigator` User-Agent default and no
 * generated `adpx_fp` (a server-side memory id would make all its users one user). `ua`, `ip`
 * and `adpx_fp` come only from the browser's body or from the incoming request.
 */
export const SERVER_REQUEST_ENV: Readonly<OffersRequestEnv> = Object.freeze({
  userAgent: null,
  fingerprint: null,
});

/** A browser's request as the proxy received it, plus what only the server knows. */
export interface BrowserOffersRequest {
  /** The parsed JSON body the browser sent. */
  body: unknown;
  /** The browser's query string (`loyaltyboost`, `creative`, `campaignId`; its `api_key` is ignored). */
  query?: URLSearchParams | Readonly<Record<string, string | undefined>>;
  /** The service's base URL. */
  endpoint: string;
  /** The real API key, held by the server. */
  apiKey: string;
  /** From the path the browser called (see {@link offersPathVersion}); default `'v2'`. */
  apiVersion?: 'v2' | 'v4';
  /** The incoming request's User-Agent; used only when the body has no `ua`. */
  ua?: string;
  /** The incoming request's client IP; used only when the body has no `ip`. */
  ip?: string;
}

const QUERY_OPTION_NAMES = ['loyaltyboost', 'creative', 'campaignId'] as const;
const OFFERS_PATH = /\/native\/(v2|v4)\/offers\.json$/;

/** `'v2'` or `'v4'` from a request path ending in `/native/{v}/offers.json`, else `undefined`. */
export function offersPathVersion(pathname: string): 'v2' | 'v4' | undefined {
  const match = OFFERS_PATH.exec(pathname);
  return match?.[1] === 'v2' || match?.[1] === 'v4' ? match[1] : undefined;
}

/**
 * Validates and normalises a browser's body and query into {@link FetchOffersOptions}, throwing
 * `OffersError('invalid_request')` when the body is not a JSON object or an option is invalid
 * (the same rules as the browser client). The body's `placement` becomes the option; every other
 * body key travels as payload (so the body's `pub_user_id`, `ua`, `ip`, `adpx_fp`, `dev` and
 * custom keys pass through unchanged); `ua`/`ip` of the incoming request fill in only what the
 * body lacks. Build the upstream request with `buildOffersRequest(options, SERVER_REQUEST_ENV)`.
 */
export function optionsFromBrowserRequest(request: BrowserOffersRequest): FetchOffersOptions {
  const { body } = request;
  if (!isJsonObject(body)) invalidRequest('The request body must be a JSON object.');
  const { placement, ...payload } = body;
  const options: FetchOffersOptions = {
    endpoint: request.endpoint,
    apiKey: request.apiKey,
    placement: typeof placement === 'string' ? placement : '',
    payload,
    ...queryOptions(request.query),
  };
  if (request.apiVersion !== undefined) options.apiVersion = request.apiVersion;
  if (!hasText(payload.ua) && hasText(request.ua)) options.ua = request.ua;
  if (!hasText(payload.ip) && hasText(request.ip)) options.ip = request.ip;
  validateOffersOptions(options);
  return options;
}

/** The query options the browser sent, as raw strings (validated with the rest). */
function queryOptions(query: BrowserOffersRequest['query']): Partial<FetchOffersOptions> {
  const options: Record<string, string> = {};
  for (const name of QUERY_OPTION_NAMES) {
    const value = query instanceof URLSearchParams ? query.get(name) : query?.[name];
    if (typeof value === 'string' && value !== '') options[name] = value;
  }
  return options as Partial<FetchOffersOptions>;
}

function hasText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}
