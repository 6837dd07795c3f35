/**
 * The script-tag API (`window.Adpx`) as host pages written for the launcher use it: init order,
 * configuration sources, load/show/close, callbacks, margins, settings and styles.
 */
import type { Page } from '@playwright/test';
import {
  animationsSettled,
  events,
  expect,
  expectHits,
  hits,
  quiet,
  recordEvents,
  test,
  watchFetches,
} from './fixtures.js';

/** The WebView stand-in; `init` is merged over { accountId: 'test-key', endpoint: origin }. */
function webview(
  base: string,
  options: { host?: string; init?: object; config?: object; user?: object } = {},
) {
  const query = new URLSearchParams({ host: options.host ?? 'none' });
  if (options.init) query.set('init', JSON.stringify(options.init));
  if (options.config) query.set('config', JSON.stringify(options.config));
  if (options.user) query.set('user', JSON.stringify(options.user));
  return `${base}/hosts/webview.html?${query}`;
}

const card = (page: Page) => page.locator('adpx-offers [part~="offer"]');

test.beforeEach(({ page }) => watchFetches(page));
const box = (page: Page) => page.locator('adpx-offers [part~="dialog"]');
const initResult = (page: Page) =>
  page.evaluate(() => (window as unknown as { initResult: unknown }).initResult);
const hostMessages = (page: Page) =>
  page.evaluate(() => (window as unknown as { hostMessages: unknown[] }).hostMessages);

/** Runs `Adpx.init` in the page with a callback that records every event in `window.calls`. */
async function initWithCallback(page: Page, config: object): Promise<unknown> {
  return page.evaluate((cfg) => {
    const w = window as unknown as { calls: Array<[string, unknown]> };
    w.calls = [];
    return window.Adpx?.init({ ...cfg, callback: (event, payload) => w.calls.push([event, payload]) }).then(
      () => 'ok',
      (error: { code: string; message: string }) => ({ code: error.code, message: error.message }),
    );
  }, config);
}
const calls = (page: Page) =>
  page.evaluate(() => (window as unknown as { calls: Array<[string, unknown]> }).calls);

test.describe('loading and init order', () => {
  test('loading the script starts nothing: no request, no element, window.Adpx ready', async ({
    page,
    mock,
  }) => {
    await page.goto(
      webview(mock.url, { config: { accountId: 'test-key', endpoint: mock.url, autoShow: true } }),
    );
    await quiet(page, mock);
    expect(mock.requests()).toHaveLength(0);
    await expect(page.locator('adpx-offers')).toHaveCount(0);
    const api = await page.evaluate(() =>
      ['init', 'load', 'show', 'close', 'isReady', 'reload', 'getOffers', 'setApiResponse'].map(
        (name) => typeof (window.Adpx as unknown as Record<string, unknown>)[name],
      ),
    );
    expect(api.every((type) => type === 'function')).toBe(true);
  });

  test('loading the script twice keeps the first window.Adpx and its live state', async ({ page, mock }) => {
    await page.goto(webview(mock.url, { init: { autoShow: true } }));
    await expect(card(page).getByRole('heading')).toBeVisible();
    const same = await page.evaluate(async () => {
      const first = window.Adpx;
      const script = document.createElement('script');
      script.src = '/dist/adpx-offers.iife.js';
      await new Promise((resolve) => {
        script.onload = resolve;
        document.head.append(script);
      });
      return window.Adpx === first && window.Adpx?.isReady() === false;
    });
    expect(same).toBe(true);
    await quiet(page, mock);
    expect(mock.requests()).toHaveLength(1);
    await expect(page.locator('adpx-offers')).toHaveCount(1);
  });

  test('a second init replaces the configuration without a second load, listener or beacon', async ({
    page,
    mock,
  }) => {
    await page.goto(webview(mock.url));
    await initWithCallback(page, { accountId: 'test-key', endpoint: mock.url, autoShow: true });
    await expect(card(page).getByRole('heading')).toBeVisible();
    await expectHits(mock, 'pixel', 1);
    await initWithCallback(page, { accountId: 'test-key', endpoint: mock.url, autoShow: true });
    await card(page).locator('[part~="decline"]').click();
    await expectHits(mock, 'pixel', 2);
    await quiet(page, mock);
    expect(mock.requests()).toHaveLength(1);
    expect(hits(mock, 'pixel')).toHaveLength(2);
    expect(hits(mock, 'no_thanks_click')).toHaveLength(1);
    // The second callback got each later event exactly once (one listener).
    const names = (await calls(page)).map(([name]) => name);
    expect(names).toEqual(['ad_not_taken', 'offer_shown', 'impression']);
    await expect(page.locator('adpx-offers')).toHaveCount(1);
  });

  test('a second init with another placement replaces the offers with one new load', async ({
    page,
    mock,
  }) => {
    await page.goto(webview(mock.url, { init: { autoShow: true } }));
    await expectHits(mock, 'pixel', 1);
    await page.evaluate(
      (endpoint) =>
        window.Adpx?.init({ accountId: 'test-key', endpoint, placement: 'thank_you', autoShow: true }),
      mock.url,
    );
    await expectHits(mock, 'pixel', 2);
    expect(mock.requests()).toHaveLength(2);
    expect((mock.requests()[1]?.body as { placement: string }).placement).toBe('thank_you');
    await expectHits(mock, 'close', 1);
    await expect(page.locator('adpx-offers')).toHaveCount(1);
  });

  test('a missing SDK ID is an error through the callback and the error event; init resolves, nothing is requested', async ({
    page,
    mock,
  }) => {
    await recordEvents(page);
    await page.goto(webview(mock.url));
    const result = await initWithCallback(page, { endpoint: mock.url });
    expect(result).toBe('ok');
    expect(await calls(page)).toEqual([
      ['error', { code: 'invalid_request', message: expect.stringMatching(/SDK ID/) }],
    ]);
    expect((await events(page)).map((e) => e.type)).toEqual(['adpx-error']);
    const viaString = await page.evaluate(() =>
      window.Adpx?.init('  ').then(
        () => 'ok',
        (error: { code: string }) => error.code,
      ),
    );
    expect(viaString).toBe('ok');
    expect(await events(page)).toEqual([
      { type: 'adpx-error', detail: expect.objectContaining({ code: 'invalid_request' }) },
      { type: 'adpx-error', detail: expect.objectContaining({ code: 'invalid_request' }) },
    ]);
    expect(mock.requests()).toHaveLength(0);
  });

  test('launcher style, no await and no catch: a bad init and a bad setApiResponse leave no unhandled rejection', async ({
    page,
    mock,
  }) => {
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.message));
    await recordEvents(page);
    await page.addInitScript(() => {
      const w = window as unknown as { rejections: string[] };
      w.rejections = [];
      window.addEventListener('unhandledrejection', (e) => w.rejections.push(String(e.reason)));
    });
    await page.goto(webview(mock.url));
    await page.evaluate(() => {
      const adpx = window.Adpx;
      void adpx?.init({ endpoint: location.origin });
      void adpx?.init(42 as unknown as string);
      void adpx?.init({ accountId: 'test-key', endpoint: 'ftp://nope', autoLoad: false });
      void adpx?.init({ accountId: 'test-key', endpoint: location.origin, autoLoad: false });
      void adpx?.setApiResponse('{not json');
      void adpx?.setApiResponse({ data: { offers: 'nope' } });
    });
    await expect.poll(async () => (await events(page)).length).toBe(5);
    expect((await events(page)).map((e) => (e.detail as { code: string }).code)).toEqual([
      'invalid_request',
      'invalid_request',
      'invalid_request',
      'invalid_response',
      'invalid_response',
    ]);
    // A macrotask after the last call: an unhandled rejection would have been reported by now.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    expect(await page.evaluate(() => (window as unknown as { rejections: string[] }).rejections)).toEqual([]);
    expect(uncaught).toEqual([]);
    expect(mock.requests()).toHaveLength(0);
  });

  test('without a callback, the init error goes to the bridge', async ({ page, mock }) => {
    await page.goto(webview(mock.url, { host: 'ios', init: { accountId: '' } }));
    expect(await initResult(page)).toBe('ok');
    expect(await hostMessages(page)).toEqual([
      { event: 'error', payload: { code: 'invalid_request', message: expect.stringMatching(/SDK ID/) } },
    ]);
  });

  test('without an endpoint: a clear error from init, load and getOffers; nothing is requested', async ({
    page,
    mock,
  }) => {
    await recordEvents(page);
    await page.goto(webview(mock.url, { init: { endpoint: null } }));
    expect(await initResult(page)).toBe('ok');
    expect(await events(page)).toEqual([
      { type: 'adpx-error', detail: { code: 'invalid_request', message: expect.stringMatching(/endpoint/) } },
    ]);
    const later = await page.evaluate(async () => {
      const adpx = window.Adpx;
      if (!adpx) return null;
      await adpx.init({ accountId: 'test-key', autoLoad: false });
      let loadCallback: unknown;
      const loaded = await adpx.load({}, (ok, error) => (loadCallback = [ok, error]));
      const offers = await adpx.getOffers('test-key');
      return { loaded, loadCallback, offers };
    });
    expect(later).toEqual({
      loaded: false,
      loadCallback: [false, { code: 'invalid_request', message: expect.stringMatching(/endpoint/) }],
      offers: {
        status: false,
        response: { code: 'invalid_request', message: expect.stringMatching(/endpoint/) },
      },
    });
    expect(mock.requests()).toHaveLength(0);
  });

  test('init and show called in <head>, before <body> exists, wait for it', async ({ page, mock }) => {
    await page.goto(`${mock.url}/hosts/head-init.html`);
    await expect(card(page).getByRole('heading')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { shown: Promise<boolean> }).shown)).toBe(true);
    expect(mock.requests()).toHaveLength(1);
    await expect(page.locator('body > adpx-offers')).toHaveCount(1);
  });

  test('window.AdpxConfig and window.AdpxUser are read when the script loads', async ({ page, mock }) => {
    await page.goto(
      webview(mock.url, {
        config: { accountId: 'test-key', endpoint: mock.url, placement: 'checkout', autoShow: true },
        user: { email: 'ann@example.com', firstname: 'Ann', orderid: 'A-42' },
      }),
    );
    await page.evaluate(() => {
      window.AdpxConfig = { accountId: 'other-key' };
      window.AdpxUser = { firstname: 'Bob' };
      return window.Adpx?.init();
    });
    await expect(card(page).getByRole('heading')).toBeVisible();
    const request = mock.requests()[0];
    expect(request?.query.api_key).toBe('test-key');
    expect(request?.body).toMatchObject({
      placement: 'checkout',
      email: 'ann@example.com',
      firstname: 'Ann',
      orderid: 'A-42',
    });
    expect(request?.body).not.toHaveProperty('dev');
  });

  test('init(sdkId, callback) takes the rest from AdpxConfig; the SDK ID is sent as api_key', async ({
    page,
    mock,
  }) => {
    await page.goto(webview(mock.url, { config: { accountId: 'ignored', endpoint: mock.url } }));
    const result = await page.evaluate(() => {
      const w = window as unknown as { got: string[] };
      w.got = [];
      return window.Adpx?.init('demo-key', (event) => w.got.push(event)).then(() => 'ok');
    });
    expect(result).toBe('ok');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { got: string[] }).got))
      .toEqual(['ads_found']);
    expect(mock.requests()[0]?.query.api_key).toBe('demo-key');
  });

  test('environment 1 set before init sends dev: 1', async ({ page, mock }) => {
    await page.goto(webview(mock.url));
    await page.evaluate((endpoint) => {
      if (!window.Adpx) return;
      window.Adpx.environment = 1;
      return window.Adpx.init({ accountId: 'test-key', endpoint });
    }, mock.url);
    expect(mock.requests()[0]?.body).toMatchObject({ dev: '1' });
  });

  test('environment and debug set after init warn and change nothing', async ({ page, mock }) => {
    const warnings: string[] = [];
    const debugLines: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
      if (m.type() === 'debug') debugLines.push(m.text());
    });
    await page.goto(webview(mock.url, { init: { autoLoad: false } }));
    const state = await page.evaluate(async () => {
      const adpx = window.Adpx;
      if (!adpx) return null;
      adpx.environment = 1;
      adpx.debug = true;
      adpx.setEnvironment(1);
      await adpx.load({ orderid: 'after-init' });
      return { environment: adpx.environment, debug: adpx.debug };
    });
    expect(state).toEqual({ environment: 0, debug: false });
    expect(warnings.filter((w) => /environment must be set before/.test(w))).toHaveLength(2);
    expect(warnings.filter((w) => /debug must be set before/.test(w))).toHaveLength(1);
    expect(mock.requests()).toHaveLength(1);
    expect(mock.requests()[0]?.body).not.toHaveProperty('dev');
    expect(debugLines.filter((line) => line.startsWith('[adpx]'))).toEqual([]);
  });
});

test.describe('load, show, close', () => {
  test('load(payload, callback) reports (true) with offers and (false, error) without', async ({
    page,
    mock,
  }) => {
    await page.goto(webview(mock.url, { init: { autoLoad: false } }));
    const results = await page.evaluate(async (endpoint) => {
      const adpx = window.Adpx;
      if (!adpx) return null;
      const got: unknown[] = [];
      got.push(await adpx.load({ orderid: '1' }, (...args) => got.push(args)));
      await adpx.init({ accountId: 'test-key', endpoint, autoLoad: false, campaignId: '999' });
      got.push(await adpx.load({}, (...args) => got.push(args)));
      return got;
    }, mock.url);
    expect(results).toEqual([
      [true],
      true,
      [false, { code: 'no_offers', message: expect.any(String) }],
      false,
    ]);
    expect(mock.requests()).toHaveLength(2);
    expect(mock.requests()[0]?.body).toMatchObject({ orderid: '1' });
  });

  test('init with autoLoad and then load() with the same payload ask the service once', async ({
    page,
    mock,
  }) => {
    await page.goto(webview(mock.url, { init: {} }));
    const loaded = await page.evaluate(() => window.Adpx?.load());
    expect(loaded).toBe(true);
    expect(mock.requests()).toHaveLength(1);
  });

  test('show before a successful load calls errorCallback and renders nothing', async ({ page, mock }) => {
    await page.goto(webview(mock.url, { init: { autoLoad: false } }));
    const result = await page.evaluate(async () => {
      const errors: unknown[] = [];
      const shown = await window.Adpx?.show({ callbacks: { errorCallback: (e) => errors.push(e) } });
      return { shown, errors };
    });
    expect(result).toEqual({
      shown: false,
      errors: [{ code: 'invalid_request', message: expect.stringMatching(/load/) }],
    });
    await expect(card(page)).toHaveCount(0);
    expect(hits(mock, 'pixel')).toHaveLength(0);
  });

  test('show waits for a load in progress; a failed load goes to errorCallback', async ({ page, mock }) => {
    mock.queue({ status: 500, delayMs: 300 });
    await page.goto(webview(mock.url, { init: { autoLoad: false } }));
    const result = await page.evaluate(async () => {
      const adpx = window.Adpx;
      if (!adpx) return null;
      const errors: unknown[] = [];
      void adpx.load();
      const shown = await adpx.show({ callbacks: { errorCallback: (e) => errors.push(e) } });
      return { shown, errors };
    });
    expect(result).toEqual({
      shown: false,
      errors: [{ code: 'http', status: 500, message: expect.any(String) }],
    });
  });

  test('close while the offers load: not shown when they arrive; a later show shows them, one pixel', async ({
    page,
    mock,
  }) => {
    // The offers request is held until Adpx.close() has run (it runs in the same task as load).
    let requested!: () => void;
    const seen = new Promise<void>((resolve) => (requested = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/native/v2/offers.json*', async (route) => {
      requested();
      await held;
      await route.continue();
    });
    await page.goto(webview(mock.url, { init: { autoLoad: false } }));
    const waiting = page.evaluate(() => {
      const adpx = window.Adpx;
      if (!adpx) return null;
      const loaded = adpx.load();
      const shown = adpx.show();
      adpx.close();
      return Promise.all([loaded, shown]);
    });
    await seen;
    release();
    expect(await waiting).toEqual([true, false]);
    expect(await page.evaluate(() => document.querySelector('adpx-offers')?.state)).toBe('ready');
    expect(hits(mock, 'pixel')).toHaveLength(0);
    expect(await page.evaluate(() => window.Adpx?.show())).toBe(true);
    await expect(card(page)).toBeVisible();
    await expectHits(mock, 'pixel', 1);
  });

  test('show callbacks: showCallback per offer, dismissCallback on close; a new load is needed to show again', async ({
    page,
    mock,
  }) => {
    await page.goto(webview(mock.url, { init: { autoLoad: false } }));
    await page.evaluate(() => {
      const w = window as unknown as { log: unknown[] };
      w.log = [];
      return window.Adpx?.load().then(() =>
        window.Adpx?.show({
          callbacks: {
            showCallback: (p) => w.log.push(['show', p]),
            errorCallback: (e) => w.log.push(['error', e]),
            dismissCallback: (p) => w.log.push(['dismiss', p]),
          },
        }),
      );
    });
    await expect(card(page).getByRole('heading')).toBeVisible();
    await card(page).locator('[part~="decline"]').click();
    await expectHits(mock, 'pixel', 2);
    expect(await page.evaluate(() => window.Adpx?.isReady())).toBe(false);
    await page.evaluate(() => window.Adpx?.close());
    await expectHits(mock, 'close', 1);
    const again = await page.evaluate(async () => {
      const errors: unknown[] = [];
      const shown = await window.Adpx?.show({ callbacks: { errorCallback: (e) => errors.push(e) } });
      return { shown, errors };
    });
    expect(again).toEqual({
      shown: false,
      errors: [{ code: 'invalid_request', message: expect.stringMatching(/already displayed/) }],
    });
    const log = await page.evaluate(() => (window as unknown as { log: unknown[] }).log);
    expect(log).toEqual([
      ['show', { current: 1, total: 3, offer_id: 1001 }],
      ['show', { current: 2, total: 3, offer_id: 1002 }],
      ['dismiss', { reason: 'api' }],
    ]);
    await page.evaluate(() => window.Adpx?.close());
    await quiet(page, mock);
    expect(hits(mock, 'close')).toHaveLength(1);
    const reloaded = await page.evaluate(async () => (await window.Adpx?.load()) && window.Adpx?.show());
    expect(reloaded).toBe(true);
    expect(mock.requests()).toHaveLength(2);
    await expectHits(mock, 'pixel', 3);
  });

  test('dismissCallback runs once per show, not per declined offer (docs/api.md)', async ({ page, mock }) => {
    await page.goto(webview(mock.url, { init: { autoLoad: false } }));
    const showWithLog = () =>
      page.evaluate(() => {
        const w = window as unknown as { log: unknown[] };
        w.log ??= [];
        return window.Adpx?.load().then(() =>
          window.Adpx?.show({
            callbacks: {
              showCallback: (p) => w.log.push(['show', p.current]),
              errorCallback: (e) => w.log.push(['error', e]),
              dismissCallback: (p) => w.log.push(['dismiss', p]),
            },
          }),
        );
      });
    const log = () => page.evaluate(() => (window as unknown as { log: unknown[] }).log);
    const endCard = page.locator('adpx-offers [part~="end"]');

    for (const round of [1, 2]) {
      expect(await showWithLog()).toBe(true);
      // Every offer declined one by one: three ad_not_taken, then the end of the flow.
      for (let i = 1; i <= 3; i++) {
        await expect(page.locator('adpx-offers [part~="progress"]')).toHaveText(`${i} of 3`);
        await card(page).locator('[part~="decline"]').click();
        await expectHits(mock, 'no_thanks_click', (round - 1) * 3 + i);
      }
      await expect(endCard).toBeVisible();
      await endCard.getByRole('button', { name: 'Close' }).click();
      await expect(endCard).toHaveCount(0);
      await quiet(page, mock);
      expect(hits(mock, 'close')).toHaveLength(round);
    }
    expect(await log()).toEqual([
      ['show', 1],
      ['show', 2],
      ['show', 3],
      ['dismiss', { reason: 'flow_end' }],
      ['show', 1],
      ['show', 2],
      ['show', 3],
      ['dismiss', { reason: 'flow_end' }],
    ]);
  });

  test('init with autoShow and an immediate show() display once, without an error', async ({
    page,
    mock,
  }) => {
    await recordEvents(page);
    await page.goto(webview(mock.url));
    const result = await page.evaluate(async (endpoint) => {
      const adpx = window.Adpx;
      if (!adpx) return null;
      const log: unknown[] = [];
      void adpx.init({ accountId: 'test-key', endpoint, autoShow: true });
      const shown = await adpx.show({
        callbacks: {
          errorCallback: (e) => log.push(['error', e]),
          dismissCallback: (p) => log.push(['dismiss', p]),
        },
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      adpx.close();
      return { shown, log };
    }, mock.url);
    expect(result).toEqual({ shown: true, log: [['dismiss', { reason: 'api' }]] });
    expect(mock.requests()).toHaveLength(1);
    const types = (await events(page)).map((e) => e.type);
    expect(types).not.toContain('adpx-error');
    expect(types.filter((t) => t === 'adpx-ads-found')).toHaveLength(1);
  });

  test('isReady, close and reload never throw and report their state', async ({ page, mock }) => {
    await page.goto(webview(mock.url));
    const before = await page.evaluate(async () => {
      const adpx = window.Adpx;
      if (!adpx) return null;
      adpx.close();
      return {
        ready: adpx.isReady(),
        reload: await adpx.reload(),
        load: await adpx.load(),
        show: await adpx.show(),
      };
    });
    expect(before).toEqual({ ready: false, reload: false, load: false, show: false });
    await page.evaluate((endpoint) => window.Adpx?.init({ accountId: 'test-key', endpoint }), mock.url);
    expect(await page.evaluate(() => window.Adpx?.isReady())).toBe(true);
    expect(await page.evaluate(() => window.Adpx?.reload())).toBe(true);
    await expect(card(page).getByRole('heading')).toBeVisible();
    expect(mock.requests()).toHaveLength(2);
  });

  test('a failed load resolves false with the error in the callback; nothing rejects', async ({
    page,
    mock,
  }) => {
    await page.goto(webview(mock.url, { init: { autoLoad: false } }));
    mock.queue({ status: 502 });
    const result = await page.evaluate(async () => {
      let error: unknown;
      const loaded = await window.Adpx?.load({}, (_ok, e) => (error = e));
      return { loaded, error };
    });
    expect(result).toEqual({
      loaded: false,
      error: { code: 'http', status: 502, message: expect.any(String) },
    });
  });

  test('getOffers resolves { status, response } and never rejects; it renders nothing', async ({
    page,
    mock,
  }) => {
    await page.goto(webview(mock.url, { config: { endpoint: mock.url, placement: 'checkout' } }));
    const results = await page.evaluate(async () => {
      const adpx = window.Adpx;
      if (!adpx) return null;
      const ok = await adpx.getOffers('test-key', { orderid: 'G-1', creative: '1', placement: 'thank_you' });
      const badKey = await adpx.getOffers('nope');
      const noKey = await adpx.getOffers('');
      const badOption = await adpx.getOffers('test-key', { loyaltyboost: '7' });
      return {
        ok: ok.status ? { status: ok.status, count: ok.response.count } : ok,
        badKey,
        noKey,
        badOption,
      };
    });
    expect(results).toEqual({
      ok: { status: true, count: 3 },
      badKey: { status: false, response: { code: 'http', status: 401, message: expect.any(String) } },
      noKey: {
        status: false,
        response: { code: 'invalid_request', message: expect.stringMatching(/SDK ID/) },
      },
      badOption: {
        status: false,
        response: { code: 'invalid_request', message: expect.stringMatching(/loyaltyboost/) },
      },
    });
    expect(mock.requests()).toHaveLength(2);
    expect(mock.requests()[0]?.query).toMatchObject({ api_key: 'test-key', creative: '1' });
    // The configured placement wins over the payload's (the client's one rule, docs/api.md).
    expect(mock.requests()[0]?.body).toMatchObject({ orderid: 'G-1', placement: 'checkout' });
    expect(mock.requests()[1]?.body).toMatchObject({ placement: 'checkout' });
    await quiet(page, mock);
    expect(mock.beacons()).toHaveLength(0);
    await expect(page.locator('adpx-offers')).toHaveCount(0);
  });
});

test.describe('show options', () => {
  const position = { topMargin: 20, rightMargin: 10, bottomMargin: 5, leftMargin: -5 };

  async function showWithMargins(page: Page, base: string): Promise<void> {
    await page.goto(webview(base, { init: {} }));
    await page.evaluate((p) => window.Adpx?.show({ position: p }), position);
    await expect(card(page).getByRole('heading')).toBeVisible();
  }

  // The popup's insets as laid out: the unit's --adpx-inset-* (in vmin) resolved by the browser.
  const insets = (page: Page) =>
    page.locator('adpx-offers .overlay').evaluate((el) => {
      const style = getComputedStyle(el);
      return ['top', 'right', 'bottom', 'left'].map(
        (side) => `${Math.round(parseFloat(style.getPropertyValue(`padding-${side}`)) * 100) / 100}px`,
      );
    });

  test('portrait 360x740: margins clamp to 0..15 % of the width and place the popup', async ({
    page,
    mock,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    // No entrance animation: the box is measured at rest.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await showWithMargins(page, mock.url);
    // 20 → 15 % of 360 = 54; 10 % = 36; 5 % = 18; -5 → 0.
    expect(await insets(page)).toEqual(['54px', '36px', '18px', '0px']);
    const rect = await box(page).boundingBox();
    if (!rect) throw new Error('no popup box');
    expect(rect.x).toBeCloseTo(0, 0);
    expect(rect.x + rect.width).toBeCloseTo(360 - 36, 0);
    expect(rect.y).toBeGreaterThanOrEqual(54 - 0.5);
    expect(rect.y + rect.height).toBeLessThanOrEqual(740 - 18 + 0.5);
  });

  test('landscape 740x360: margins are taken of the height', async ({ page, mock }) => {
    await page.setViewportSize({ width: 740, height: 360 });
    // No entrance animation: the box is measured at rest.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await showWithMargins(page, mock.url);
    expect(await insets(page)).toEqual(['54px', '36px', '18px', '0px']);
    const rect = await box(page).boundingBox();
    if (!rect) throw new Error('no popup box');
    expect(rect.y).toBeGreaterThanOrEqual(54 - 0.5);
    expect(rect.y + rect.height).toBeLessThanOrEqual(360 - 18 + 0.5);
    expect(rect.x).toBeGreaterThanOrEqual(0);
    expect(rect.x + rect.width).toBeLessThanOrEqual(740 - 36 + 0.5);
  });

  test('landscape 1000x400 vs portrait 400x1000: the same percent, a different reference side', async ({
    page,
    mock,
  }) => {
    await page.setViewportSize({ width: 1000, height: 400 });
    await page.goto(webview(mock.url, { init: {} }));
    await page.evaluate(() => window.Adpx?.show({ position: { topMargin: 10, leftMargin: 100 } }));
    await expect(card(page).getByRole('heading')).toBeVisible();
    expect(await insets(page)).toEqual(['40px', '0px', '0px', '60px']);
    await page.setViewportSize({ width: 400, height: 1000 });
    await expect.poll(() => insets(page)).toEqual(['40px', '0px', '0px', '60px']);
    await page.setViewportSize({ width: 600, height: 1000 });
    await expect.poll(() => insets(page)).toEqual(['60px', '0px', '0px', '90px']);
  });

  test('styles: fullscreen and transparent', async ({ page, mock }) => {
    await page.goto(webview(mock.url, { init: {} }));
    await page.evaluate(() => window.Adpx?.show({ styles: { type: 'fullscreen', transparent: true } }));
    await expect(card(page).getByRole('heading')).toBeVisible();
    const unit = page.locator('adpx-offers');
    await expect(unit).toHaveAttribute('layout', 'fullscreen');
    await expect(unit).toHaveAttribute('transparent', '');
  });
});

test.describe('settings and styles from AdpxConfig', () => {
  test('they override the response: close button, backdrop, header, colour', async ({ page, mock }) => {
    await page.goto(
      webview(mock.url, {
        init: {
          autoShow: true,
          settings: { show_close: false, darken_bg: false, unknown_key: 1 },
          styles: { primary_color: '#ff0000', header: { text: 'Picked for you' }, nonsense: 'x' },
        },
      }),
    );
    await expect(card(page).getByRole('heading')).toBeVisible();
    const unit = page.locator('adpx-offers');
    await expect(unit).toHaveAttribute('hide-close', '');
    await expect(unit.getByText('Picked for you')).toBeVisible();
    await expect(unit.locator('[part~="close"]')).toBeHidden();
    const backdrop = await unit.evaluate((el) =>
      getComputedStyle(el).getPropertyValue('--adpx-backdrop-color').trim(),
    );
    expect(backdrop).toBe('transparent');
    const accept = await card(page)
      .locator('[part~="accept"]')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(accept).toBe('rgb(255, 0, 0)');
  });

  test('they turn the offer wall off and place the popup at the bottom', async ({ page, mock }) => {
    // Taller than the popup, so that centred and bottom-aligned differ.
    await page.setViewportSize({ width: 1280, height: 1600 });
    await page.goto(
      webview(mock.url, { init: { autoShow: true, settings: { offerwall: false, ad_position: 'bottom' } } }),
    );
    await expect(card(page).getByRole('heading')).toBeVisible();
    await expect(card(page).locator('[part~="offerwall"]')).toBeHidden();
    await animationsSettled(page);
    const box = await page.locator('adpx-offers .box').first().boundingBox();
    const height = page.viewportSize()?.height ?? 0;
    // Bottom-aligned: the popup ends within the inset of the viewport's bottom (centred, it would not).
    expect(height - ((box?.y ?? 0) + (box?.height ?? 0))).toBeLessThan(40);
  });

  test('max_display_time overrides the response: the unit closes itself with reason timeout', async ({
    page,
    mock,
  }) => {
    await recordEvents(page);
    await page.goto(webview(mock.url, { init: { autoShow: true, settings: { max_display_time: 1 } } }));
    await expectHits(mock, 'close', 1);
    const closed = (await events(page)).filter((e) => e.type === 'adpx-closed-ads');
    expect(closed.map((e) => e.detail)).toEqual([{ reason: 'timeout' }]);
    await expect(card(page)).toHaveCount(0);
  });

  test('an embedded target renders the offers inline in that element', async ({ page, mock }) => {
    await page.goto(webview(mock.url));
    await page.evaluate((endpoint) => {
      const slot = document.createElement('section');
      slot.id = 'offers-slot';
      document.body.append(slot);
      return window.Adpx?.init({
        accountId: 'test-key',
        endpoint,
        autoShow: true,
        settings: { embedded: { enabled: true, targetElement: 'offers-slot' } },
      });
    }, mock.url);
    await expect(page.locator('#offers-slot > adpx-offers')).toHaveAttribute('layout', 'inline');
    await expect(card(page).getByRole('heading')).toBeVisible();
  });

  test('delay holds the unit back for that many seconds', async ({ page, mock }) => {
    await page.goto(webview(mock.url, { init: { autoShow: true, settings: { delay: 2 } } }));
    await expect.poll(() => mock.requests().length).toBe(1);
    // The offers are in and the page is quiet: without the delay the unit would be shown by now.
    // (The 2 s run from init; the machine would have to take that long to settle for this to race.)
    await quiet(page, mock);
    await expect(card(page)).toHaveCount(0);
    await expect(card(page).getByRole('heading')).toBeVisible({ timeout: 5000 });
  });
});
