// @vitest-environment node
// Real HTTP on loopback: the proxy (Node adapter) in front of the real mock offers service.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchOffers } from '../../src/client/fetch-offers.js';
import type { MockOffersService } from '../../src/server/mock/index.js';
import { createOffersProxy } from '../../src/server/proxy/index.js';
import {
  BROWSER_KEY,
  OFFERS_PATH,
  SERVER_KEY,
  messageOf,
  postOffers,
  rawRequest,
  startMock,
  startProxy,
  type RunningProxy,
} from './helpers.js';

let mock: MockOffersService;
let proxy: RunningProxy;
let trusting: RunningProxy;
let oneHop: RunningProxy;

beforeAll(async () => {
  mock = await startMock();
  proxy = await startProxy({ upstream: mock.url });
  trusting = await startProxy({ upstream: mock.url, trustProxy: true });
  oneHop = await startProxy({ upstream: mock.url, trustProxy: 1 });
});
afterAll(async () => {
  await Promise.all([proxy.close(), trusting.close(), oneHop.close()]);
  await mock.close();
});
beforeEach(() => mock.reset());

/** The one offers request the mock received. */
function upstreamRecord() {
  const records = mock.requests();
  expect(records).toHaveLength(1);
  const record = records[0];
  if (record === undefined) throw new Error('no upstream request');
  return record;
}

describe('consent signals', () => {
  it('passes gdpr, gdpr_consent, gpp, gpp_sid, us_privacy and gpc through untouched', async () => {
    const signals = {
      gdpr: '1',
      gdpr_consent: 'CPzHq4APzHq4AAHABBENC-CgAP_AAH_AAAAAAAAAAAAA.YAAAAAAAAAAA',
      gpp: 'DBABLA~BVVqAAEABCA',
      gpp_sid: '7,8',
      us_privacy: '1YNN',
      gpc: '1',
    };
    const answer = await postOffers(proxy, { body: { placement: 'checkout', ...signals } });
    expect(answer.status).toBe(200);
    expect(upstreamRecord().body).toMatchObject(signals);
  });
});

describe('key injection', () => {
  it('sends the server key, never the browser’s (query or body), and returns the service’s answer', async () => {
    const answer = await postOffers(proxy, {
      query: `api_key=${BROWSER_KEY}`,
      body: { placement: 'checkout', api_key: 'body-key', apiKey: 'body-key-2' },
    });
    expect(answer.status).toBe(200);
    const data = (answer.json() as { data: { count: number; offers: unknown[] } }).data;
    expect(data.count).toBe(3);
    const record = upstreamRecord();
    expect(record.query.api_key).toBe(SERVER_KEY);
    expect(JSON.stringify(record)).not.toContain(BROWSER_KEY);
    expect(JSON.stringify(record.body)).not.toContain('body-key');
    expect(answer.text).not.toContain(SERVER_KEY);
  });

  it('forwards loyaltyboost, creative and campaignId, on the version of the path', async () => {
    const answer = await postOffers(proxy, {
      path: '/offers-proxy/native/v4/offers.json',
      query: `api_key=x&loyaltyboost=2&creative=1&campaignId=502&other=dropped`,
    });
    expect(answer.status).toBe(200);
    const record = upstreamRecord();
    expect(record.path).toBe('/native/v4/offers.json');
    expect(record.query).toEqual({
      api_key: SERVER_KEY,
      loyaltyboost: '2',
      creative: '1',
      campaignId: '502',
    });
  });

  it('passes the body keys through (placement, pub_user_id, adpx_fp, dev, custom keys)', async () => {
    const body = { placement: 'article_end', pub_user_id: 'u-1', adpx_fp: 'fp123', dev: '1', orderid: 'A-9' };
    expect((await postOffers(proxy, { body })).status).toBe(200);
    expect(upstreamRecord().body).toMatchObject(body);
  });

  it('pins the upstream version with apiVersion', async () => {
    const pinned = await startProxy({ upstream: mock.url, apiVersion: 'v4' });
    try {
      expect((await postOffers(pinned)).status).toBe(200);
      expect(upstreamRecord().path).toBe('/native/v4/offers.json');
    } finally {
      await pinned.close();
    }
  });

  it('works for fetchOffers with the proxy as endpoint and a placeholder key', async () => {
    const response = await fetchOffers(
      { endpoint: proxy.endpoint, apiKey: 'placeholder', placement: 'checkout', adpxFp: 'fpAbc123' },
      { env: { userAgent: 'SDK-UA/1' } },
    );
    expect(response.count).toBe(3);
    const record = upstreamRecord();
    expect(record.query.api_key).toBe(SERVER_KEY);
    expect(record.body).toMatchObject({ placement: 'checkout', ua: 'SDK-UA/1', adpx_fp: 'fpAbc123' });
  });
});

describe('not an open proxy: the page steers neither the upstream path nor its query', () => {
  it.each([
    '/offers-proxy/native/v2/offers.json?api_key=x&api_key=y&url=http://evil.example/&path=/admin',
    '/offers-proxy/a/../native/v2/offers.json',
    '/offers-proxy/..%2F..%2Fadmin/native/v2/offers.json',
    '//evil.example/native/v2/offers.json',
    '/offers-proxy/native/v2/offers.json?loyaltyboost=1&loyaltyboost=2&campaignId=7&campaignId=8',
  ])('%s reaches {upstream}/native/v2/offers.json with the documented query only', async (path) => {
    const answer = await rawRequest(proxy.port, {
      path,
      headers: { 'Content-Type': 'application/json' },
      body: '{"placement":"p"}',
    });
    expect(answer.status).toBe(200);
    const record = upstreamRecord();
    expect(record.path).toBe('/native/v2/offers.json');
    for (const name of Object.keys(record.query)) {
      expect(['api_key', 'loyaltyboost', 'creative', 'campaignId']).toContain(name);
    }
    expect(record.query.api_key).toBe(SERVER_KEY);
  });

  it.each([
    'http://evil.example/native/v2/offers.json',
    '/offers-proxy/native/v3/offers.json',
    '/offers-proxy/native/V2/offers.json',
    '/offers-proxy/native/v2%2Foffers.json',
    '/offers-proxy/native/v2/offers.json/..',
    '/offers-proxy/native/v2/offers.json%00',
  ])('%s is refused and nothing is sent', async (path) => {
    const answer = await rawRequest(proxy.port, {
      path,
      headers: { 'Content-Type': 'application/json' },
      body: '{"placement":"p"}',
    });
    expect([400, 404]).toContain(answer.status);
    expect(mock.requests()).toHaveLength(0);
  });
});

describe('ua and ip', () => {
  it('fills ua (body and User-Agent header) and ip from the socket when the body lacks them', async () => {
    await postOffers(proxy, { headers: { 'User-Agent': 'Browser/1.0 (Test)' } });
    const record = upstreamRecord();
    expect(record.body).toMatchObject({ ua: 'Browser/1.0 (Test)', ip: '127.0.0.1' });
    expect(record.userAgent).toBe('Browser/1.0 (Test)');
  });

  it('keeps the ua the body already has', async () => {
    await postOffers(proxy, {
      body: { placement: 'p', ua: 'Body-UA' },
      headers: { 'User-Agent': 'Header-UA' },
    });
    expect(upstreamRecord().body).toMatchObject({ ua: 'Body-UA' });
  });

  it('never takes the ip the page put in the body: it is the connection’s (or the trusted proxies’)', async () => {
    // The page chose its own geo-targeting with it, whatever trustProxy said.
    await postOffers(proxy, { body: { placement: 'p', ip: '6.6.6.6' } });
    expect(upstreamRecord().body).toMatchObject({ ip: '127.0.0.1' });
    mock.reset();
    await postOffers(oneHop, {
      body: { placement: 'p', ip: '6.6.6.6' },
      headers: { 'X-Forwarded-For': '198.51.100.20' },
    });
    expect(upstreamRecord().body).toMatchObject({ ip: '198.51.100.20' });
  });

  it('with no address known, the page’s ip is dropped, not sent', async () => {
    const handler = createOffersProxy({ upstream: mock.url, apiKey: SERVER_KEY });
    const response = await handler(
      new Request(`http://proxy.test${OFFERS_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ placement: 'p', ip: '6.6.6.6' }),
      }),
    );
    expect(response.status).toBe(200);
    expect(upstreamRecord().body).not.toHaveProperty('ip');
  });

  it('transformBody does not see the page’s ip, and the ip it sets is sent', async () => {
    const seenBodies: Record<string, unknown>[] = [];
    const hooked = await startProxy({
      upstream: mock.url,
      transformBody: (body) => {
        seenBodies.push(body);
        return { ...body, ip: '192.0.2.55' };
      },
    });
    try {
      await postOffers(hooked, { body: { placement: 'p', ip: '6.6.6.6' } });
      expect(seenBodies).toEqual([{ placement: 'p' }]);
      expect(upstreamRecord().body).toMatchObject({ ip: '192.0.2.55' });
    } finally {
      await hooked.close();
    }
  });

  it.each(['Evil/1\r\nX-Injected: 1', 'Navigateur/日本', 'nul\u0000byte'])(
    'a body ua that cannot be a header (%j) still goes in the body; only the header is left out',
    async (ua) => {
      // It used to make fetch throw: a 502 "service could not be reached", logged as an error.
      const answer = await postOffers(proxy, { body: { placement: 'p', ua } });
      expect(answer.status).toBe(200);
      const record = upstreamRecord();
      expect(record.body).toMatchObject({ ua });
      expect(record.userAgent).not.toBe(ua);
      expect(proxy.logs.at(-1)).toMatchObject({ outcome: 'forwarded', level: 'info' });
    },
  );

  it('ignores X-Forwarded-For and Forwarded without trustProxy', async () => {
    await postOffers(proxy, { headers: { 'X-Forwarded-For': '203.0.113.7', Forwarded: 'for=203.0.113.8' } });
    expect(upstreamRecord().body).toMatchObject({ ip: '127.0.0.1' });
  });

  it.each<{ headers: Record<string, string>; ip: string }>([
    { headers: { 'X-Forwarded-For': '203.0.113.7, 10.0.0.1' }, ip: '203.0.113.7' },
    { headers: { 'X-Forwarded-For': 'unknown, 203.0.113.9:5000' }, ip: '203.0.113.9' },
    { headers: { Forwarded: 'for="[2001:DB8::17]:4711";proto=https, for=10.0.0.1' }, ip: '2001:db8::17' },
    { headers: { 'X-Forwarded-For': 'not-an-ip' }, ip: '127.0.0.1' },
  ])('trustProxy: true takes the leftmost valid forwarded address ($ip)', async ({ headers, ip }) => {
    await postOffers(trusting, { headers });
    expect(upstreamRecord().body).toMatchObject({ ip });
  });

  it('trustProxy: 1 takes the address the one trusted proxy saw, not a spoofed leftmost one', async () => {
    await postOffers(oneHop, { headers: { 'X-Forwarded-For': '6.6.6.6, 198.51.100.20' } });
    expect(upstreamRecord().body).toMatchObject({ ip: '198.51.100.20' });
  });
});

describe('answers of the service pass through', () => {
  it('a 401 with its message (the proxy’s key is wrong), logged as an error without the key', async () => {
    const wrongKey = await startProxy({ upstream: mock.url, apiKey: 'not-a-known-key-123' });
    try {
      const answer = await postOffers(wrongKey);
      expect(answer.status).toBe(401);
      expect(messageOf(answer)).toBe('Invalid API key');
      expect(wrongKey.logs.at(-1)).toMatchObject({
        level: 'error',
        outcome: 'forwarded',
        upstreamStatus: 401,
      });
      expect(JSON.stringify(wrongKey.logs)).not.toContain('not-a-known-key-123');
    } finally {
      await wrongKey.close();
    }
  });

  it('scripted statuses and JSON bodies, as they are', async () => {
    mock.queue({ status: 429, body: { message: 'Slow down' } });
    const answer = await postOffers(proxy);
    expect(answer.status).toBe(429);
    expect(answer.json()).toEqual({ message: 'Slow down' });
    mock.queue({ status: 200, body: { data: { offers: [], count: 0 } } });
    expect((await postOffers(proxy)).json()).toEqual({ data: { offers: [], count: 0 } });
  });

  it('logs one structured entry per request', async () => {
    await postOffers(proxy, { headers: { Origin: proxy.url } });
    expect(proxy.logs.at(-1)).toEqual({
      level: 'info',
      outcome: 'forwarded',
      method: 'POST',
      path: '/offers-proxy/native/v2/offers.json',
      status: 200,
      durationMs: expect.any(Number) as number,
      origin: proxy.url,
      upstreamStatus: 200,
      upstreamMs: expect.any(Number) as number,
    });
  });
});
