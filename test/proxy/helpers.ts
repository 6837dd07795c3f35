import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOffersProxy, toNodeHandler } from '../../src/server/proxy/index.js';
import type { OffersProxyOptions, ProxyLogEntry } from '../../src/server/proxy/index.js';
import { createMockOffersService, fixtureOffers } from '../../src/server/mock/index.js';
import type { MockOffersService, MockOffersServiceOptions } from '../../src/server/mock/index.js';

/** The proxy's key in the tests: distinctive, so a leak anywhere is easy to find. */
export const SERVER_KEY = 'srv-key-7f3a9c21e4b8';
/** A key whose URL spelling differs from its raw one. */
export const SPECIAL_KEY = 'k3y+with/sp ecial=chars&x';
/** What a page sends as `api_key` in proxy mode (a placeholder, never forwarded). */
export const BROWSER_KEY = 'browser-placeholder';
/** The path the SDK posts to when its endpoint is `{proxy}/offers-proxy`. */
export const OFFERS_PATH = '/offers-proxy/native/v2/offers.json';

/** Every log entry and every proxy answer body of the run, to prove the key never shows. */
export const seen = { logs: [] as ProxyLogEntry[], bodies: [] as string[] };

/** A mock with the server key and cheap fixtures (no QR redraw), for speed under load. */
export function startMock(options: MockOffersServiceOptions = {}): Promise<MockOffersService> {
  return createMockOffersService({
    keys: {
      [SERVER_KEY]: { offersPerResponse: 3 },
      [SPECIAL_KEY]: { offersPerResponse: 1 },
      'demo-key': { offersPerResponse: 6 },
    },
    fixtures: async (base) => (await fixtureOffers(base)).map((offer) => ({ ...offer, qr_code_img: '' })),
    ...options,
  });
}

/** A running proxy behind Node `http` on loopback. */
export interface RunningProxy {
  url: string;
  /** `{url}/offers-proxy`: what a page sets as the SDK's endpoint. */
  endpoint: string;
  port: number;
  logs: ProxyLogEntry[];
  close(): Promise<void>;
}

export async function startProxy(
  options: Partial<OffersProxyOptions> & { upstream: string },
): Promise<RunningProxy> {
  const logs: ProxyLogEntry[] = [];
  const handler = createOffersProxy({
    apiKey: SERVER_KEY,
    ...options,
    log: (entry) => {
      logs.push(entry);
      seen.logs.push(entry);
      options.log?.(entry);
    },
  });
  const server = createServer(toNodeHandler(handler));
  const port = await listen(server);
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    endpoint: `${url}/offers-proxy`,
    port,
    logs,
    close: () => closeServer(server),
  };
}

export function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** A loopback port with nothing listening on it. */
export async function deadPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await closeServer(server);
  return port;
}

/** An answer, its body text kept (and recorded in {@link seen}). */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: () => unknown;
}

/** A fetch through the proxy; the body text is read and recorded. */
export async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  seen.bodies.push(text);
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: () => JSON.parse(text) as unknown,
  };
}

/** POSTs a JSON body to the offers path of `base` (default `{ placement: 'checkout' }`). */
export function postOffers(
  proxy: RunningProxy,
  options: { body?: unknown; query?: string; headers?: Record<string, string>; path?: string } = {},
): Promise<Answer> {
  const query = options.query ?? `api_key=${BROWSER_KEY}`;
  return call(`${proxy.url}${options.path ?? OFFERS_PATH}?${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...options.headers },
    body: JSON.stringify(options.body ?? { placement: 'checkout' }),
  });
}

/** The `message` of a JSON error answer. */
export function messageOf(answer: Answer): string {
  const body = answer.json() as { message?: unknown };
  if (typeof body.message !== 'string') throw new Error(`no message in ${answer.text}`);
  return body.message;
}

/** Raw HTTP answer (status, headers, body) of a hand-made request. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Streams a chunked body of `chunkBytes`-sized chunks, sending the next chunk only while no answer
 * has arrived, up to `maxChunks`. Resolves with the answer and how many bytes were sent before it.
 */
export function streamUpload(
  port: number,
  path: string,
  chunkBytes: number,
  maxChunks: number,
): Promise<{ answer: RawAnswer; sentBytes: number }> {
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            answer: {
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            },
            sentBytes,
          }),
        );
      },
    );
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(chunkBytes, 0x20);
    let sent = 0;
    const sendNext = (): void => {
      if (answered || req.destroyed) return;
      if (sent === maxChunks) {
        req.end();
        return;
      }
      sent += 1;
      sentBytes += chunk.length;
      req.write(chunk, () => setTimeout(sendNext, 5));
    };
    req.write('{"placement":"', () => sendNext());
  });
}

/** The whole answer of a raw request: status, headers and body as text. */
function answerOf(res: IncomingMessage): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('error', reject);
    res.on('end', () =>
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }),
    );
  });
}

/** One hand-made request (any method, any Host), its answer read whole. */
export function rawRequest(
  port: number,
  sent: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: sent.method ?? 'POST', path: sent.path, headers: sent.headers },
      (res) => resolve(answerOf(res)),
    );
    req.on('error', reject);
    req.end(sent.body);
  });
}

/** A request with a declared `Content-Length` and no body sent at all. */
export function declareOnly(port: number, path: string, contentLength: number): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(contentLength) },
      },
      (res) => resolve(answerOf(res)),
    );
    req.on('error', reject);
    req.flushHeaders();
  });
}

/** Runs `tasks` with at most `limit` at a time; resolves with their results in order. */
export async function pool<T>(
  count: number,
  limit: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next;
      next += 1;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}
