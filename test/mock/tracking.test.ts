// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createMockOffersService,
  type BeaconHit,
  type MockOffersService,
} from '../../src/server/mock/index.js';
import { getOffers } from './helpers.js';

let mock: MockOffersService;

beforeAll(async () => {
  mock = await createMockOffersService();
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const GIF_MAGIC = 'GIF89a';

describe('beacons', () => {
  it('records every beacon of an offer, in order, with session, dev flag, URL and user agent', async () => {
    const data = await getOffers(mock, { body: { placement: 'checkout', dev: '1' } });
    const offer = data.offers[0];
    if (!offer) throw new Error('no offer');
    const urls = [
      offer.pixel,
      offer.adv_pixel_url,
      offer.beacons.no_thanks_click,
      offer.save_for_later_url,
      offer.beacons.close,
    ];
    for (const url of urls) {
      const res = await fetch(url, { headers: { 'User-Agent': 'Beacon-UA' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/gif');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 6)
          .toString('latin1'),
      ).toBe(GIF_MAGIC);
    }
    const hits = mock.beacons();
    expect(hits.map((h) => h.kind)).toEqual([
      'pixel',
      'adv_pixel',
      'no_thanks_click',
      'save_for_later',
      'close',
    ]);
    for (const [i, hit] of hits.entries()) {
      const url = new URL(urls[i] ?? '');
      expect(hit).toEqual<BeaconHit>({
        kind: hit.kind,
        offerId: offer.id,
        sessionId: data.session_id,
        at: expect.any(Number) as number,
        dev: true,
        url: url.pathname + url.search,
        userAgent: 'Beacon-UA',
      });
    }
  });

  it('records dev: false and an empty session when the URL carries neither', async () => {
    await fetch(`${mock.url}/beacon/pixel/1001`);
    expect(mock.beacons()).toMatchObject([{ kind: 'pixel', offerId: 1001, sessionId: '', dev: false }]);
  });

  it('answers HEAD without recording it, and 405 for POST', async () => {
    const head = await fetch(`${mock.url}/beacon/pixel/1001?s=x`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const post = await fetch(`${mock.url}/beacon/pixel/1001?s=x`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('content-type')).toMatch(/json/);
    expect(mock.beacons()).toEqual([]);
  });

  it.each(['/beacon/impression/1001', '/beacon/pixel/abc', '/beacon/pixel', '/beacon/pixel/1001/extra'])(
    'answers 404 for %s and records nothing',
    async (path) => {
      expect((await fetch(`${mock.url}${path}`)).status).toBe(404);
      expect(mock.beacons()).toEqual([]);
    },
  );

  it('serves the hits on GET /__mock/beacons, and POST /__mock/reset clears them', async () => {
    await fetch(`${mock.url}/beacon/close/1002?s=abc`);
    const listed = (await (await fetch(`${mock.url}/__mock/beacons`)).json()) as { beacons: BeaconHit[] };
    expect(listed.beacons).toMatchObject([{ kind: 'close', offerId: 1002, sessionId: 'abc' }]);
    const reset = await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
    expect(reset.status).toBe(200);
    expect(mock.beacons()).toEqual([]);
  });
});

describe('fail-beacons', () => {
  it('makes the next n beacon GETs fail by a destroyed socket, unrecorded', async () => {
    const res = await fetch(`${mock.url}/__mock/fail-beacons`, {
      method: 'POST',
      body: JSON.stringify({ times: 2 }),
    });
    expect(await res.json()).toEqual({ failBeacons: 2 });
    const url = `${mock.url}/beacon/pixel/1001?s=retry`;
    await expect(fetch(url)).rejects.toThrow();
    await expect(fetch(url)).rejects.toThrow();
    expect(mock.beacons()).toEqual([]);
    expect((await fetch(url)).status).toBe(200);
    expect(mock.beacons()).toHaveLength(1);
  });

  it('"all" fails every beacon GET until told 0 (a network gap of unknown length)', async () => {
    const res = await fetch(`${mock.url}/__mock/fail-beacons`, {
      method: 'POST',
      body: JSON.stringify({ times: 'all' }),
    });
    expect(await res.json()).toEqual({ failBeacons: 'all' });
    const url = `${mock.url}/beacon/pixel/1001?s=gap`;
    for (let i = 0; i < 12; i++) await expect(fetch(url)).rejects.toThrow();
    expect(mock.beacons()).toEqual([]);
    mock.failBeacons(0);
    expect((await fetch(url)).status).toBe(200);
    mock.failBeacons('all');
    await expect(fetch(url)).rejects.toThrow();
    mock.reset();
    expect((await fetch(url)).status).toBe(200);
    expect(mock.beacons()).toHaveLength(1);
  });

  it('does not fail clicks or HEAD requests, and can be set from code', async () => {
    mock.failBeacons(1);
    expect((await fetch(`${mock.url}/click/1001?s=a`, { redirect: 'manual' })).status).toBe(302);
    expect((await fetch(`${mock.url}/beacon/pixel/1001`, { method: 'HEAD' })).status).toBe(200);
    await expect(fetch(`${mock.url}/beacon/pixel/1001`)).rejects.toThrow();
  });

  it('refuses a bad count, and reset clears pending failures', async () => {
    for (const body of [{ times: -1 }, { times: 1.5 }, { times: '2' }, { times: 'some' }, {}]) {
      const res = await fetch(`${mock.url}/__mock/fail-beacons`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
    }
    mock.failBeacons(3);
    mock.reset();
    expect((await fetch(`${mock.url}/beacon/pixel/1001`)).status).toBe(200);
  });
});

describe('clicks and pages', () => {
  it('records a click and redirects to the landing page', async () => {
    const data = await getOffers(mock);
    const offer = data.offers[1];
    if (!offer) throw new Error('no offer');
    const res = await fetch(offer.click_url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/landing?offer=${offer.id}`);
    expect(mock.beacons()).toMatchObject([
      { kind: 'click', offerId: offer.id, sessionId: data.session_id, dev: false },
    ]);

    const landing = await fetch(offer.click_url);
    expect(landing.url).toBe(`${mock.url}/landing?offer=${offer.id}`);
    expect(landing.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await landing.text();
    expect(html).toContain(`data-offer-id="${offer.id}"`);
    expect(html).toContain(offer.advertiser_name);
  });

  it('serves the privacy, offer wall and terms pages the offers point at', async () => {
    const data = await getOffers(mock);
    const offer = data.offers[0];
    if (!offer) throw new Error('no offer');
    const terms = /href="([^"]+)"/.exec(offer.terms_and_conditions)?.[1]?.replaceAll('&amp;', '&') ?? '';
    for (const url of [data.privacy_url, offer.offerwall_url, terms]) {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });

  it('escapes whatever the landing page echoes', async () => {
    const html = await (await fetch(`${mock.url}/landing?offer=%22%3E%3Cscript%3E`)).text();
    expect(html).not.toContain('<script>');
  });

  it('answers 404 for a click URL without a numeric id', async () => {
    expect((await fetch(`${mock.url}/click/abc`, { redirect: 'manual' })).status).toBe(404);
    expect(mock.beacons()).toEqual([]);
  });
});
