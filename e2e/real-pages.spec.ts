import { events, expect, expectHits, hits, recordEvents, test } from './fixtures.js';

/**
 * What real publisher pages do: queue calls before an async script tag has loaded, and block the
 * offers request with an ad blocker; and what they keep: their own globals and document. Asserted
 * on what the mock service received and on the page.
 */

test.beforeEach(async ({ page }) => recordEvents(page));

test('Adpx.cmd: calls queued before the async script run in order when it loads; one that throws is reported and does not stop the others', async ({
  page,
  mock,
}) => {
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  await page.goto(`${mock.url}/async-queue.html`);
  await expect(page.locator('adpx-offers [part~="offer"]').first()).toBeVisible();
  await expectHits(mock, 'pixel', 1);
  expect(await page.evaluate(() => (window as unknown as { ran: string[] }).ran)).toEqual(['first', 'init']);
  const errors = (await events(page)).filter((e) => e.type === 'adpx-error').map((e) => e.detail);
  expect(errors).toEqual([{ message: 'A function in Adpx.cmd threw: a typo in the page', code: 'command' }]);
  // Once loaded, a pushed function runs at once.
  expect(
    await page.evaluate(() => {
      const w = window as unknown as { ran: string[]; Adpx: { cmd: { push(fn: () => void): number } } };
      w.Adpx.cmd.push(() => w.ran.push('after load'));
      return w.ran;
    }),
  ).toEqual(['first', 'init', 'after load']);
  expect(uncaught).toEqual([]);
  expect(mock.requests()).toHaveLength(1);
});

test('blocked by an ad blocker: one network error, nothing shown, no space kept, no retry, the page unharmed', async ({
  page,
  mock,
}) => {
  let attempts = 0;
  await page.route(/\/native\/v[24]\/offers\.json/, async (route) => {
    attempts++;
    await route.abort('blockedbyclient');
  });
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  await page.goto(`${mock.url}/unit-lab.html?min-height=400`);
  await expect.poll(async () => (await events(page)).filter((e) => e.type === 'adpx-error').length).toBe(1);
  const [error] = (await events(page)).filter((e) => e.type === 'adpx-error');
  expect(error?.detail).toMatchObject({ code: 'network' });
  const unit = page.locator('adpx-offers');
  await expect(unit.locator('[part~="offer"]')).toHaveCount(0);
  await expect.poll(() => unit.evaluate((el) => el.getBoundingClientRect().height)).toBe(0);
  // Still one attempt once the unit has settled into its error state (no retry loop).
  await expect.poll(() => unit.evaluate((el) => (el as unknown as { state: string }).state)).toBe('error');
  expect(attempts).toBe(1);
  expect(mock.requests()).toHaveLength(0);
  expect(hits(mock, 'pixel')).toHaveLength(0);
  expect(uncaught).toEqual([]);
  expect(await page.evaluate(() => document.title.length > 0)).toBe(true);
});

test('the page’s own names and document: the script adds window.Adpx and Lit’s shared registries only; a unit shown and closed leaves nothing outside its element', async ({
  page,
  mock,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { namesBefore: string[] };
    w.namesBefore = Object.getOwnPropertyNames(window);
  });
  const outside = () => ({
    html: [...document.documentElement.attributes].map((a) => `${a.name}=${a.value}`),
    body: [...document.body.attributes].map((a) => `${a.name}=${a.value}`),
    head: document.head.children.length,
    bodyChildren: [...document.body.children].map((el) => el.tagName),
    sheets: document.styleSheets.length + document.adoptedStyleSheets.length,
  });
  await page.goto(`${mock.url}/unit-lab.html?layout=popup&manual`);
  const before = await page.evaluate(outside);
  await page.evaluate(async () => {
    // The unit's element is defined a few tasks after the page's load (decision 016).
    await customElements.whenDefined('adpx-offers');
    const unit = document.querySelector('adpx-offers') as unknown as {
      load(): Promise<number>;
      show(): boolean;
    };
    await unit.load();
    unit.show();
  });
  await expect(page.locator('adpx-offers [part~="offer"]').first()).toBeVisible();
  await expectHits(mock, 'pixel', 1);
  await page.locator('adpx-offers [part~="close"]').first().click();
  await expectHits(mock, 'close', 1);
  expect(await page.evaluate(outside)).toEqual(before);
  const added = await page.evaluate(() => {
    const w = window as unknown as { namesBefore: string[] };
    return Object.getOwnPropertyNames(window).filter(
      (name) => !w.namesBefore.includes(name) && !['adpxEvents', 'namesBefore'].includes(name),
    );
  });
  // Lit's own (`litHtmlVersions` and the like): shared with a page's own copy of Lit by design.
  expect(added.sort()).toEqual([
    'Adpx',
    'litElementVersions',
    'litHtmlVersions',
    'litPropertyMetadata',
    'reactiveElementVersions',
  ]);
});

for (const [what, answer, code] of [
  [
    'a proxy’s HTML page with status 200',
    { status: 200, body: '<!doctype html><title>Sign in</title><form></form>', contentType: 'text/html' },
    'invalid_response',
  ],
  ['an empty 204', { status: 204, body: '' }, 'invalid_response'],
  [
    'a JSON body cut short',
    { status: 200, body: '{"data":{"offers":[{"id":1001,"title":"Sa' },
    'invalid_response',
  ],
  [
    'a gateway’s HTML error page (502)',
    { status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>', contentType: 'text/html' },
    'http',
  ],
] as const) {
  test(`the offers answer is ${what}: one ${code} error, nothing shown, no space kept, no retry, the page unharmed`, async ({
    page,
    mock,
  }) => {
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.message));
    mock.queue(answer);
    await page.goto(`${mock.url}/unit-lab.html?min-height=400`);
    const unit = page.locator('adpx-offers');
    await expect.poll(() => unit.evaluate((el) => (el as unknown as { state: string }).state)).toBe('error');
    const errors = (await events(page)).filter((e) => e.type === 'adpx-error').map((e) => e.detail);
    expect(errors).toEqual([expect.objectContaining({ code })]);
    await expect(unit.locator('[part~="offer"]')).toHaveCount(0);
    await expect.poll(() => unit.evaluate((el) => el.getBoundingClientRect().height)).toBe(0);
    expect(mock.requests()).toHaveLength(1);
    expect(mock.beacons()).toHaveLength(0);
    expect(uncaught).toEqual([]);
  });
}
