/**
 * The Node `http` adapter: turns an `IncomingMessage` into a fetch `Request` (body streamed, not
 * buffered; the socket address passed as `context.remoteAddress`) and writes the `Response` back.
 * The returned listener also works as Express/Connect middleware. Only type imports from Node, so
 * importing `adpx-offers/proxy` stays safe in runtimes without Node built-ins.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OffersProxyHandler } from './types.js';

/** A Node request listener; as Express/Connect middleware it passes unexpected failures to `next`. */
export type NodeProxyListener = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => void;

/** How long a refused, still-uploading request may keep its connection after the answer. */
const DRAIN_GRACE_MS = 2_000;
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
const HOST = /^[A-Za-z0-9.:[\]-]+$/;

/**
 * Adapts a fetch handler to Node: `http.createServer(toNodeHandler(proxy))`, or
 * `app.use('/offers-proxy', toNodeHandler(proxy))` in Express (mount it before any body parser;
 * a body an earlier `express.json()` already read is taken from `req.body`).
 */
export function toNodeHandler(handler: OffersProxyHandler): NodeProxyListener {
  return (req, res, next) => {
    serveNode(handler, req, res).catch((error: unknown) => {
      if (next !== undefined) next(error);
      else writeJson(res, 500, 'The proxy failed unexpectedly.');
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
  let request: Request;
  try {
    request = toRequest(req, controller.signal);
  } catch {
    const method = req.method ?? '';
    if (FORBIDDEN_METHODS.has(method)) writeJson(res, 405, `Method ${method} is not allowed: use POST.`);
    else writeJson(res, 400, 'Malformed request.');
    return;
  }
  const response = await handler(request, { remoteAddress: req.socket.remoteAddress });
  await writeResponse(req, res, response);
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
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (signal !== undefined) init.signal = signal;
  if (method !== 'GET' && method !== 'HEAD') {
    init.body = req.readableEnded ? alreadyReadBody(req, headers) : bodyStream(req);
    init.duplex = 'half';
  }
  return new Request(requestUrl(req), init);
}

/** Scheme and Host of the connection, path from `originalUrl` (Express) or `url`. */
function requestUrl(req: IncomingMessage): string {
  const { originalUrl } = req as IncomingMessage & { originalUrl?: unknown };
  const path = typeof originalUrl === 'string' ? originalUrl : (req.url ?? '/');
  if (!path.startsWith('/')) throw new TypeError('Only origin-form request targets are served.');
  const host = req.headers.host ?? 'localhost';
  if (!HOST.test(host)) throw new TypeError('Malformed Host header.');
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  // Concatenated, not `new URL(path, base)`: a path like `//other.host/x` must stay a path.
  return new URL(`${encrypted ? 'https' : 'http'}://${host}${path}`).href;
}

/**
 * The body as a web stream, read only when the handler reads it (high-water mark 0: nothing is
 * pulled ahead) and with backpressure (the request is paused between reads). Cancelling it —
 * the handler refusing a body over its limit — stops keeping the data.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let attached = false;
  let detach = (): void => {};
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!attached) {
          attached = true;
          const onData = (chunk: Uint8Array): void => {
            controller.enqueue(chunk);
            req.pause();
          };
          const onEnd = (): void => {
            detach();
            controller.close();
          };
          const onAbort = (): void => {
            detach();
            controller.error(new Error('The request body was aborted.'));
          };
          const onClose = (): void => {
            if (!req.complete) onAbort();
          };
          req.on('data', onData);
          req.once('end', onEnd);
          req.once('error', onAbort);
          req.once('close', onClose);
          detach = () => {
            req.off('data', onData);
            req.off('end', onEnd);
            req.off('error', onAbort);
            req.off('close', onClose);
          };
        }
        req.resume();
      },
      cancel() {
        detach();
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
 * Writes the fetch `Response`. When the request body was not read to its end (413 and other early
 * refusals), the answer says `Connection: close`, the rest of the upload is discarded, and the
 * socket is destroyed after a short grace if the client keeps sending.
 */
async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  const body = response.body === null ? undefined : new Uint8Array(await response.arrayBuffer());
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (body !== undefined) headers['content-length'] = String(body.byteLength);
  if (!req.complete) {
    headers.connection = 'close';
    req.resume();
    res.once('finish', () => {
      if (!req.complete) setTimeout(() => req.socket.destroy(), DRAIN_GRACE_MS).unref();
    });
  }
  res.writeHead(response.status, headers);
  res.end(body);
}

function writeJson(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ message });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(new TextEncoder().encode(body).byteLength),
    'cache-control': 'no-store',
  });
  res.end(body);
}
