// @vitest-environment node
// The Node adapter's direct path (a handler made by createOffersProxy, read from the IncomingMessage
// without a fetch Request) against the fetch bridge (the same handler wrapped, so the adapter cannot
// see its steps and builds a Request/Response): every answer and log entry must be the same.
import { createServer, request, type OutgoingHttpHeaders, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MockOffersService } from '../../src/server/mock/index.js';
import { createOffersProxy, toNodeHandler } from '../../src/server/proxy/index.js';
import type { OffersProxyHandler, ProxyLogEntry } from '../../src/server/proxy/index.js';
import {
  OFFERS_PATH,
  SERVER_KEY,
  closeServer,
  declareOnly,
  listen,
  startMock,
  streamUpload,
} from './helpers.js';

interface Side {
  server: Server;
  port: number;
  logs: ProxyLogEntry[];
}

let mock: MockOffersService;
let direct: Side;
let bridged: Side;

async function side(wrap: (handler: OffersProxyHandler) => OffersProxyHandler): Promise<Side> {
  const logs: ProxyLogEntry[] = [];
  const handler = createOffersProxy({
    upstream: mock.url,
    apiKey: SERVER_KEY,
    allowedOrigins: ['https://shop.example'],
    maxBodyBytes: 1024,
    log: (entry) => logs.push(entry),
  });
  const server = createServer(toNodeHandler(wrap(handler)));
  return { server, port: await listen(server), logs };
}

beforeAll(async () => {
  mock = await startMock();
  direct = await side((handler) => handler);
  bridged = await side((handler) => (req, context) => handler(req, context));
});
afterAll(async () => {
  await closeServer(direct.server);
  await closeServer(bridged.server);
  await mock.close();
});

interface Sent {
  method?: string;
  path?: string;
  headers?: OutgoingHttpHeaders;
  body?: string | Uint8Array;
}

/** One hand-made request; the answer without the headers that differ by time. */
function send(port: number, sent: Sent): Promise<{ status: number; headers: object; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: sent.method ?? 'POST',
        path: sent.path ?? OFFERS_PATH,
        headers: sent.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const { date: _date, 'keep-alive': _keepAlive, ...headers } = res.headers;
          resolve({
            status: res.statusCode ?? 0,
            headers,
            body: withoutSessionIds(Buffer.concat(chunks).toString('utf8')),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(sent.body);
  });
}

/** The mock gives each answer a new session id; nothing else differs between two calls. */
function withoutSessionIds(text: string): string {
  return text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<session>');
}

const json = { 'Content-Type': 'application/json' };
const CASES: Record<string, Sent> = {
  forwarded: { headers: json, body: '{"placement":"checkout","adpx_fp":"fp1"}' },
  'allowed origin': { headers: { ...json, Origin: 'https://shop.example' }, body: '{"placement":"a"}' },
  'refused origin': { headers: { ...json, Origin: 'https://evil.example' }, body: '{"placement":"a"}' },
  preflight: {
    method: 'OPTIONS',
    headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'POST' },
  },
  'GET is 405': { method: 'GET' },
  'TRACE is 405': { method: 'TRACE' },
  'other path is 404': { path: '/offers-proxy/native/v3/other.json', headers: json, body: '{}' },
  'not JSON is 415': { headers: { 'Content-Type': 'text/plain' }, body: 'hi' },
  // Two Content-Type lines: Node keeps the first in req.headers, Headers joins them (then 415).
  'repeated Content-Type': { headers: { 'Content-Type': ['application/json', 'text/plain'] }, body: '{}' },
  'invalid JSON is 400': { headers: json, body: '{"placement":' },
  'not UTF-8 is 400': { headers: json, body: new Uint8Array([0x7b, 0xff, 0x7d]) },
  'empty body is 400': { headers: json, body: '' },
  'array body is 400': { headers: json, body: '[]' },
  'declared over the limit is 413': { headers: json, body: `{"placement":"${'x'.repeat(1100)}"}` },
  'malformed Host is 400': { headers: { ...json, Host: 'bad host' }, body: '{}' },
};

describe('the direct Node path answers as the fetch bridge does', () => {
  for (const [name, sent] of Object.entries(CASES)) {
    it(name, async () => {
      const fromDirect = await send(direct.port, sent);
      const fromBridge = await send(bridged.port, sent);
      expect(fromDirect).toEqual(fromBridge);
      if (fromDirect.status === 200) {
        // What the service received, but when.
        const [first, second] = mock
          .requests()
          .slice(-2)
          .map(({ at: _at, ...received }) => received);
        expect(second).toEqual(first);
      }
      const logged = (logs: ProxyLogEntry[]) => {
        const { durationMs: _duration, upstreamMs: _upstream, ...entry } = logs.at(-1) ?? { durationMs: 0 };
        return entry;
      };
      expect(logged(direct.logs)).toEqual(logged(bridged.logs));
    });
  }

  it('a chunked upload over the limit: 413, Connection: close, the rest not kept', async () => {
    const fromDirect = await streamUpload(direct.port, OFFERS_PATH, 512, 200);
    const fromBridge = await streamUpload(bridged.port, OFFERS_PATH, 512, 200);
    for (const { answer, sentBytes } of [fromDirect, fromBridge]) {
      expect(answer.status).toBe(413);
      expect(answer.headers.connection).toBe('close');
      expect(sentBytes).toBeLessThan(200 * 512);
    }
    expect(fromDirect.answer.body).toBe(fromBridge.answer.body);
  });

  it('a declared Content-Length over the limit: 413 before any byte is sent', async () => {
    const fromDirect = await declareOnly(direct.port, OFFERS_PATH, 5000);
    const fromBridge = await declareOnly(bridged.port, OFFERS_PATH, 5000);
    expect(fromDirect.status).toBe(413);
    expect(fromDirect.body).toBe(fromBridge.body);
  });
});

describe('which path the adapter takes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** How many fetch `Request`s are made while `send` runs (an answer that needs no upstream call). */
  async function requestsMadeFor(port: number): Promise<number> {
    let made = 0;
    const counting = new Proxy(Request, {
      construct(target, args: ConstructorParameters<typeof Request>) {
        made += 1;
        return new target(...args);
      },
    });
    vi.stubGlobal('Request', counting);
    const answer = await send(port, { method: 'GET' });
    expect(answer.status).toBe(405);
    return made;
  }

  it('a proxy from createOffersProxy is served without a fetch Request', async () => {
    expect(await requestsMadeFor(direct.port)).toBe(0);
  });

  it('any other handler gets a fetch Request', async () => {
    expect(await requestsMadeFor(bridged.port)).toBe(1);
  });
});
