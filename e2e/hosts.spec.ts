/**
 * Native host bridges: every SDK event reaches the host once, in the host's own message shape
 * (docs/api.md), and inside a bridge host no URL ever opens inside the WebView.
 */
import type { Frame, Page } from '@playwright/test';
import type { MockOffersService } from '../src/server/mock/index.js';
import { events, expect, expectHits, hits, quiet, recordEvents, test, watchFetches } from './fixtures.js';

type Host = 'ios' | 'android' | 'rn' | 'flutter';

/** The WebView stand-in with a fake bridge; `init` is merged over { accountId, endpoint }. */
function webview(
  base: string,
  host: Host | 'none',
  init?: object,
  extra: Record<string, string> = {},
): string {
  const query = new URLSearchParams({ host, ...extra });
  if (init) query.set('init', JSON.stringify(init));
  return `${base}/hosts/webview.html?${query}`;
}

const hostMessages = (target: Page | Frame) =>
  target.evaluate(() => (window as unknown as { hostMessages: unknown[] }).hostMessages);

/** The SDK name of a DOM event type: `adpx-ads-found` → `ads_found`. */
const sdkName = (type: string) => type.replace(/^adpx-/, '').replace(/-/g, '_');

/** Each host's message for an event, exactly as docs/api.md writes it. */
const expected: Record<Host, (event: string, payload: object) => unknown> = {
  ios: (event, payload) => ({ event, payload }),
  android: (event, payload) => [event, JSON.stringify(payload)],
  rn: (event, payload) => JSON.stringify({ type: 'adpxCallback', event, payload, name: event, ...payload }),
  flutter: (event, payload) => ['adpxCallback', event, JSON.stringify(payload)],
};

/** An iOS host page whose `Adpx.init` (autoShow) gets a callback that records into `window.calls`. */
async function initWithCallback(page: Page, origin: string): Promise<void> {
  await page.goto(webview(origin, 'ios'));
  await page.evaluate((endpoint) => {
    const w = window as unknown as { calls: unknown[] };
    w.calls = [];
    return window.Adpx?.init({
      accountId: 'test-key',
      endpoint,
      autoShow: true,
      callback: (event, payload) => w.calls.push([event, payload]),
    });
  }, origin);
}

const unit = (page: Page | Frame) => page.locator('adpx-offers');

test.beforeEach(({ page }) => watchFetches(page));
const card = (page: Page | Frame) => page.locator('adpx-offers [part~="offer"]');

test.describe('message shapes per host', () => {
  test.beforeEach(async ({ page }) => recordEvents(page));

  for (const host of ['ios', 'android', 'rn', 'flutter'] as const) {
    test(`${host}: every DOM event reaches the bridge once, in the contract's shape`, async ({
      page,
      mock,
    }) => {
      await page.goto(webview(mock.url, host, { autoShow: true }));
      await expect(card(page).getByRole('heading')).toBeVisible();
      await expectHits(mock, 'pixel', 1);
      await card(page).locator('[part~="decline"]').click();
      await expectHits(mock, 'pixel', 2);
      await card(page).locator('[part~="accept"]').click();
      await expect
        .poll(async () => (await events(page)).some((e) => e.type === 'adpx-url-clicked'))
        .toBe(true);
      await quiet(page, mock);

      const dom = await events(page);
      const messages = await hostMessages(page);
      expect(messages).toEqual(dom.map((e) => expected[host](sdkName(e.type), e.detail as object)));
      const names = dom.map((e) => sdkName(e.type));
      expect(names.slice(0, 3)).toEqual(['ads_found', 'offer_shown', 'impression']);
      expect(names).toEqual(expect.arrayContaining(['ad_not_taken', 'ad_taken', 'url_clicked']));
      expect(messages[0]).toEqual(expected[host]('ads_found', { total: 3 }));
      const clickUrl = (dom.find((e) => e.type === 'adpx-url-clicked')?.detail as { target_url: string })
        .target_url;
      expect(clickUrl).toMatch(/\/click\/\d+\?s=/);
      expect(messages).toContainEqual(expected[host]('url_clicked', { target_url: clickUrl }));
    });
  }

  test('the RN message is a JSON string with type, event, payload, name and the payload keys', async ({
    page,
    mock,
  }) => {
    await page.goto(webview(mock.url, 'rn', { autoShow: true }));
    await expect.poll(async () => (await hostMessages(page)).length).toBeGreaterThanOrEqual(2);
    const [first, second] = await hostMessages(page);
    expect(typeof first).toBe('string');
    expect(first).toBe(
      '{"type":"adpxCallback","event":"ads_found","payload":{"total":3},"name":"ads_found","total":3}',
    );
    const shown = JSON.parse(String(second)) as Record<string, unknown>;
    expect(Object.keys(shown)).toEqual(['type', 'event', 'payload', 'name', 'current', 'total', 'offer_id']);
    expect(shown).toMatchObject({
      type: 'adpxCallback',
      event: 'offer_shown',
      name: 'offer_shown',
      current: 1,
    });
  });

  test('with a callback, events go to the callback once each and not to the bridge', async ({
    page,
    mock,
  }) => {
    await initWithCallback(page, mock.url);
    await expect(card(page).getByRole('heading')).toBeVisible();
    await expectHits(mock, 'pixel', 1);
    await quiet(page, mock);
    const calls = await page.evaluate(() => (window as unknown as { calls: unknown[] }).calls);
    const dom = await events(page);
    expect(calls).toEqual(dom.map((e) => [sdkName(e.type), e.detail]));
    expect(await hostMessages(page)).toEqual([]);
  });

  test('with a callback, a click still reaches the app: url_clicked goes to the bridge too, once', async ({
    page,
    mock,
  }) => {
    await initWithCallback(page, mock.url);
    await expectHits(mock, 'pixel', 1);
    await card(page).locator('[part~="accept"]').click();
    await expect.poll(async () => (await hostMessages(page)).length).toBe(1);
    const [message] = await hostMessages(page);
    expect(message).toMatchObject({ event: 'url_clicked', payload: { target_url: expect.any(String) } });
    const calls = await page.evaluate(() => (window as unknown as { calls: unknown[][] }).calls);
    expect(calls.filter(([event]) => event === 'url_clicked')).toHaveLength(1);
    await quiet(page, mock);
    expect(await hostMessages(page)).toHaveLength(1);
    expect(page.context().pages()).toHaveLength(1);
  });

  test('a load failure reaches the bridge as error { message, code, status }', async ({ page, mock }) => {
    mock.queue({ status: 503, body: { message: 'Service busy' } });
    await page.goto(webview(mock.url, 'ios', { autoShow: true }));
    await expect.poll(async () => (await hostMessages(page)).length).toBe(1);
    expect(await hostMessages(page)).toEqual([
      { event: 'error', payload: { message: 'Service busy', code: 'http', status: 503 } },
    ]);
  });
});

test.describe('no navigation inside bridge hosts', () => {
  for (const host of ['ios', 'android', 'rn', 'flutter'] as const) {
    test(`${host}: privacy, More offers, a terms link and the CTA become url_clicked; nothing opens`, async ({
      page,
      mock,
      context,
    }) => {
      await recordEvents(page);
      const opened: string[] = [];
      context.on('page', (p) => opened.push(p.url()));
      const url = webview(mock.url, host, { autoShow: true });
      await page.goto(url);
      await expect(card(page).getByRole('heading')).toBeVisible();

      await card(page).locator('[part~="privacy"]').click();
      await card(page).locator('[part~="offerwall"]').click();
      await card(page).locator('[part~="terms-toggle"]').click();
      await card(page).locator('[part~="terms-content"] a').first().click();
      await card(page).locator('[part~="accept"]').click();
      await expect
        .poll(async () => (await events(page)).filter((e) => e.type === 'adpx-url-clicked').length)
        .toBeGreaterThanOrEqual(4);
      await quiet(page, mock);

      expect(page.url()).toBe(url);
      expect(opened).toEqual([]);
      expect(hits(mock, 'click')).toEqual([]);
      const clicked = (await events(page))
        .filter((e) => e.type === 'adpx-url-clicked')
        .map((e) => (e.detail as { target_url: string }).target_url);
      expect(clicked).toHaveLength(4);
      expect(clicked[0]).toBe(`${mock.url}/privacy`);
      expect(clicked[1]).toMatch(/\/offerwall\?offer=\d+$/);
      expect(clicked[2]).toMatch(/\/landing\?offer=\d+&section=terms$/);
      expect(clicked[3]).toMatch(/\/click\/\d+\?s=/);
      const messages = await hostMessages(page);
      for (const target of clicked) {
        expect(
          messages.filter(
            (m) =>
              JSON.stringify(m) === JSON.stringify(expected[host]('url_clicked', { target_url: target })),
          ),
        ).toHaveLength(1);
      }
    });
  }

  test('in a plain browser tab the CTA opens a new tab and the page stays', async ({
    page,
    mock,
    context,
  }) => {
    const url = webview(mock.url, 'none', { autoShow: true });
    await page.goto(url);
    await expect(card(page).getByRole('heading')).toBeVisible();
    const popup = context.waitForEvent('page');
    await card(page).locator('[part~="accept"]').click();
    const tab = await popup;
    await tab.waitForLoadState();
    expect(tab.url()).toMatch(/\/landing\?offer=\d+/);
    expect(page.url()).toBe(url);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
  });
});

test.describe('iframe host', () => {
  /** The iframe host page with the offers page inside; the child may be on another origin. */
  async function openIframeHost(
    page: Page,
    parentBase: string,
    childBase: string,
    init: object,
  ): Promise<Frame> {
    const child = webview(childBase, 'none', init);
    await page.goto(`${parentBase}/hosts/iframe-host.html?child=${encodeURIComponent(child)}`);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    if (!frame) throw new Error('no child frame');
    await frame.waitForLoadState();
    return frame;
  }

  const received = (page: Page) =>
    page.evaluate(
      () => (window as unknown as { received: Array<{ origin: string; data: unknown }> }).received,
    );

  /**
   * Posts a sentinel from the child to the parent and waits for it: messages are delivered in the
   * order they were posted, so once it is in, every message the child posted before it has been
   * delivered or dropped. Returns what the parent received before the sentinel.
   */
  async function receivedBefore(page: Page, mock: MockOffersService, child: Frame) {
    await quiet(page, mock);
    await child.evaluate(() => window.parent.postMessage('adpx-test-sentinel', '*'));
    await expect
      .poll(async () => (await received(page)).some((m) => m.data === 'adpx-test-sentinel'))
      .toBe(true);
    const all = await received(page);
    return all.slice(
      0,
      all.findIndex((m) => m.data === 'adpx-test-sentinel'),
    );
  }

  const message = (event: string, payload: object) => ({
    type: 'adpxCallback',
    event,
    payload,
    name: event,
    ...payload,
  });

  test('the parent receives each event once from the child origin, to its exact origin', async ({
    page,
    mock,
  }) => {
    const parent = mock.url;
    const child = mock.url.replace('127.0.0.1', 'localhost');
    const frame = await openIframeHost(page, parent, child, { autoShow: true });
    await expect(card(frame).getByRole('heading')).toBeVisible();
    await expect.poll(async () => (await received(page)).length).toBeGreaterThanOrEqual(3);
    const got = await receivedBefore(page, mock, frame);
    expect(got.every((m) => m.origin === child)).toBe(true);
    expect(got.map((m) => m.data)).toEqual([
      message('ads_found', { total: 3 }),
      message('offer_shown', { current: 1, total: 3, offer_id: 1001 }),
      message('impression', { current: 1, total: 3, offer_id: 1001 }),
    ]);
  });

  test('a configured parentOrigin is used exactly: another origin receives nothing', async ({
    page,
    mock,
  }) => {
    const child = mock.url.replace('127.0.0.1', 'localhost');
    const wrong = mock.url.replace('127.0.0.1', 'localhost');
    const frame = await openIframeHost(page, mock.url, child, { autoShow: true, parentOrigin: wrong });
    await expect(card(frame).getByRole('heading')).toBeVisible();
    await expectHits(mock, 'pixel', 1);
    expect(await receivedBefore(page, mock, frame)).toEqual([]);
  });

  test('a configured parentOrigin that matches receives the events', async ({ page, mock }) => {
    const frame = await openIframeHost(page, mock.url, mock.url, { parentOrigin: mock.url, autoLoad: true });
    await expect.poll(async () => (await received(page)).length).toBe(1);
    expect((await received(page))[0]?.data).toEqual(message('ads_found', { total: 3 }));
    expect(await card(frame).count()).toBe(0);
  });

  test('parentOrigin "*" is refused with a warning; the actual parent origin is used', async ({
    page,
    mock,
  }) => {
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await openIframeHost(page, mock.url, mock.url, { parentOrigin: '*' });
    await expect.poll(async () => (await received(page)).length).toBe(1);
    expect((await received(page))[0]?.origin).toBe(mock.url);
    expect(warnings.some((w) => w.includes('parentOrigin'))).toBe(true);
  });

  test('a CTA inside the iframe does not navigate the iframe', async ({ page, mock, context }) => {
    const frame = await openIframeHost(page, mock.url, mock.url, { autoShow: true });
    const before = frame.url();
    await expect(card(frame).getByRole('heading')).toBeVisible();
    const popup = context.waitForEvent('page');
    await card(frame).locator('[part~="accept"]').click();
    await popup;
    expect(frame.url()).toBe(before);
    const urls = (await received(page)).map((m) => m.data as { event: string; target_url?: string });
    expect(urls.filter((m) => m.event === 'url_clicked')).toHaveLength(1);
  });
});

test('a DOM listener sees every event also when a bridge gets them', async ({ page, mock }) => {
  await recordEvents(page);
  await page.goto(webview(mock.url, 'android', { autoShow: true }));
  await expect(unit(page)).toHaveCount(1);
  await expectHits(mock, 'pixel', 1);
  const types = (await events(page)).map((e) => e.type);
  expect(types.slice(0, 3)).toEqual(['adpx-ads-found', 'adpx-offer-shown', 'adpx-impression']);
  expect((await hostMessages(page)).length).toBe(types.length);
});
