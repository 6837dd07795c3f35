/**
 * CORS for the proxy: exact-match origins, a preflight answer, and the headers every answer
 * carries. CORS decides which pages' scripts may read the answers; it is not authentication (any
 * server can call the proxy without an `Origin`).
 */
import { safely } from '../../errors.js';
import type { HeaderReader } from './input.js';

/** Methods the proxy answers. */
export const ALLOW_METHODS = 'POST, OPTIONS';
/** Request headers a page may send: the SDK's fetch sends `Content-Type` (and `Accept`). */
const ALLOW_HEADERS = 'Content-Type, Accept';
/** How long (seconds) a browser may cache a preflight answer. */
const PREFLIGHT_MAX_AGE = '600';

/** What the `Origin` of a request means for it. */
export interface CorsDecision {
  /** False: answer 403. */
  allowed: boolean;
  /** Headers for every answer to this request (`Vary`, and `Access-Control-Allow-Origin` when cross-origin). */
  headers: Record<string, string>;
}

/**
 * No `Origin` (server-to-server, curl) and same-origin pages are always allowed, without CORS
 * headers; a cross-origin page only when its origin is listed (or the list is `'*'`).
 * Same-origin compares host and port, not the scheme: behind a TLS-terminating proxy the handler
 * sees `http://` while the page is `https://` on the same host.
 */
export function corsDecision(
  origin: string | null,
  requestUrl: URL,
  allowedOrigins: '*' | ReadonlySet<string>,
): CorsDecision {
  const headers: Record<string, string> = { vary: 'Origin' };
  if (origin === null || sameHost(origin, requestUrl)) return { allowed: true, headers };
  if (allowedOrigins === '*')
    return { allowed: true, headers: { ...headers, 'access-control-allow-origin': '*' } };
  if (allowedOrigins.has(origin)) {
    return { allowed: true, headers: { ...headers, 'access-control-allow-origin': origin } };
  }
  return { allowed: false, headers };
}

/** True when the http(s) `origin` names the host and port the request reached. */
function sameHost(origin: string, requestUrl: URL): boolean {
  if (origin === requestUrl.origin) return true;
  const url = safely(() => new URL(origin));
  const port = ({ port, protocol }: URL) => port || (protocol === 'https:' ? '443' : '80');
  return (
    (url?.protocol === 'http:' || url?.protocol === 'https:') &&
    url.hostname === requestUrl.hostname &&
    (url.port === requestUrl.port || port(url) === port(requestUrl))
  );
}

/**
 * Headers of a 204 answer to `OPTIONS`: a CORS preflight (`Access-Control-Request-Method`) from a
 * page whose origin is allowed gets the CORS set; any other `OPTIONS` gets `Allow`.
 */
export function optionsHeaders(headers: HeaderReader, cors: CorsDecision): Record<string, string> {
  const answer: Record<string, string> = { ...cors.headers, allow: ALLOW_METHODS };
  const preflight = headers.get('access-control-request-method') !== null;
  if (!preflight || cors.headers['access-control-allow-origin'] === undefined) return answer;
  return {
    ...answer,
    vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
    'access-control-allow-methods': 'POST',
    'access-control-allow-headers': ALLOW_HEADERS,
    'access-control-max-age': PREFLIGHT_MAX_AGE,
  };
}
