/**
 * Node's `IncomingMessage` read directly as a {@link ProxyInput}: headers read from `rawHeaders`
 * the way `Headers` would hold them, the body read from the message under the same limit and with
 * the same failures as the web-stream body, without building a `Request`, a `ReadableStream` or a
 * `Headers` per request (that bridge was the largest share of the Node proxy's own CPU).
 * Only type imports from Node.
 */
import type { IncomingMessage } from 'node:http';
import { concat } from './body.js';
import type { LimitedRead } from './body.js';
import type { HeaderReader, ProxyInput } from './input.js';

/** Methods fetch refuses in a `Request` (the adapter answers them 405). */
export const FORBIDDEN_METHODS: ReadonlySet<string> = new Set(['CONNECT', 'TRACE', 'TRACK']);
const HOST = /^[A-Za-z0-9.:[\]-]+$/;
/** What `Headers` strips around a value (HTTP whitespace), no more. */
const HTTP_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/** Scheme and Host of the connection, path from `originalUrl` (Express) or `url`. */
export function requestUrl(req: IncomingMessage): URL {
  const { originalUrl } = req as IncomingMessage & { originalUrl?: unknown };
  const path = typeof originalUrl === 'string' ? originalUrl : (req.url ?? '/');
  if (!path.startsWith('/')) throw new TypeError('Only origin-form request targets are served.');
  const host = req.headers.host ?? 'localhost';
  if (!HOST.test(host)) throw new TypeError('Malformed Host header.');
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  // Concatenated, not `new URL(path, base)`: a path like `//other.host/x` must stay a path.
  return new URL(`${encrypted ? 'https' : 'http'}://${host}${path}`);
}

/**
 * `req` as the handler's input. Throws a `TypeError` where `toRequest` would (a method fetch
 * refuses, a malformed target or Host). Only for a body not yet read by a middleware.
 */
export function nodeInput(req: IncomingMessage, signal: AbortSignal): ProxyInput {
  const method = req.method ?? 'GET';
  if (FORBIDDEN_METHODS.has(method)) throw new TypeError(`Method ${method} is not allowed.`);
  return {
    method,
    url: requestUrl(req),
    headers: rawHeaderReader(req.rawHeaders),
    signal,
    readBody: (limit) => readNodeBody(req, limit),
  };
}

/** Headers by lower-case name from Node's raw list: repeats joined by `, `, as `Headers.get`. */
function rawHeaderReader(raw: readonly string[]): HeaderReader {
  return {
    get: (name) => {
      let value: string | null = null;
      for (let i = 0; i + 1 < raw.length; i += 2) {
        const rawName = raw[i];
        const rawValue = raw[i + 1];
        if (rawName === undefined || rawValue === undefined || rawName.length !== name.length) continue;
        if (rawName.toLowerCase() !== name) continue;
        const clean = rawValue.replace(HTTP_WHITESPACE, '');
        value = value === null ? clean : `${value}, ${clean}`;
      }
      return value;
    },
  };
}

/**
 * Reads the body to its end, keeping at most `limit` bytes; past that it stops keeping data
 * (the rest is discarded, the answer closes the connection) and answers `too_large`. Rejects when
 * the client goes away before the end.
 */
function readNodeBody(req: IncomingMessage, limit: number): Promise<LimitedRead> {
  return new Promise((resolve, reject) => {
    if (req.destroyed && !req.complete) {
      reject(new Error('The request body was aborted.'));
      return;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const detach = followBody(req, {
      data: (chunk) => {
        size += chunk.byteLength;
        if (size > limit) {
          detach();
          req.resume(); // discard the rest
          resolve({ ok: false, reason: 'too_large' });
          return;
        }
        chunks.push(chunk);
      },
      end: () => resolve({ ok: true, bytes: concat(chunks, size) }),
      abort: reject,
    });
  });
}

/**
 * Listens to the body of `req`: `data` for each chunk, then `end`, or `abort` when the client goes
 * away first. The listeners come off before `end` or `abort` runs, or when the returned detach is
 * called.
 */
export function followBody(
  req: IncomingMessage,
  on: { data(chunk: Uint8Array): void; end(): void; abort(error: Error): void },
): () => void {
  const onEnd = (): void => {
    detach();
    on.end();
  };
  const onAbort = (): void => {
    detach();
    on.abort(new Error('The request body was aborted.'));
  };
  const onClose = (): void => {
    if (!req.complete) onAbort();
  };
  const detach = (): void => {
    req.off('data', on.data);
    req.off('end', onEnd);
    req.off('error', onAbort);
    req.off('close', onClose);
  };
  req.on('data', on.data);
  req.once('end', onEnd);
  req.once('error', onAbort);
  req.once('close', onClose);
  return detach;
}
