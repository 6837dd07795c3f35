// @vitest-environment node
// The Node adapter as Express-style middleware: mounted under a path (Express strips it from
// `req.url` and keeps `req.originalUrl`), after a body parser, with `next`.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MockOffersService } from '../../src/server/mock/index.js';
import { createOffersProxy, toNodeHandler } from '../../src/server/proxy/index.js';
import type { OffersProxyHandler } from '../../src/server/proxy/index.js';
import { SERVER_KEY, call, closeServer, listen, startMock } from './helpers.js';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** A tiny Express-like app: `use(path, middleware)` strips the mount path like Express does. */
function miniApp(stack: Array<{ path: string; handle: Middleware }>): Server {
  return createServer((req, res) => {
    const original = req.url ?? '/';
    Object.assign(req, { originalUrl: original });
    let index = 0;
    const next = (error?: unknown): void => {
      const layer = stack[index];
      index += 1;
      if (error !== undefined || layer === undefined) {
        res.writeHead(error === undefined ? 404 : 500, { 'content-type': 'text/plain' });
        res.end(error === undefined ? 'app 404' : `app error: ${String(error)}`);
        return;
      }
      if (!original.startsWith(layer.path)) return next();
      req.url = original.slice(layer.path.length === 1 ? 0 : layer.path.length) || '/';
      layer.handle(req, res, next);
    };
    next();
  });
}

/** Like `express.json()`: reads a JSON body into `req.body`. */
const jsonParser: Middleware = (req, res, next) => {
  if (!(req.headers['content-type'] ?? '').includes('json')) return next();
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    Object.assign(req, { body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown });
    next();
  });
};

let mock: MockOffersService;
let app: Server;
let base: string;
let handler: OffersProxyHandler;

beforeAll(async () => {
  mock = await startMock();
  handler = createOffersProxy({ upstream: mock.url, apiKey: SERVER_KEY });
  const failing: OffersProxyHandler = () => Promise.reject(new Error('boom'));
  app = miniApp([
    { path: '/offers-proxy', handle: toNodeHandler(handler) },
    { path: '/parsed', handle: jsonParser },
    { path: '/parsed/offers-proxy', handle: toNodeHandler(handler) },
    { path: '/failing', handle: toNodeHandler(failing) },
  ]);
  base = `http://127.0.0.1:${await listen(app)}`;
});
afterAll(async () => {
  await closeServer(app);
  await mock.close();
});
beforeEach(() => mock.reset());

const post = (path: string, body: unknown = { placement: 'checkout' }) =>
  call(`${base}${path}?api_key=placeholder`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('toNodeHandler as Express-style middleware', () => {
  it('works mounted under a path', async () => {
    const answer = await post('/offers-proxy/native/v2/offers.json');
    expect(answer.status).toBe(200);
    expect(mock.requests()[0]?.query.api_key).toBe(SERVER_KEY);
  });

  it('takes a body that a JSON parser mounted before it already read', async () => {
    const answer = await post('/parsed/offers-proxy/native/v4/offers.json', {
      placement: 'parsed',
      subid: 's',
    });
    expect(answer.status).toBe(200);
    expect(mock.requests()[0]).toMatchObject({
      version: 'v4',
      body: { placement: 'parsed', subid: 's', ip: '127.0.0.1' },
    });
  });

  it('passes an unexpected failure to next', async () => {
    const answer = await post('/failing/native/v2/offers.json');
    expect(answer.status).toBe(500);
    expect(answer.text).toBe('app error: Error: boom');
  });
});

describe('toNodeHandler on its own', () => {
  it('answers 500 JSON when the handler fails and there is no next', async () => {
    const server = createServer(toNodeHandler(() => Promise.reject(new Error('boom'))));
    const url = `http://127.0.0.1:${await listen(server)}`;
    try {
      const answer = await call(`${url}/native/v2/offers.json`, { method: 'POST' });
      expect(answer.status).toBe(500);
      expect(answer.json()).toEqual({ code: 'internal_error', message: 'The proxy failed unexpectedly.' });
    } finally {
      await closeServer(server);
    }
  });

  it('hands the handler a standard Request and the socket address', async () => {
    let seenRequest: Request | undefined;
    let seenAddress: string | undefined;
    const server = createServer(
      toNodeHandler(async (request, context) => {
        seenRequest = request;
        seenAddress = context?.remoteAddress;
        return new Response(await request.text(), { status: 201, headers: { 'x-echo': 'yes' } });
      }),
    );
    const url = `http://127.0.0.1:${await listen(server)}`;
    try {
      const answer = await call(`${url}/a/b?c=d`, {
        method: 'PUT',
        body: 'hello',
        headers: { 'X-Test': '1' },
      });
      expect(answer).toMatchObject({ status: 201, text: 'hello' });
      expect(answer.headers.get('x-echo')).toBe('yes');
      expect(seenRequest?.url).toBe(`${url}/a/b?c=d`);
      expect(seenRequest?.headers.get('x-test')).toBe('1');
      expect(seenAddress).toBe('127.0.0.1');
    } finally {
      await closeServer(server);
    }
  });
});
