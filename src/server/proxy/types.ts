/** Public types of the offers proxy (`adpx-offers/proxy`). */

/**
 * What the runtime knows about the connection besides the `Request`: the peer address of the TCP
 * connection. Node: `req.socket.remoteAddress` (the `toNodeHandler` adapter passes it); Deno:
 * `info.remoteAddr.hostname`; Bun: `server.requestIP(request)?.address`. Without it, and without
 * `trustProxy`, the proxy fills no `ip`.
 */
export interface ProxyContext {
  remoteAddress?: string | undefined;
}

/** A standard fetch handler: mount it in any runtime that speaks `Request`/`Response`. */
export type OffersProxyHandler = (request: Request, context?: ProxyContext) => Promise<Response>;

/** What the proxy resolved about the end user, for {@link BodyTransform}. */
export interface ProxyRequestInfo {
  /** The client IP the proxy resolved (socket, or forwarded headers with `trustProxy`). */
  ip: string | undefined;
  /** The incoming `User-Agent` header. */
  userAgent: string | undefined;
  /** `'v2'` or `'v4'`: the path version the upstream call will use. */
  apiVersion: 'v2' | 'v4';
}

/**
 * Publisher logic run on each browser body before validation: return the body to send (add,
 * change or delete keys), or `false` to refuse the request (403). May be async. A key named
 * `api_key`/`apiKey` is never sent, whatever the hook returns. The body it receives has no `ip`
 * (a page's `ip` is dropped); an `ip` it returns is sent, else `info.ip`.
 */
export type BodyTransform = (
  body: Record<string, unknown>,
  request: Request,
  info: ProxyRequestInfo,
) => Record<string, unknown> | false | Promise<Record<string, unknown> | false>;

/** How each request ended, as written in {@link ProxyLogEntry.outcome}. */
export const ProxyOutcome = {
  /** The service answered JSON; its status and body were passed back. */
  Forwarded: 'forwarded',
  /** A CORS preflight (or plain OPTIONS) was answered. */
  Preflight: 'preflight',
  /** The `Origin` is not allowed (403). */
  OriginRefused: 'origin_refused',
  /** The path is not `…/native/{v2|v4}/offers.json` (404). */
  NotFound: 'not_found',
  /** Not POST or OPTIONS (405). */
  MethodNotAllowed: 'method_not_allowed',
  /** The body is not declared as JSON (415). */
  UnsupportedMediaType: 'unsupported_media_type',
  /** The body is larger than `maxBodyBytes` (413). */
  TooLarge: 'too_large',
  /** Bad JSON or an option the client rules reject (400). */
  InvalidRequest: 'invalid_request',
  /** `transformBody` returned `false` (403). */
  Vetoed: 'vetoed',
  /** No answer within `timeoutMs` (504). */
  UpstreamTimeout: 'upstream_timeout',
  /** The service could not be reached (502). */
  UpstreamUnreachable: 'upstream_unreachable',
  /** The service answered something that is not JSON (or JSON too deep to check), a redirect, or too much (502). */
  UpstreamInvalid: 'upstream_invalid',
  /** The browser went away before the answer. */
  ClientClosed: 'client_closed',
  /** A bug, or `transformBody` threw (500). */
  InternalError: 'internal_error',
} as const;

export type ProxyOutcome = (typeof ProxyOutcome)[keyof typeof ProxyOutcome];

/** One structured log entry per request. It never holds the API key or the query string. */
export interface ProxyLogEntry {
  level: 'info' | 'warn' | 'error';
  outcome: ProxyOutcome;
  method: string;
  /** The request path, without the query (the browser's placeholder `api_key` stays out). */
  path: string;
  /** The status answered to the browser. */
  status: number;
  durationMs: number;
  origin?: string;
  /** The service's status, when it answered. */
  upstreamStatus?: number;
  /** Time from sending to the service until its whole body arrived. */
  upstreamMs?: number;
  /** Why, for anything but a plain success. */
  message?: string;
}

/** Options of {@link createOffersProxy}. */
export interface OffersProxyOptions {
  /** Base URL of the offers service, e.g. `https://api.offers.example`. */
  upstream: string;
  /** The real API key. Sent upstream only; never in a response, a log entry or an error. */
  apiKey: string;
  /** Forces the upstream path version; default: the version in the path the browser called. */
  apiVersion?: 'v2' | 'v4';
  /**
   * Origins (exact `scheme://host[:port]`) whose pages may call the proxy cross-origin, or `'*'`
   * for any. Default: none — only same-origin pages and callers that send no `Origin`.
   */
  allowedOrigins?: readonly string[] | '*';
  /** Upstream timeout, answered 504. Default 8 000 ms (below the browser client's 10 000). */
  timeoutMs?: number;
  /**
   * Where the end user's IP comes from. `false` (default): the socket address
   * (`context.remoteAddress`). `true`: the leftmost valid address of `X-Forwarded-For`, else of
   * `Forwarded: for=`. A number `n`: the address `n` entries from the right (n trusted proxies).
   * Only turn it on behind a proxy that sets these headers: a browser can send them too.
   */
  trustProxy?: boolean | number;
  /** Largest request body; a larger one is answered 413 without being read. Default 16 KiB. */
  maxBodyBytes?: number;
  /** Publisher logic on the browser's body: add, change or veto (see {@link BodyTransform}). */
  transformBody?: BodyTransform;
  /** Receives one structured entry per request. A logger that throws (or rejects, if async) is ignored. */
  log?: (entry: ProxyLogEntry) => void;
}
