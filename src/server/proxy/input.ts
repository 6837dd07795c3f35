/**
 * What the handler's steps read of one request and what they answer, independent of how the
 * request arrived: a fetch `Request` (every runtime), or Node's `IncomingMessage` read directly by
 * the Node adapter (node-input.ts), which then skips the web-stream `Request`/`Response` bridge.
 * Both go through the same steps (handler.ts), so both answer the same.
 */
import { readLimited } from './body.js';
import type { LimitedRead } from './body.js';
import type { OffersProxyHandler, ProxyContext } from './types.js';

/** Reads request headers by lower-case name; repeated headers come joined by `, ` as in `Headers`. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** One incoming request as the handler's steps see it. */
export interface ProxyInput {
  method: string;
  url: URL;
  headers: HeaderReader;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /** The body, kept up to `limit` bytes; rejects when the client went away mid-body. */
  readBody(limit: number): Promise<LimitedRead>;
  /** The fetch `Request`, for `transformBody`; only fetch inputs reach a proxy that has one. */
  request?: Request;
}

/** The answer before it becomes a `Response` or is written to a Node `ServerResponse`. */
export interface ProxyAnswer {
  status: number;
  /** Lower-case names, as `Headers` gives them. */
  headers: Record<string, string>;
  /** JSON text, or `null` for an empty answer (204). */
  body: string | null;
}

/** The handler's steps, from one request to its answer (logged). */
export type ProxyCore = (input: ProxyInput, context: ProxyContext) => Promise<ProxyAnswer>;

/** A fetch `Request` as a {@link ProxyInput}. */
export function requestInput(request: Request): ProxyInput {
  return {
    method: request.method,
    url: new URL(request.url),
    headers: request.headers,
    signal: request.signal,
    readBody: (limit) => readLimited(request.body, limit),
    request,
  };
}

/** The answer as a fetch `Response`. */
export function toFetchResponse(answer: ProxyAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * The steps behind each handler made by `createOffersProxy` (without `transformBody`), for the
 * Node adapter to call directly; any other handler is not in it.
 */
export const cores = new WeakMap<OffersProxyHandler, ProxyCore>();
