// @vitest-environment node
// Every error path of the proxy, over real HTTP on loopback, in front of the real mock service.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MockOffersService } from '../../src/server/mock/index.js';
import { createOffersProxy } from '../../src/server/proxy/index.js';
import type { ProxyLogEntry } from '../../src/server/proxy/index.js';
import {
  OFFERS_PATH,
  SERVER_KEY,
  call,
  deadPort,
  rawRequest,
  declareOnly,
  messageOf,
  postOffers,
  startMock,
  startProxy,
  streamUpload,
  type Answer,
  type RunningProxy,
} from './helpers.js';

let mock: MockOffersService;
let proxy: RunningProxy;

beforeAll(async () => {
  mock = await startMock();
  proxy = await startProxy({ upstream: mock.url, timeoutMs: 300 });
});
afterAll(async () => {
  await proxy.close();
  await mock.close();
});
beforeEach(() => mock.reset());

const raw = (body: string, headers: Record<string, string> = {}) =>
  call(`${proxy.url}${OFFERS_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });

/** Every error answer is JSON `{ message }`, never cached. */
function expectJsonError(answer: Awaited<ReturnType<typeof raw>>, status: number): string {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(answer.headers.get('cache-control')).toBe('no-store');
  return messageOf(answer);
}

describe('every error the proxy makes carries a stable code: the outcome its log entry names', () => {
  it.each<{ name: string; status: number; code: string; send: () => Promise<Answer> }>([
    { name: 'bad JSON', status: 400, code: 'invalid_request', send: () => raw('{') },
    {
      name: 'origin',
      status: 403,
      code: 'origin_refused',
      send: () => postOffers(proxy, { headers: { Origin: 'https://evil.example' } }),
    },
    {
      name: 'path',
      status: 404,
      code: 'not_found',
      send: () => call(`${proxy.url}/offers-proxy/native/v3/offers.json`, { method: 'POST' }),
    },
    {
      name: 'method',
      status: 405,
      code: 'method_not_allowed',
      send: () => call(`${proxy.url}${OFFERS_PATH}`),
    },
    {
      name: 'size',
      status: 413,
      code: 'too_large',
      send: () => raw(JSON.stringify({ placement: 'p'.repeat(20_000) })),
    },
    {
      name: 'media type',
      status: 415,
      code: 'unsupported_media_type',
      send: () => raw('{}', { 'Content-Type': 'text/plain' }),
    },
    {
      name: 'service not JSON',
      status: 502,
      code: 'upstream_invalid',
      send: () => {
        mock.queue({ body: 'oops', contentType: 'text/plain' });
        return postOffers(proxy);
      },
    },
    {
      name: 'timeout',
      status: 504,
      code: 'upstream_timeout',
      send: () => {
        mock.queue({ delayMs: 1_000 });
        return postOffers(proxy);
      },
    },
  ])('$status $code ($name)', async ({ status, code, send }) => {
    const answer = await send();
    expectJsonError(answer, status);
    expect(answer.json()).toMatchObject({ code });
    expect(proxy.logs.at(-1)).toMatchObject({ outcome: code, status });
  });

  it('the Node adapter’s own refusals too (a method fetch refuses, a malformed Host)', async () => {
    const trace = await rawRequest(proxy.port, { method: 'TRACE', path: OFFERS_PATH });
    expect(trace.status).toBe(405);
    expect(JSON.parse(trace.body)).toMatchObject({ code: 'method_not_allowed' });
    const badHost = await rawRequest(proxy.port, { path: OFFERS_PATH, headers: { Host: 'bad host' } });
    expect(badHost.status).toBe(400);
    expect(JSON.parse(badHost.body)).toMatchObject({ code: 'invalid_request' });
  });
});

describe('400: bad input, rejected by the client’s own rules before anything is sent', () => {
  it.each([
    { name: 'invalid JSON', body: '{"placement":', message: /not valid JSON/ },
    { name: 'empty body', body: '', message: /empty/ },
    { name: 'a JSON array', body: '[1,2]', message: /JSON object/ },
    { name: 'a JSON string', body: '"checkout"', message: /JSON object/ },
    { name: 'no placement', body: '{"pub_user_id":"u"}', message: /placement is required/ },
    { name: 'blank placement', body: '{"placement":"  "}', message: /placement is required/ },
    { name: 'bad dev', body: '{"placement":"p","dev":"yes"}', message: /dev must be/ },
    {
      name: 'bad creative in the body',
      body: '{"placement":"p","creative":"7"}',
      message: /creative must be/,
    },
  ])('$name', async ({ body, message }) => {
    expect(expectJsonError(await raw(body), 400)).toMatch(message);
    expect(mock.requests()).toHaveLength(0);
  });

  it.each([
    { query: 'loyaltyboost=3', message: /loyaltyboost must be one of '0', '1', '2'/ },
    { query: 'creative=2', message: /creative must be one of '0', '1'/ },
    { query: 'campaignId=1,2', message: /campaignId must be one campaign id/ },
  ])('query $query', async ({ query, message }) => {
    expect(expectJsonError(await postOffers(proxy, { query }), 400)).toMatch(message);
    expect(mock.requests()).toHaveLength(0);
  });

  it('a body that is not UTF-8', async () => {
    const answer = await call(`${proxy.url}${OFFERS_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
    expect(expectJsonError(answer, 400)).toMatch(/UTF-8/);
  });
});

describe('413: a body over maxBodyBytes', () => {
  it('is refused from its Content-Length before a byte of it is read', async () => {
    const answer = await declareOnly(proxy.port, OFFERS_PATH, 10 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({
      code: 'too_large',
      message: 'The request body is larger than 16384 bytes.',
    });
  });

  it('is refused while it streams (chunked, no Content-Length): 10 MB never travels', async () => {
    const { answer, sentBytes } = await streamUpload(proxy.port, OFFERS_PATH, 8 * 1024, 1280);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toHaveProperty('message');
    // The answer came after ~16 KiB, not after the 10 MB the client was ready to send.
    expect(sentBytes).toBeLessThan(256 * 1024);
    expect(mock.requests()).toHaveLength(0);
  });

  it('honours a smaller maxBodyBytes, and a body at the limit passes', async () => {
    const small = await startProxy({ upstream: mock.url, maxBodyBytes: 64 });
    try {
      const atLimit = JSON.stringify({ placement: 'p'.repeat(64 - 16) });
      expect(atLimit).toHaveLength(64);
      expect((await postOffers(small, { body: JSON.parse(atLimit) })).status).toBe(200);
      const over = await postOffers(small, { body: { placement: 'p'.repeat(64) } });
      expect(expectJsonError(over, 413)).toBe('The request body is larger than 64 bytes.');
    } finally {
      await small.close();
    }
  });
});

describe('404, 405, 415', () => {
  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])('405 for %s, with Allow', async (method) => {
    const answer = await call(`${proxy.url}${OFFERS_PATH}`, { method });
    expect(expectJsonError(answer, 405)).toBe(`Method ${method} is not allowed: use POST.`);
    expect(answer.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('405 for HEAD (headers only)', async () => {
    const answer = await call(`${proxy.url}${OFFERS_PATH}`, { method: 'HEAD' });
    expect(answer.status).toBe(405);
    expect(answer.text).toBe('');
  });

  it('404 for a path that is not the offers path', async () => {
    const answer = await call(`${proxy.url}/offers-proxy/native/v3/offers.json`, { method: 'POST' });
    expect(expectJsonError(answer, 404)).toMatch(/native\/v2\/offers\.json/);
  });

  it('415 for a body not declared as JSON', async () => {
    const answer = await raw('{"placement":"p"}', { 'Content-Type': 'text/plain' });
    expect(expectJsonError(answer, 415)).toMatch(/application\/json/);
    expect(mock.requests()).toHaveLength(0);
  });
});

describe('upstream failures', () => {
  it('504 when the service does not answer within timeoutMs', async () => {
    mock.queue({ delayMs: 1_000 });
    // The mock would answer 200 after 1 s: a 504 can only be the proxy's own timeout.
    const answer = await postOffers(proxy);
    expect(expectJsonError(answer, 504)).toBe('The offers service did not answer within 300 ms.');
    expect(proxy.logs.at(-1)).toMatchObject({ level: 'error', outcome: 'upstream_timeout', status: 504 });
  });

  it('504 also when the service is slow for every request (latencyMs)', async () => {
    const slow = await startMock({ latencyMs: 500 });
    const impatient = await startProxy({ upstream: slow.url, timeoutMs: 100 });
    try {
      expect((await postOffers(impatient)).status).toBe(504);
    } finally {
      await impatient.close();
      await slow.close();
    }
  });

  it('502 when the service is unreachable', async () => {
    const down = await startProxy({ upstream: `http://127.0.0.1:${await deadPort()}` });
    try {
      const answer = await postOffers(down);
      expect(expectJsonError(answer, 502)).toBe('The offers service could not be reached.');
      expect(down.logs.at(-1)).toMatchObject({ outcome: 'upstream_unreachable', level: 'error' });
      expect(down.logs.at(-1)?.message).toMatch(/ECONNREFUSED/);
    } finally {
      await down.close();
    }
  });

  it('502 when the service drops the connection', async () => {
    mock.queue({ destroy: true });
    expect((await postOffers(proxy)).status).toBe(502);
  });

  it('502 when the service answers something that is not JSON', async () => {
    mock.queue({ body: 'oops', contentType: 'text/plain' });
    const answer = await postOffers(proxy);
    expect(expectJsonError(answer, 502)).toBe(
      'The offers service answered HTTP 200 with a body that is not JSON.',
    );
    mock.queue({ status: 503, body: '<html>maintenance</html>', contentType: 'text/html' });
    expect(messageOf(await postOffers(proxy))).toBe(
      'The offers service answered HTTP 503 with a body that is not JSON.',
    );
  });

  it('502 upstream_invalid (not "unreachable") when its JSON is nested too deeply to check for the key', async () => {
    const depth = 300_000;
    mock.queue({ body: `{"a":${'['.repeat(depth)}"${SERVER_KEY}"${']'.repeat(depth)}}` });
    const answer = await postOffers(proxy);
    expect(expectJsonError(answer, 502)).toMatch(/nested too deeply/);
    expect(answer.text).not.toContain(SERVER_KEY);
    expect(proxy.logs.at(-1)).toMatchObject({ outcome: 'upstream_invalid', upstreamStatus: 200 });
  });

  it('502 when the service redirects (the proxy never follows: the key stays on the service)', async () => {
    mock.queue({ status: 302, body: { message: 'moved' } });
    expect(expectJsonError(await postOffers(proxy), 502)).toMatch(/redirect \(HTTP 302\)/);
  });
});

describe('transformBody (publisher logic)', () => {
  it('adds and removes keys; the result is validated and forwarded', async () => {
    const hooked = await startProxy({
      upstream: mock.url,
      transformBody: async (body, request, info) => {
        const { dev: _dev, ...rest } = body;
        return {
          ...rest,
          subid: 'site-7',
          seen_ua: request.headers.get('user-agent') ?? '',
          seen_ip: info.ip ?? '',
        };
      },
    });
    try {
      await postOffers(hooked, { body: { placement: 'p', dev: '1' }, headers: { 'User-Agent': 'UA/2' } });
      const body = mock.requests()[0]?.body;
      expect(body).toMatchObject({ placement: 'p', subid: 'site-7', seen_ua: 'UA/2', seen_ip: '127.0.0.1' });
      expect(body).not.toHaveProperty('dev');
    } finally {
      await hooked.close();
    }
  });

  it('403 when it vetoes; 400 when its result breaks the rules; 500 when it throws or returns a non-object', async () => {
    let mode: 'veto' | 'break' | 'throw' | 'null' = 'veto';
    const hooked = await startProxy({
      upstream: mock.url,
      transformBody: (body) => {
        if (mode === 'veto') return false;
        if (mode === 'break') return { ...body, placement: '' };
        if (mode === 'null') return null as unknown as Record<string, unknown>;
        throw new Error('publisher bug');
      },
    });
    try {
      expect(messageOf(await postOffers(hooked))).toBe('The request was refused by the publisher’s policy.');
      expect(hooked.logs.at(-1)).toMatchObject({ outcome: 'vetoed', status: 403 });
      mode = 'break';
      expect((await postOffers(hooked)).status).toBe(400);
      mode = 'throw';
      const answer = await postOffers(hooked);
      expect(answer.status).toBe(500);
      expect(messageOf(answer)).toBe('The proxy failed unexpectedly.');
      expect(hooked.logs.at(-1)).toMatchObject({ outcome: 'internal_error', level: 'error' });
      expect(hooked.logs.at(-1)?.message).toMatch(/publisher bug/);
      mode = 'null';
      expect((await postOffers(hooked)).status).toBe(500);
      expect(hooked.logs.at(-1)?.message).toMatch(/transformBody must return an object or false/);
      expect(mock.requests()).toHaveLength(0);
    } finally {
      await hooked.close();
    }
  });
});

describe('publisher code that fails oddly is contained', () => {
  const post = () =>
    new Request(`http://proxy.test${OFFERS_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"placement":"p"}',
    });

  it('transformBody throwing something String() cannot describe: still a 500 JSON answer, logged', async () => {
    const logs: ProxyLogEntry[] = [];
    const handler = createOffersProxy({
      upstream: mock.url,
      apiKey: SERVER_KEY,
      log: (entry) => logs.push(entry),
      transformBody: () => {
        // e.g. an object without a prototype: `String(thrown)` itself throws.
        throw Object.create(null) as Error;
      },
    });
    // The handler's promise used to reject: the runtime answered with its own error page.
    const response = await handler(post());
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ message: 'The proxy failed unexpectedly.' });
    expect(logs.at(-1)).toMatchObject({ outcome: 'internal_error', status: 500, level: 'error' });
  });

  it('an async logger that rejects is ignored like one that throws (no unhandled rejection)', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => {
      unhandled.push(reason);
    };
    process.on('unhandledRejection', onUnhandled);
    try {
      const handler = createOffersProxy({
        upstream: mock.url,
        apiKey: SERVER_KEY,
        // Assignable to `(entry) => void`; on Node an unhandled rejection ends the process.
        log: async () => {
          await Promise.resolve();
          throw new Error('log sink down');
        },
      });
      expect((await handler(post())).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
