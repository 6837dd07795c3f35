import { events, expect, expectHits, hits, quiet, recordEvents, test, watchFetches } from './fixtures.js';

/**
 * The SDK on pages whose built-ins a library replaced or extended (docs/decisions/014): one page
 * per library (e2e/pages/hostile/), with the library loaded before the SDK and after it. Each
 * must give what a clean page gives: the offers POST the service received, a rendered card, one
 * impression pixel, and no page error. A failed request must still reach the page as one `error`
 * event (an error the SDK cannot even construct would be lost). Last, a page whose service worker
 * answers every request with its own `fetch` (e2e/pages/hostile/sw.js): the beacons sent with
 * `keepalive` as the page leaves go through it and still arrive once.
 */
const PAGES = [
  { page: 'mootools', library: 'MooTools 1.6.0 (compat)' },
  { page: 'prototype', library: 'Prototype 1.6.1' },
  { page: 'zone', library: 'zone.js 0.16.3' },
  { page: 'ses', library: 'SES 2.3.0 lockdown()' },
  { page: 'ses', query: '&override=min', library: "SES lockdown({ overrideTaming: 'min' })" },
  { page: 'frozen', library: 'built-in prototypes frozen by hand (no SES taming)' },
  { page: 'wrappers', library: 'fetch/JSON/addEventListener wrappers' },
  { page: 'junk', library: 'enumerable junk on Object.prototype and Array.prototype' },
] as const;

for (const { page: name, library, ...rest } of PAGES) {
  const query = 'query' in rest ? rest.query : '';
  for (const order of ['before', 'after'] as const) {
    test(`${library}, loaded ${order} the SDK: request, card, one pixel, no page error`, async ({
      page,
      mock,
    }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
      await watchFetches(page);
      await page.goto(`${mock.url}/hostile/${name}.html?order=${order}${query}`);

      const card = page.locator('[part~="offer"]').first();
      await expect(card).toBeVisible();
      await expect(card.getByRole('heading')).not.toBeEmpty();
      await expectHits(mock, 'pixel', 1);
      await quiet(page, mock);

      const requests = mock.requests();
      expect(requests).toHaveLength(1);
      expect(requests[0]?.status).toBe(200);
      const body = requests[0]?.body as Record<string, unknown>;
      expect(body.placement).toBe('checkout');
      // Every field of the body is a string, as the SDK built it: no field encoded twice.
      expect(Object.values(body).filter((v) => typeof v !== 'string')).toEqual([]);
      expect(hits(mock, 'pixel')).toHaveLength(1);
      expect(errors).toEqual([]);
    });
  }
}

for (const { page: name, library, ...rest } of PAGES) {
  const query = 'query' in rest ? rest.query : '';
  test(`${library}, loaded before the SDK: a failed request is one error event, no page error`, async ({
    page,
    mock,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
    await recordEvents(page);
    await watchFetches(page);
    mock.queue({ status: 500 });
    await page.goto(`${mock.url}/hostile/${name}.html?order=before${query}`);

    const failures = async () => (await events(page)).filter((e) => e.type === 'adpx-error');
    await expect.poll(async () => (await failures()).length).toBe(1);
    await quiet(page, mock);
    expect((await failures()).map((e) => e.detail)).toEqual([
      expect.objectContaining({ code: 'http', status: 500 }),
    ]);
    expect(mock.requests()).toHaveLength(1);
    expect(errors).toEqual([]);
  });
}

test('a service worker that passes every request on (a web app’s): one POST, and leaving at the impression still delivers pixel, adv pixel and close once', async ({
  page,
  mock,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
  await watchFetches(page);
  const viaWorker: string[] = [];
  page.context().on('request', (request) => {
    if (request.serviceWorker()) viaWorker.push(new URL(request.url()).pathname);
  });
  await page.goto(`${mock.url}/hostile/service-worker.html`);
  await page.evaluate(() => (window as unknown as { workerReady: Promise<unknown> }).workerReady);
  await page.addInitScript(() => {
    document.addEventListener('adpx-impression', () => {
      location.href = '/landing?left=impression';
    });
  });
  await page.goto(`${mock.url}/hostile/service-worker.html`);
  await page.waitForURL(/left=impression/);
  await expectHits(mock, 'pixel', 1);
  await expectHits(mock, 'adv_pixel', 1);
  await expectHits(mock, 'close', 1);
  await quiet(page, mock);
  expect(
    mock
      .beacons()
      .map((b) => b.kind)
      .sort(),
  ).toEqual(['adv_pixel', 'close', 'pixel']);
  expect(mock.requests()).toHaveLength(1);
  // The worker made them: the page was controlled.
  expect(viaWorker).toEqual(expect.arrayContaining(['/native/v2/offers.json', '/beacon/pixel/1001']));
  expect(errors).toEqual([]);
});
