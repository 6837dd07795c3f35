/**
 * Prefetch modes (spec "Prefetch modes"): SDK prefetch in a hidden 0x0 WebView, then the checkout
 * WebView shows the stored response without a second request; API prefetch renders a response
 * the host fetched itself, with no request from the page.
 */
import type { Frame, Page } from '@playwright/test';
import { tcString } from '../test/consent/strings.js';
import { quiet, watchFetches } from './fixtures.js';
import { expect, expectHits, test } from './iab/fixtures.js';

const PREFETCH = { prefetch: true, autoLoad: true, autoShow: false };

test.beforeEach(({ page }) => watchFetches(page));
const CHECKOUT = { prefetch: true, autoLoad: true, autoShow: true };

/** Adds a WebView (an iframe of webview.html with the fake RN bridge) to the app page. */
async function addWebView(
  page: Page,
  name: string,
  init: object,
  options: { hidden?: boolean; user?: object; query?: Record<string, string> } = {},
) {
  const query = new URLSearchParams({ host: 'rn', init: JSON.stringify(init), ...options.query });
  if (options.user) query.set('user', JSON.stringify(options.user));
  await page.evaluate(
    ([n, q, hidden]) =>
      (window as unknown as { addWebView: (n: string, q: string, o: object) => Promise<string> }).addWebView(
        n,
        q,
        {
          hidden,
        },
      ),
    [name, query.toString(), options.hidden === true] as const,
  );
  const frame = page.frame({ name });
  if (!frame) throw new Error(`no WebView ${name}`);
  return frame;
}

/** The messages a WebView's host received, parsed (RN sends JSON strings). */
async function received(frame: Frame): Promise<Array<Record<string, unknown>>> {
  const raw = await frame.evaluate(() => (window as unknown as { hostMessages: string[] }).hostMessages);
  return raw.map((m) => JSON.parse(m) as Record<string, unknown>);
}
const names = async (frame: Frame) => (await received(frame)).map((m) => m.event);
const card = (frame: Frame) => frame.locator('adpx-offers [part~="offer"]');
/** The app page with its hidden prefetch WebView, once that has said `ads_found` (and only that). */
async function prefetched(page: Page, url: string): Promise<Frame> {
  await page.goto(`${url}/hosts/app.html`);
  const hidden = await addWebView(page, 'prefetch', PREFETCH, { hidden: true });
  await expect.poll(() => names(hidden)).toEqual(['ads_found']);
  return hidden;
}

test.describe('SDK prefetch', () => {
  test('the hidden WebView emits ads_found only; the checkout shows at once; one request in total', async ({
    page,
    mock,
  }) => {
    const hidden = await prefetched(page, mock.url);
    expect((await received(hidden))[0]).toEqual({
      type: 'adpxCallback',
      event: 'ads_found',
      payload: { total: 3 },
      name: 'ads_found',
      total: 3,
    });
    await quiet(page, mock);
    expect(mock.beacons()).toHaveLength(0);
    expect(await names(hidden)).toEqual(['ads_found']);
    await expect(card(hidden)).toHaveCount(0);
    expect(mock.requests()).toHaveLength(1);

    const checkout = await addWebView(page, 'checkout', CHECKOUT);
    await expect(card(checkout).getByRole('heading')).toBeVisible({ timeout: 2000 });
    await expectHits(mock, 'pixel', 1);
    expect(mock.requests()).toHaveLength(1);
    expect((await names(checkout)).slice(0, 3)).toEqual(['ads_found', 'offer_shown', 'impression']);
  });

  test('no offers: ads_found { total: 0 } then no_ads_found; the checkout shows nothing and asks nothing', async ({
    page,
    mock,
  }) => {
    await page.goto(`${mock.url}/hosts/app.html`);
    const config = { campaignId: '999' };
    const hidden = await addWebView(page, 'prefetch', { ...PREFETCH, ...config }, { hidden: true });
    await expect.poll(() => names(hidden)).toEqual(['ads_found', 'no_ads_found']);
    expect((await received(hidden)).map((m) => m.payload)).toEqual([{ total: 0 }, { total: 0 }]);
    const checkout = await addWebView(page, 'checkout', { ...CHECKOUT, ...config });
    await expect.poll(() => names(checkout)).toEqual(['ads_found', 'no_ads_found']);
    await quiet(page, mock);
    await expect(card(checkout)).toHaveCount(0);
    expect(mock.requests()).toHaveLength(1);
    expect(mock.beacons()).toHaveLength(0);
  });

  test('a stale entry is ignored: the checkout loads again', async ({ page, mock }) => {
    await page.goto(`${mock.url}/hosts/app.html`);
    const ttl = { prefetchTtlMs: 300 };
    const hidden = await addWebView(page, 'prefetch', { ...PREFETCH, ...ttl }, { hidden: true });
    await expect.poll(() => names(hidden)).toEqual(['ads_found']);
    // The time under test: wait until the stored entry is older than its TTL, by its own savedAt.
    await expect
      .poll(() =>
        hidden.evaluate(() => {
          const key = Object.keys(localStorage).find((k) => k.startsWith('adpx:prefetch:'));
          const entry = key
            ? (JSON.parse(localStorage.getItem(key) ?? 'null') as { savedAt?: unknown })
            : null;
          return typeof entry?.savedAt === 'number' ? Date.now() - entry.savedAt : -1;
        }),
      )
      .toBeGreaterThan(ttl.prefetchTtlMs);
    const checkout = await addWebView(page, 'checkout', { ...CHECKOUT, ...ttl });
    await expect(card(checkout).getByRole('heading')).toBeVisible();
    expect(mock.requests()).toHaveLength(2);
  });

  test('a foreign entry (another user payload) is ignored', async ({ page, mock }) => {
    await page.goto(`${mock.url}/hosts/app.html`);
    const hidden = await addWebView(page, 'prefetch', PREFETCH, { hidden: true, user: { orderid: 'A-1' } });
    await expect.poll(() => names(hidden)).toEqual(['ads_found']);
    const checkout = await addWebView(page, 'checkout', CHECKOUT, { user: { orderid: 'B-2' } });
    await expect(card(checkout).getByRole('heading')).toBeVisible();
    expect(mock.requests()).toHaveLength(2);
    expect(mock.requests()[1]?.body).toMatchObject({ orderid: 'B-2' });
  });

  test('a corrupt entry is ignored and removed', async ({ page, mock }) => {
    await prefetched(page, mock.url);
    const corrupted = await page.evaluate(() => {
      const keys = Object.keys(localStorage).filter((k) => k.startsWith('adpx:prefetch:'));
      for (const key of keys) localStorage.setItem(key, '{"v":1,"savedAt":');
      return keys.length;
    });
    expect(corrupted).toBe(1);
    const checkout = await addWebView(page, 'checkout', CHECKOUT);
    await expect(card(checkout).getByRole('heading')).toBeVisible();
    expect(mock.requests()).toHaveLength(2);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('adpx:')))).toEqual(
      [],
    );
  });

  test('the entry is used once: a second checkout loads again', async ({ page, mock }) => {
    await prefetched(page, mock.url);
    const first = await addWebView(page, 'checkout', CHECKOUT);
    await expect(card(first).getByRole('heading')).toBeVisible();
    expect(mock.requests()).toHaveLength(1);
    await page.evaluate(() =>
      (window as unknown as { removeWebView: (n: string) => void }).removeWebView('checkout'),
    );
    const second = await addWebView(page, 'checkout-2', CHECKOUT);
    await expect(card(second).getByRole('heading')).toBeVisible();
    expect(mock.requests()).toHaveLength(2);
  });
});

test.describe('SDK prefetch and consent: the stored response is read only once consent allows it', () => {
  const ourKeys = (frame: Frame) =>
    frame.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('adpx')));

  test('the checkout’s CMP refuses storage: the entry is deleted unread and the checkout asks the service', async ({
    page,
    mock,
  }) => {
    const hidden = await prefetched(page, mock.url);
    expect(await ourKeys(hidden)).toContainEqual(expect.stringMatching(/^adpx:prefetch:v1:/));
    const refused = tcString(false);
    const checkout = await addWebView(page, 'checkout', CHECKOUT, { query: { tc: refused } });
    await expect(card(checkout).getByRole('heading')).toBeVisible();
    expect(mock.requests()).toHaveLength(2);
    const body = mock.requests()[1]?.body as Record<string, string>;
    expect(body).toMatchObject({ gdpr: '1', gdpr_consent: refused });
    expect(body.adpx_fp).toBeUndefined();
    expect(await ourKeys(checkout)).toEqual([]);
  });

  test('a CMP that answers late: the entry is untouched until it does; a grant then uses it', async ({
    page,
    mock,
  }) => {
    const hidden = await prefetched(page, mock.url);
    const stored = await ourKeys(hidden);
    const checkout = await addWebView(
      page,
      'checkout',
      { ...CHECKOUT, consentTimeout: 60_000 },
      {
        query: { tcf: 'late', tc: tcString(true) },
      },
    );
    // The SDK's addEventListener is in the IAB stub's queue: it waits for the CMP.
    await expect
      .poll(() => checkout.evaluate(() => (window as unknown as { __tcfapi(): unknown[] }).__tcfapi().length))
      .toBeGreaterThan(0);
    // Waiting on the CMP: the entry is still there (a hit would have consumed it), nothing shown.
    expect(await ourKeys(checkout)).toEqual(stored);
    await expect(card(checkout)).toHaveCount(0);
    await checkout.evaluate(() => (window as unknown as { answerTcf(): void }).answerTcf());
    await expect(card(checkout).getByRole('heading')).toBeVisible();
    expect(mock.requests()).toHaveLength(1);
  });
});

test.describe('API prefetch', () => {
  /** The host's native fetch: the offers POST with the api_key query, outside the WebView. */
  async function nativeFetch(base: string): Promise<unknown> {
    const answer = await fetch(`${base}/native/v4/offers.json?api_key=test-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'NativeApp/1.0' },
      body: JSON.stringify({ placement: 'checkout', ua: 'NativeApp/1.0' }),
    });
    return answer.json();
  }

  for (const form of ['object', 'JSON string'] as const) {
    test(`setApiResponse (${form}) then reload renders it with no request from the page`, async ({
      page,
      mock,
    }) => {
      const response = await nativeFetch(mock.url);
      mock.reset();
      await page.goto(`${mock.url}/hosts/webview.html?host=ios`);
      const result = await page.evaluate(
        async ([resp, endpoint]) => {
          const adpx = window.Adpx;
          if (!adpx) return null;
          await adpx.init({ accountId: 'test-key', endpoint, autoLoad: false, autoShow: true });
          await adpx.setApiResponse(resp);
          const ready = adpx.isReady();
          const shown = await adpx.reload();
          return { ready, shown };
        },
        [form === 'object' ? response : JSON.stringify(response), mock.url] as const,
      );
      expect(result).toEqual({ ready: true, shown: true });
      const frame = page.mainFrame();
      await expect(card(frame).getByRole('heading')).toBeVisible();
      await expectHits(mock, 'pixel', 1);
      expect(mock.requests()).toHaveLength(0);
      const messages = await page.evaluate(
        () => (window as unknown as { hostMessages: Array<{ event: string }> }).hostMessages,
      );
      expect(messages.slice(0, 3).map((m) => m.event)).toEqual(['ads_found', 'offer_shown', 'impression']);
    });
  }

  test('an invalid response is an error: setApiResponse resolves false (never rejects), nothing renders, nothing is requested', async ({
    page,
    mock,
  }) => {
    await page.goto(`${mock.url}/hosts/webview.html?host=ios`);
    const result = await page.evaluate(async (endpoint) => {
      const adpx = window.Adpx;
      if (!adpx) return null;
      await adpx.init({ accountId: 'test-key', endpoint, autoLoad: false, autoShow: true });
      const outcomes: unknown[] = [];
      for (const bad of [{ data: { offers: 'nope' } }, '{not json', 42]) {
        outcomes.push(
          await adpx.setApiResponse(bad).then(
            (accepted) => accepted,
            (error: { code: string }) => error.code,
          ),
        );
      }
      return { outcomes, ready: adpx.isReady(), reloaded: await adpx.reload() };
    }, mock.url);
    expect(result?.outcomes).toEqual([false, false, false]);
    expect(result?.ready).toBe(false);
    expect(result?.reloaded).toBe(false);
    await quiet(page, mock);
    await expect(page.locator('adpx-offers [part~="offer"]')).toHaveCount(0);
    const messages = await page.evaluate(
      () =>
        (window as unknown as { hostMessages: Array<{ event: string; payload: { code: string } }> })
          .hostMessages,
    );
    expect(messages).toEqual([
      { event: 'error', payload: { code: 'invalid_response', message: expect.any(String) } },
      { event: 'error', payload: { code: 'invalid_response', message: expect.any(String) } },
      { event: 'error', payload: { code: 'invalid_response', message: expect.any(String) } },
    ]);
    expect(mock.requests()).toHaveLength(0);
    expect(mock.beacons()).toHaveLength(0);
  });
});
