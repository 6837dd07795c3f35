// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockOffersService, type MockOffersService } from '../../src/server/mock/index.js';
import { toCampaignId } from '../../src/options/values.js';
import { getOffers, postOffers } from './helpers.js';

let mock: MockOffersService;

beforeAll(async () => {
  mock = await createMockOffersService();
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

describe('the fetch operation', () => {
  it('answers the data envelope on v2 and v4 with JSON', async () => {
    for (const version of ['v2', 'v4'] as const) {
      const res = await postOffers(mock, { version });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const { data } = (await res.json()) as { data: Record<string, unknown> };
      expect(Object.keys(data).sort()).toEqual(
        ['count', 'offers', 'privacy_url', 'session_id', 'settings', 'styles'].sort(),
      );
      expect(data.count).toBe(3);
      expect(data.privacy_url).toBe(`${mock.url}/privacy`);
      expect(data.styles).toEqual({
        primary_color: expect.any(String),
        background_color: expect.any(String),
        text_color: expect.any(String),
      });
      expect(data.settings).toEqual({
        max_display_time: expect.any(Number),
        auto_close: expect.any(Boolean),
      });
    }
  });

  it('gives each key its number of offers per response', async () => {
    expect((await getOffers(mock, { query: { api_key: 'test-key' } })).offers).toHaveLength(3);
    expect((await getOffers(mock, { query: { api_key: 'demo-key' } })).offers).toHaveLength(6);
  });

  it('honours custom keys, including zero offers', async () => {
    const custom = await createMockOffersService({
      keys: { one: { offersPerResponse: 1 }, none: { offersPerResponse: 0 } },
    });
    try {
      expect((await getOffers(custom, { query: { api_key: 'one' } })).count).toBe(1);
      const empty = await getOffers(custom, { query: { api_key: 'none' } });
      expect(empty).toMatchObject({ count: 0, offers: [] });
      expect((await postOffers(custom, { query: { api_key: 'demo-key' } })).status).toBe(401);
    } finally {
      await custom.close();
    }
  });

  it('hands out a fresh session id per response, carried by every beacon and click URL', async () => {
    const a = await getOffers(mock);
    const b = await getOffers(mock);
    expect(a.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.session_id).not.toBe(b.session_id);
    for (const offer of a.offers) {
      for (const url of [
        offer.pixel,
        offer.adv_pixel_url,
        offer.beacons.close,
        offer.beacons.no_thanks_click,
        offer.save_for_later_url,
        offer.click_url,
      ]) {
        const parsed = new URL(url);
        expect(parsed.origin).toBe(mock.url);
        expect(parsed.searchParams.get('s')).toBe(a.session_id);
        expect(parsed.searchParams.has('dev')).toBe(false);
      }
    }
  });

  it.each([['1'], [1], [true]])('marks beacon URLs with dev=1 when dev is %j', async (dev) => {
    const data = await getOffers(mock, { body: { placement: 'checkout', dev } });
    for (const offer of data.offers) {
      expect(new URL(offer.pixel).searchParams.get('dev')).toBe('1');
      expect(new URL(offer.click_url).searchParams.get('dev')).toBe('1');
    }
  });

  it('does not mark beacon URLs when dev is 0', async () => {
    const data = await getOffers(mock, { body: { placement: 'checkout', dev: '0' } });
    expect(new URL(data.offers[0]?.pixel ?? '').searchParams.has('dev')).toBe(false);
  });
});

describe('filters', () => {
  const ids = async (query: Record<string, string>): Promise<number[]> =>
    (await getOffers(mock, { query: { api_key: 'demo-key', ...query } })).offers.map((o) => o.id);

  it("loyaltyboost '0' excludes loyalty-boost offers", async () => {
    const data = await getOffers(mock, { query: { api_key: 'demo-key', loyaltyboost: '0' } });
    expect(data.offers.length).toBeGreaterThan(0);
    expect(data.offers.every((o) => !o.is_loyaltyboost)).toBe(true);
  });

  it("loyaltyboost '2' returns only loyalty-boost offers; '1' includes them", async () => {
    const only = await getOffers(mock, { query: { api_key: 'demo-key', loyaltyboost: '2' } });
    expect(only.offers.length).toBeGreaterThanOrEqual(2);
    expect(only.offers.every((o) => o.is_loyaltyboost)).toBe(true);
    expect(await ids({ loyaltyboost: '1' })).toEqual(await ids({}));
  });

  it("creative '1' returns only offers with a creative; '0' filters nothing", async () => {
    const data = await getOffers(mock, { query: { api_key: 'demo-key', creative: '1' } });
    expect(data.offers.length).toBeGreaterThan(0);
    expect(data.offers.every((o) => o.creatives.length > 0)).toBe(true);
    expect(
      (await getOffers(mock, { query: { api_key: 'demo-key' } })).offers.some(
        (o) => o.creatives.length === 0,
      ),
    ).toBe(true);
    expect(await ids({ creative: '0' })).toEqual(await ids({}));
  });

  it('campaignId restricts to that campaign', async () => {
    const data = await getOffers(mock, { query: { api_key: 'demo-key', campaignId: '501' } });
    expect(data.offers.length).toBe(2);
    expect(data.offers.every((o) => o.campaign_id === 501)).toBe(true);
    expect((await getOffers(mock, { query: { api_key: 'demo-key', campaignId: '999' } })).count).toBe(0);
  });

  // The spec types `campaignId` as a string naming one campaign, and the SDK sends any id of
  // letters, digits, `_` and `-`: the mock answers it as the service would, with the offers of that
  // campaign (none, here: the catalogue's campaign ids are integers), not with a 400.
  it.each(['c-9', 'spring_sale', 'ABC123'])(
    'answers campaignId %s as the SDK sends it: 200, only that campaign',
    async (campaignId) => {
      const res = await postOffers(mock, { query: { api_key: 'demo-key', campaignId } });
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: { count: number } };
      expect(data.count).toBe(0);
    },
  );

  it('accepts every campaignId the SDK accepts, and refuses every one it refuses', async () => {
    const values = ['501', 'c-9', 'a_b', 'x'.repeat(64), 'x'.repeat(65), '501,502', '5 1', 'é', '1.5'];
    for (const campaignId of values) {
      const sdk = (() => {
        try {
          toCampaignId(campaignId);
          return 200;
        } catch {
          return 400;
        }
      })();
      const res = await postOffers(mock, { query: { api_key: 'demo-key', campaignId } });
      expect({ campaignId, status: res.status }).toEqual({ campaignId, status: sdk });
    }
  });

  it('combines filters', async () => {
    const data = await getOffers(mock, {
      query: { api_key: 'demo-key', campaignId: '502', loyaltyboost: '2', creative: '1' },
    });
    expect(data.offers.map((o) => o.id)).toEqual([1002, 1008]);
  });
});

describe('errors', () => {
  const message = async (res: Response): Promise<string> =>
    ((await res.json()) as { message: string }).message;

  it('answers 401 with a clear message for a missing or unknown api_key', async () => {
    const missing = await postOffers(mock, { query: {} });
    expect(missing.status).toBe(401);
    expect(await message(missing)).toMatch(/Invalid API key.*missing/);
    const unknown = await postOffers(mock, { query: { api_key: 'nope' } });
    expect(unknown.status).toBe(401);
    expect(await message(unknown)).toBe('Invalid API key');
  });

  it.each([
    ['a missing placement', { body: {} }, /placement/],
    ['an empty placement', { body: { placement: '  ' } }, /placement/],
    ['a non-string placement', { body: { placement: 5 } }, /placement/],
    ['a body that is not JSON', { rawBody: '{placement:' }, /valid JSON/],
    ['a JSON body that is not an object', { rawBody: '["checkout"]' }, /JSON object/],
    ['an empty body', { rawBody: '' }, /valid JSON/],
    ['loyaltyboost 3', { query: { api_key: 'test-key', loyaltyboost: '3' } }, /loyaltyboost/],
    ['an empty loyaltyboost', { query: { api_key: 'test-key', loyaltyboost: '' } }, /loyaltyboost/],
    ['creative 2', { query: { api_key: 'test-key', creative: '2' } }, /creative/],
    ['two campaigns', { query: { api_key: 'test-key', campaignId: '501,502' } }, /campaignId/],
  ])('answers 400 for %s', async (_name, options, pattern) => {
    const res = await postOffers(mock, options);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await message(res)).toMatch(pattern);
  });

  it('answers 413 for a body over 64 KiB and keeps working', async () => {
    const res = await postOffers(mock, { body: { placement: 'checkout', big: 'x'.repeat(70 * 1024) } });
    expect(res.status).toBe(413);
    expect((await postOffers(mock)).status).toBe(200);
    expect(mock.requests().map((r) => r.status)).toEqual([413, 200]);
  });

  it('answers 405 JSON for another method on the offers path', async () => {
    const res = await fetch(`${mock.url}/native/v2/offers.json?api_key=test-key`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('POST');
    expect(await message(res)).toMatch(/GET/);
  });
});

describe('recording', () => {
  it('records every offers POST in order, with path, query, body and user agent', async () => {
    await postOffers(mock, { query: { api_key: 'nope' }, headers: { 'User-Agent': 'UA-1' } });
    await postOffers(mock, {
      version: 'v4',
      query: { api_key: 'test-key', creative: '1' },
      body: { placement: 'article_end', ua: 'UA-2', custom: 'x' },
      headers: { 'User-Agent': 'UA-2' },
    });
    await postOffers(mock, { rawBody: 'not json' });
    const [first, second, third] = mock.requests();
    expect(first).toMatchObject({
      path: '/native/v2/offers.json',
      version: 'v2',
      query: { api_key: 'nope' },
      userAgent: 'UA-1',
      status: 401,
    });
    expect(second).toMatchObject({
      path: '/native/v4/offers.json',
      version: 'v4',
      query: { api_key: 'test-key', creative: '1' },
      body: { placement: 'article_end', ua: 'UA-2', custom: 'x' },
      userAgent: 'UA-2',
      contentType: 'application/json',
      status: 200,
    });
    expect(third).toMatchObject({ body: 'not json', status: 400 });
    expect(second?.at).toBeTypeOf('number');
  });

  it('serves the same records on GET /__mock/requests, and reset clears them', async () => {
    await postOffers(mock);
    const res = await fetch(`${mock.url}/__mock/requests`);
    expect(((await res.json()) as { requests: unknown[] }).requests).toHaveLength(1);
    mock.reset();
    expect(mock.requests()).toEqual([]);
  });
});

describe('scripted answers', () => {
  it('answers a queued status and body, then returns to normal', async () => {
    mock.queue({ status: 503, body: { message: 'Down for maintenance' } });
    const res = await postOffers(mock);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'Down for maintenance' });
    expect((await postOffers(mock)).status).toBe(200);
  });

  it('answers queued answers first in, first out, even to a request that would fail', async () => {
    mock.queue({ body: { data: { offers: [] } } });
    mock.queue({ status: 500 });
    const first = await postOffers(mock, { query: { api_key: 'nope' } });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ data: { offers: [] } });
    const second = await postOffers(mock);
    expect(second.status).toBe(500);
    expect(((await second.json()) as { message: string }).message).toMatch(/500/);
  });

  it('sends a string body as is, with an optional content type', async () => {
    mock.queue({ body: '<html>gateway</html>', status: 502, contentType: 'text/html' });
    const res = await postOffers(mock);
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toBe('text/html');
    expect(await res.text()).toBe('<html>gateway</html>');
  });

  it('delays the normal answer with delayMs', async () => {
    mock.queue({ delayMs: 150 });
    const started = Date.now();
    const data = await getOffers(mock);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(data.count).toBe(3);
  });

  it('destroys the socket for destroy: true (a network failure)', async () => {
    mock.queue({ destroy: true });
    await expect(postOffers(mock)).rejects.toThrow();
    expect((await postOffers(mock)).status).toBe(200);
    expect(mock.requests()).toHaveLength(2);
  });

  it('accepts answers over HTTP and refuses bad ones', async () => {
    const ok = await fetch(`${mock.url}/__mock/queue`, {
      method: 'POST',
      body: JSON.stringify({ status: 429, body: { message: 'Slow down' } }),
    });
    expect(await ok.json()).toEqual({ queued: 1 });
    expect((await postOffers(mock)).status).toBe(429);
    for (const bad of [{ status: 99 }, { delayMs: -1 }, { destroy: 'yes' }, [1]]) {
      const res = await fetch(`${mock.url}/__mock/queue`, { method: 'POST', body: JSON.stringify(bad) });
      expect(res.status).toBe(400);
    }
    expect((await fetch(`${mock.url}/__mock/queue`, { method: 'POST', body: '{' })).status).toBe(400);
    expect(() => mock.queue({ status: 1000 })).toThrow(TypeError);
  });

  it('reset drops queued answers', async () => {
    mock.queue({ status: 500 });
    mock.reset();
    expect((await postOffers(mock)).status).toBe(200);
  });

  it('applies latencyMs to every offers answer', async () => {
    const slow = await createMockOffersService({ latencyMs: 120 });
    try {
      const started = Date.now();
      await getOffers(slow);
      expect(Date.now() - started).toBeGreaterThanOrEqual(110);
    } finally {
      await slow.close();
    }
  });
});
