import type { Page } from '@playwright/test';
import type { MockOffersService } from '../src/server/mock/index.js';
import { events, expect, expectHits, hits, quiet, recordEvents, test, watchFetches } from './fixtures.js';

/**
 * The analytics hand-off (docs/api.md, "Analytics hand-off") on e2e/pages/analytics.html: the
 * unit's events reach a Tag Manager-style `dataLayer` and a `gtag` stub with the offer's ids and
 * no personal data; a page whose tags throw or were replaced still counts each impression once at
 * the service; the launcher's `AdpxConfig.analytics` pushes each event once.
 */

type Pushed = Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: unknown;
    gtag?: unknown;
    /** What the Tag Manager stand-in processed: each event with its data layer model then. */
    gtmFired?: Array<{ event: string; model: Pushed }>;
    adpxCallbacks?: string[];
  }
}

/**
 * Tag Manager as gtm.js sets itself up: it takes the page's `dataLayer` array, processes what was
 * queued, and replaces the array's `push` with its own processor, which merges each message into
 * its data layer model and fires the tags of an `event` message, then stores it with the array's
 * own push.
 */
async function installTagManager(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const layer = ((window.dataLayer as unknown[] | undefined) ??= []);
    const model: Pushed = {};
    const fired: Array<{ event: string; model: Pushed }> = (window.gtmFired = []);
    const process = (message: unknown) => {
      if (typeof message !== 'object' || message === null) return;
      Object.assign(model, message);
      const { event } = message as { event?: unknown };
      if (typeof event === 'string') fired.push({ event, model: { ...model } });
    };
    for (const message of layer) process(message);
    const store = layer.push;
    layer.push = function (...messages: unknown[]) {
      for (const message of messages) process(message);
      return store.apply(this, messages);
    };
  });
}

/** GA4's own snippet: `gtag` queues its arguments on `dataLayer` for gtag.js. */
async function installGtag(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const layer = ((window.dataLayer as unknown[] | undefined) ??= []);
    window.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params -- gtag.js reads `arguments` objects, as its snippet pushes them.
      layer.push(arguments);
    };
  });
}

const card = (page: Page) => page.locator('[part~="offer"]').first();

/** The offers the unit holds: id → campaign id. */
const campaigns = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      (document.querySelector('adpx-offers')?.response?.offers ?? []).map((offer) => [
        offer.id,
        offer.campaign_id,
      ]),
    ),
  );

/** Nothing of the user the page gave the unit (pub-user-id, the payload) is in what was pushed. */
function expectNoPersonalData(pushed: unknown): void {
  const text = JSON.stringify(pushed);
  for (const secret of ['user-42', 'jane@example.com', 'Jane', 'pub_user_id', 'adpx_fp', 'email'])
    expect(text).not.toContain(secret);
}

/** Shows the first offer, declines it, sees the second, closes the unit. */
async function declineThenClose(page: Page, mock: MockOffersService): Promise<number[]> {
  await expectHits(mock, 'pixel', 1);
  await card(page).locator('[part~="decline"]').click();
  await expectHits(mock, 'no_thanks_click', 1);
  await expectHits(mock, 'pixel', 2);
  await page.getByRole('button', { name: 'Close' }).click();
  await expectHits(mock, 'close', 1);
  await quiet(page, mock);
  return hits(mock, 'pixel').map((hit) => hit.offerId ?? 0);
}

test.beforeEach(async ({ page }) => {
  await recordEvents(page);
  await watchFetches(page);
});

test('datalayer: Tag Manager fires each event with the offer, campaign, position and total', async ({
  page,
  mock,
  context,
}) => {
  await installTagManager(page);
  await page.goto(`${mock.url}/analytics.html?analytics=datalayer`);
  await expectHits(mock, 'pixel', 1);
  const [first] = hits(mock, 'pixel').map((hit) => hit.offerId ?? 0);
  await card(page).locator('[part~="decline"]').click();
  await expectHits(mock, 'pixel', 2);
  const popup = context.waitForEvent('page');
  await card(page).locator('[part~="accept"]').click();
  await (await popup).close();
  await expectHits(mock, 'click', 1);
  await expectHits(mock, 'pixel', 3);
  await page.getByRole('button', { name: 'Close' }).click();
  await expectHits(mock, 'close', 1);
  await quiet(page, mock);

  const [, second] = hits(mock, 'pixel').map((hit) => hit.offerId ?? 0);
  const campaign = await campaigns(page);
  const fired = await page.evaluate(() => window.gtmFired ?? []);
  expect(fired.map((entry) => entry.event)).toEqual([
    'adpx_ads_found',
    'adpx_impression',
    'adpx_ad_not_taken',
    'adpx_impression',
    'adpx_ad_taken',
    'adpx_impression',
    'adpx_closed_ads',
  ]);
  const pushed = (await page.evaluate(() => window.dataLayer)) as Pushed[];
  const offer = (id: number | undefined, position: number) => ({
    adpx_placement: 'checkout',
    adpx_offer_id: id,
    adpx_campaign_id: campaign[id ?? 0],
    adpx_position: position,
    adpx_total: 3,
  });
  expect(typeof campaign[first ?? 0]).toBe('number');
  expect(pushed.slice(0, 5)).toEqual([
    { event: 'adpx_ads_found', adpx_placement: 'checkout', adpx_total: 3 },
    { event: 'adpx_impression', ...offer(first, 1) },
    { event: 'adpx_ad_not_taken', ...offer(first, 1) },
    { event: 'adpx_impression', ...offer(second, 2) },
    { event: 'adpx_ad_taken', ...offer(second, 2) },
  ]);
  expect(pushed.at(-1)).toEqual({ event: 'adpx_closed_ads', adpx_placement: 'checkout' });
  expectNoPersonalData(pushed);
  expectNoPersonalData(fired);
  // The service got what it gets without the hand-off: one pixel per offer seen.
  expect(hits(mock, 'pixel')).toHaveLength(3);
});

test("gtag: the page's gtag gets ('event', 'adpx_' + name, params)", async ({ page, mock }) => {
  await installGtag(page);
  await page.goto(`${mock.url}/analytics.html?analytics=gtag`);
  const [first, second] = await declineThenClose(page, mock);
  const campaign = await campaigns(page);
  const calls = await page.evaluate(() =>
    (window.dataLayer as ArrayLike<unknown>[]).map((args) => Array.from(args)),
  );
  const offer = (id: number | undefined, position: number) => ({
    adpx_placement: 'checkout',
    adpx_offer_id: id,
    adpx_campaign_id: campaign[id ?? 0],
    adpx_position: position,
    adpx_total: 3,
  });
  expect(calls).toEqual([
    ['event', 'adpx_ads_found', { adpx_placement: 'checkout', adpx_total: 3 }],
    ['event', 'adpx_impression', offer(first, 1)],
    ['event', 'adpx_ad_not_taken', offer(first, 1)],
    ['event', 'adpx_impression', offer(second, 2)],
    ['event', 'adpx_closed_ads', { adpx_placement: 'checkout' }],
  ]);
  expectNoPersonalData(calls);
});

test('gtag on a page without gtag: nothing pushed, nothing made, the unit works', async ({ page, mock }) => {
  await page.goto(`${mock.url}/analytics.html?analytics=gtag`);
  await declineThenClose(page, mock);
  expect(await page.evaluate(() => [typeof window.dataLayer, typeof window.gtag])).toEqual([
    'undefined',
    'undefined',
  ]);
});

/** Pages whose tags are broken or replaced, set up before the page's scripts run. */
const BROKEN = [
  {
    name: 'a dataLayer.push that throws',
    analytics: 'datalayer',
    setUp: () => {
      window.dataLayer = Object.assign([], {
        push: () => {
          throw new Error('tag manager broke');
        },
      });
    },
  },
  {
    name: 'a gtag that throws',
    analytics: 'gtag',
    setUp: () => {
      window.gtag = () => {
        throw new Error('gtag broke');
      };
    },
  },
  { name: 'a frozen dataLayer', analytics: 'datalayer', setUp: () => (window.dataLayer = Object.freeze([])) },
  {
    name: 'a dataLayer that is not an array',
    analytics: 'datalayer',
    setUp: () => (window.dataLayer = { event: 'not a layer' }),
  },
  {
    name: 'a dataLayer getter that throws',
    analytics: 'datalayer',
    setUp: () =>
      Object.defineProperty(window, 'dataLayer', {
        get: () => {
          throw new Error('no layer here');
        },
      }),
  },
] as const;

for (const { name, analytics, setUp } of BROKEN) {
  test(`${name}: each impression counted once, every event reaches the page, no page error`, async ({
    page,
    mock,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(setUp);
    await page.goto(`${mock.url}/analytics.html?analytics=${analytics}`);
    const [first, second] = await declineThenClose(page, mock);
    expect(hits(mock, 'pixel', first)).toHaveLength(1);
    expect(hits(mock, 'pixel', second)).toHaveLength(1);
    expect(hits(mock, 'pixel')).toHaveLength(2);
    const types = (await events(page)).map((event) => event.type);
    expect(types.filter((type) => type === 'adpx-impression')).toHaveLength(2);
    expect(types).toContain('adpx-closed-ads');
    expect(types).not.toContain('adpx-error');
    expect(errors).toEqual([]);
  });
}

test('the launcher: AdpxConfig.analytics pushes each event once, beside the init callback', async ({
  page,
  mock,
}) => {
  await installTagManager(page);
  await page.goto(`${mock.url}/analytics.html?launcher&callback&analytics=datalayer`);
  await declineThenClose(page, mock);
  const fired = await page.evaluate(() => (window.gtmFired ?? []).map((entry) => entry.event));
  expect(fired).toEqual([
    'adpx_ads_found',
    'adpx_impression',
    'adpx_ad_not_taken',
    'adpx_impression',
    'adpx_closed_ads',
  ]);
  const callbacks = await page.evaluate(() => window.adpxCallbacks ?? []);
  expect(callbacks.filter((name) => name === 'impression')).toHaveLength(2);
  expectNoPersonalData(await page.evaluate(() => window.dataLayer));
});
