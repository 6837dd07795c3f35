// @vitest-environment node
// CORS over real HTTP: exact-match origins, preflight, same-origin, '*', refusal.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MockOffersService } from '../../src/server/mock/index.js';
import {
  OFFERS_PATH,
  call,
  messageOf,
  postOffers,
  startMock,
  startProxy,
  type RunningProxy,
} from './helpers.js';

const SHOP = 'https://shop.example';

let mock: MockOffersService;
let proxy: RunningProxy;
let open: RunningProxy;
let closed: RunningProxy;

beforeAll(async () => {
  mock = await startMock();
  proxy = await startProxy({ upstream: mock.url, allowedOrigins: [SHOP, 'http://localhost:4173'] });
  open = await startProxy({ upstream: mock.url, allowedOrigins: '*' });
  closed = await startProxy({ upstream: mock.url });
});
afterAll(async () => {
  await Promise.all([proxy.close(), open.close(), closed.close()]);
  await mock.close();
});
beforeEach(() => mock.reset());

const preflight = (target: RunningProxy, origin: string, method = 'POST') =>
  call(`${target.url}${OFFERS_PATH}?api_key=x`, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': method,
      'Access-Control-Request-Headers': 'content-type',
    },
  });

describe('preflight', () => {
  it('204 for an allowed origin: POST, Content-Type, Max-Age, Vary', async () => {
    const answer = await preflight(proxy, SHOP);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect(answer.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(answer.headers.get('access-control-allow-methods')).toBe('POST');
    expect(answer.headers.get('access-control-allow-headers')).toBe('Content-Type, Accept');
    expect(answer.headers.get('access-control-max-age')).toBe('600');
    expect(answer.headers.get('vary')).toContain('Origin');
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    expect(proxy.logs.at(-1)).toMatchObject({ outcome: 'preflight', status: 204, origin: SHOP });
  });

  it('403 JSON for an origin not in the list (exact match: no prefix, no other scheme or port)', async () => {
    for (const origin of [
      'https://evil.example',
      'https://shop.example.evil.example',
      'http://shop.example',
      'https://shop.example:8443',
      'https://evilshop.example',
      'https://shop.example.',
      'HTTPS://SHOP.EXAMPLE',
      'null',
    ]) {
      const answer = await preflight(proxy, origin);
      expect(answer.status).toBe(403);
      expect(messageOf(answer)).toBe('This origin may not call the offers proxy.');
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('a plain OPTIONS (no Origin) gets 204 with Allow', async () => {
    const answer = await call(`${proxy.url}${OFFERS_PATH}`, { method: 'OPTIONS' });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('allow')).toBe('POST, OPTIONS');
  });
});

describe('actual requests', () => {
  it('an allowed origin gets the answer with Access-Control-Allow-Origin', async () => {
    const answer = await postOffers(proxy, { headers: { Origin: 'http://localhost:4173' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:4173');
    expect(answer.headers.get('vary')).toBe('Origin');
  });

  it('error answers carry the CORS headers too, so the page can read the message', async () => {
    const answer = await postOffers(proxy, { headers: { Origin: SHOP }, body: { nope: 1 } });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('access-control-allow-origin')).toBe(SHOP);
  });

  it('a disallowed origin gets 403 and nothing is sent to the service', async () => {
    const answer = await postOffers(proxy, { headers: { Origin: 'https://evil.example' } });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(mock.requests()).toHaveLength(0);
    expect(proxy.logs.at(-1)).toMatchObject({
      outcome: 'origin_refused',
      level: 'warn',
      origin: 'https://evil.example',
    });
  });

  it('by default (no allowedOrigins) only same-origin pages and callers without Origin', async () => {
    expect((await postOffers(closed)).status).toBe(200);
    const same = await postOffers(closed, { headers: { Origin: closed.url } });
    expect(same.status).toBe(200);
    expect(same.headers.get('access-control-allow-origin')).toBeNull();
    expect((await postOffers(closed, { headers: { Origin: SHOP } })).status).toBe(403);
    expect((await preflight(closed, SHOP)).status).toBe(403);
  });

  it('same host on https (a TLS-terminating proxy in front) counts as same-origin', async () => {
    const answer = await postOffers(closed, {
      headers: { Origin: `https://127.0.0.1:${closed.port}` },
    });
    expect(answer.status).toBe(200);
  });

  it("'*' allows any origin with Access-Control-Allow-Origin: *", async () => {
    const answer = await postOffers(open, { headers: { Origin: 'https://anywhere.example' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(
      (await preflight(open, 'https://anywhere.example')).headers.get('access-control-allow-origin'),
    ).toBe('*');
  });
});
