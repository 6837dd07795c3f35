/**
 * The Node `http` adapter: turns an `IncomingMessage` into a fetch `Request` (body streamed, not
 * buffered; the socket address passed as `context.remoteAddress`) and writes the `Response` back.
 * The returned listener also works as Express/Connect middleware. Only type imports from Node, so
 * importing `adpx-offers/proxy` stays safe in runtimes without Node built-ins.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cores } from './input.js';
import type { ProxyAnswer } from './input.js';
import { FORBIDDEN_METHODS, followBody, nodeInput, requestUrl } from './node-input.js';
import { ProxyOutcome } from './types.js';
import type { OffersProxyHandler, ProxyContext } from './types.js';

/** A Node request listener; as Express/Connect middleware it passes unexpected failures to `next`. */
export type NodeProxyListener = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => void;

/** How long a refused, still-uploading request may keep its connection after the answer. */
const DRAIN_GRACE_MS = 2_000;

/**
 * Adapts a fetch handler to Node: `http.createServer(toNodeHandler(proxy))`, or
 * `app.use('/offers-proxy', toNodeHandler(proxy))` in Express (mount it before any body parser;
 * a body an earlier `express.json()` already read is taken from `req.body`).
 *
 * For a handler made by `createOffersProxy` (without `transformBody`), the adapter runs the
 * handler's steps on the `IncomingMessage` directly and writes their answer to the
 * `ServerResponse`: the same steps and answers, without the per-request `Request`, `Headers`,
 * `ReadableStream` and `Response` (decision 006). Any other handler gets a fetch `Request`.
 */
export function toNodeHandler(handler: OffersProxyHandler): NodeProxyListener {
  return (req, res, next) => {
    serveNode(handler, req, res).catch((error: unknown) => {
      if (next !== undefined) next(error);
      else writeJson(res, 500, ProxyOutcome.InternalError, 'The proxy failed unexpectedly.');
    });
  };
}

async function serveNode(
  handler: OffersProxyHandler,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const context = { remoteAddress: req.socket.remoteAddress };
  const core = req.readableEnded ? undefined : cores.get(handler);
  let answer: Promise<NodeAnswer>;
  try {
    answer =
      core === undefined
        ? fetchAnswer(handler, toRequest(req, controller.signal), context)
        : core(nodeInput(req, controller.signal), context);
  } catch {
    refuseMalformed(req, res);
    return;
  }
  writeAnswer(req, res, await answer);
}

/** What the adapter writes: the steps' answer as it is, or a fetch `Response` read whole. */
interface NodeAnswer extends Omit<ProxyAnswer, 'body'> {
  body: string | Uint8Array | null;
}

async function fetchAnswer(
  handler: OffersProxyHandler,
  request: Request,
  context: ProxyContext,
): Promise<NodeAnswer> {
  const response = await handler(request, context);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = response.body === null ? null : new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers, body };
}

/** A request fetch cannot represent: 405 for a method it refuses, else 400. */
function refuseMalformed(req: IncomingMessage, res: ServerResponse): void {
  const method = req.method ?? '';
  if (FORBIDDEN_METHODS.has(method)) {
    writeJson(res, 405, ProxyOutcome.MethodNotAllowed, `Method ${method} is not allowed: use POST.`);
  } else writeJson(res, 400, ProxyOutcome.InvalidRequest, 'Malformed request.');
}

/** The incoming request as a fetch `Request`. */
export function toRequest(req: IncomingMessage, signal?: AbortSignal): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i];
    const value = raw[i + 1];
    if (name === undefined || value === undefined || name.startsWith(':')) continue;
    try {
      headers.append(name, value);
    } catch {
      // A header fetch refuses cannot matter to the proxy; leave it out.
    }
  }
  const method = req.method ?? 'GET';
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  if (method !== 'GET' && method !== 'HEAD') {
    init.body = req.readableEnded ? alreadyReadBody(req, headers) : bodyStream(req);
    init.duplex = 'half';
  }
  return new Request(requestUrl(req).href, init);
}

/**
 * The body as a web stream, read only when the handler reads it (high-water mark 0: nothing is
 * pulled ahead) and with backpressure (the request is paused between reads). Cancelling it —
 * the handler refusing a body over its limit — stops keeping the data.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let detach: (() => void) | undefined;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        detach ??= followBody(req, {
          data: (chunk) => {
            controller.enqueue(chunk);
            req.pause();
          },
          end: () => controller.close(),
          abort: (error) => controller.error(error),
        });
        req.resume();
      },
      cancel() {
        detach?.();
        req.resume(); // discard the rest; the answer closes the connection
      },
    },
    { highWaterMark: 0 },
  );
}

/** A body an earlier middleware (e.g. `express.json()`) consumed, re-serialised. */
function alreadyReadBody(req: IncomingMessage, headers: Headers): string | Uint8Array<ArrayBuffer> {
  headers.delete('content-length');
  const { body } = req as IncomingMessage & { body?: unknown };
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return new Uint8Array(body);
  return JSON.stringify(body);
}

/**
 * Writes the answer. When the request body was not read to its
 * end (413 and other early refusals), the answer says `Connection: close`, the rest of the upload
 * is discarded, and the socket is destroyed after a short grace if the client keeps sending.
 */
function writeAnswer(req: IncomingMessage, res: ServerResponse, answer: NodeAnswer): void {
  if (res.headersSent || res.destroyed) return;
  const body = typeof answer.body === 'string' ? utf8(answer.body) : (answer.body ?? undefined);
  const { headers } = answer;
  if (body !== undefined) headers['content-length'] = String(body.byteLength);
  if (!req.complete) {
    headers.connection = 'close';
    req.resume();
    res.once('finish', () => {
      if (!req.complete) setTimeout(() => req.socket.destroy(), DRAIN_GRACE_MS).unref();
    });
  }
  res.writeHead(answer.status, headers);
  res.end(body);
}

let encoder: TextEncoder | undefined;

/** One encoder for all answers, made on first use (it keeps no state). */
function utf8(text: string): Uint8Array {
  encoder ??= new TextEncoder();
  return encoder.encode(text);
}

/** An error answer of the adapter itself, shaped as the handler's: `{ code, message }`. */
function writeJson(res: ServerResponse, status: number, code: ProxyOutcome, message: string): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ code, message });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(new TextEncoder().encode(body).byteLength),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}
