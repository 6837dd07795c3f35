/**
 * The script tag's first file starts the offers request of a unit already in the page, then loads
 * the rest of the SDK beside it; the unit adopts the request in flight (docs/decisions/016).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, quiet, test, watchFetches } from './fixtures.js';

const REST = 'adpx-offers.rest.iife.js';
const card = (page: Page) => page.locator('adpx-offers [part~="offer"]').first();

/** Serves the test page `file` with `from` replaced by `to`. */
async function serveChanged(page: Page, file: string, from: string, to: string): Promise<void> {
  await page.route(`**/${file}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replace(from, to) });
  });
}

test('the unit adopts the request the first file started: one POST, the card shown', async ({
  page,
  mock,
}) => {
  await page.goto(`${mock.url}/early.html`);
  await expect(card(page)).toBeVisible();
  expect(mock.requests()).toHaveLength(1);
  expect(mock.requests()[0]?.body).toMatchObject({ placement: 'checkout', language: 'en' });
});

test('the request leaves before the rest file is fetched: the service sees it while the rest is held', async ({
  page,
  mock,
}) => {
  let postsWhenAsked = -1;
  let restAsked = false;
  await page.route(`**/dist/${REST}`, async (route) => {
    restAsked = true;
    // The rest file is held back until the service has the POST: a request that waited for the
    // rest file would never come.
    await expect.poll(() => mock.requests().length).toBe(1);
    postsWhenAsked = mock.requests().length;
    await route.continue();
  });
  await page.goto(`${mock.url}/early.html`);
  await expect(card(page)).toBeVisible();
  expect(restAsked).toBe(true);
  expect(postsWhenAsked).toBe(1);
  expect(mock.requests()).toHaveLength(1);
});

test('the rest file is loaded with its sha384 hash; another file under its name is refused', async ({
  page,
  mock,
}) => {
  const { [REST]: integrity } = JSON.parse(readFileSync('dist/sri.json', 'utf8')) as Record<string, string>;
  const inserted: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(REST)) inserted.push(request.url());
  });
  await page.goto(`${mock.url}/early.html`);
  await expect(card(page)).toBeVisible();
  const script = await page.evaluate(
    (file) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(file)),
    REST,
  );
  expect(script).toBe(true);
  expect(inserted).toHaveLength(1);
  // The same page, the rest file's bytes changed: not run, nothing defined, nothing thrown.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  await page.route(`**/dist/${REST}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: `${await response.text()}\n;` });
  });
  await page.goto(`${mock.url}/early.html`);
  await expect.poll(() => messages.some((text) => /integrity/i.test(text) && text.includes(REST))).toBe(true);
  expect(integrity).toMatch(/^sha384-/);
  expect(await page.evaluate(() => customElements.get('adpx-offers'))).toBeUndefined();
  expect(errors).toEqual([]);
});

test('a manual unit is not started early: no POST until its load()', async ({ page, mock }) => {
  await serveChanged(page, 'early.html', 'placement="checkout"', 'placement="checkout" manual');
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await page.goto(`${mock.url}/early.html`);
  await page.waitForFunction(() => customElements.get('adpx-offers') !== undefined);
  // The rest file ran after the first file: a request the first file started would have been issued.
  expect(posts).toEqual([]);
  await page.evaluate(() =>
    (document.getElementById('unit') as HTMLElement & { load(): Promise<number> }).load(),
  );
  expect(posts).toHaveLength(1);
  expect(mock.requests()).toHaveLength(1);
});

test('the script loaded twice: one request, one card', async ({ page, mock }) => {
  const tag = '<script src="/dist/adpx-offers.iife.js"></script>';
  await serveChanged(page, 'early.html', tag, `${tag}${tag}`);
  await page.goto(`${mock.url}/early.html`);
  await expect(card(page)).toBeVisible();
  await expect(page.locator('adpx-offers [part~="offer"]')).toHaveCount(1);
  expect(mock.requests()).toHaveLength(1);
});

const LATER = 'adpx-offers.later.iife.js';
const isRealAdpx = () => {
  const adpx = (window as unknown as { Adpx?: object }).Adpx;
  return !!adpx && !(Symbol.for('adpx-offers.stub') in adpx);
};

test('a page of units alone never asks for the later file; the rest file defines <adpx-terms>', async ({
  page,
  mock,
}) => {
  await watchFetches(page);
  const later: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(`/dist/${LATER}`)) later.push(request.url());
  });
  await page.goto(`${mock.url}/early.html`);
  await expect(card(page)).toBeVisible();
  // A page's own terms element works, with no other file.
  await page.evaluate(async () => {
    await customElements.whenDefined('adpx-terms');
    const terms = document.createElement('adpx-terms');
    terms.html = '<p>Own terms of the page.</p>';
    document.body.append(terms);
  });
  await page.locator('adpx-terms').getByRole('button', { name: /Terms/ }).click();
  await expect(page.getByText('Own terms of the page.')).toBeVisible();
  await quiet(page, mock);
  expect(later).toEqual([]);
  expect(await page.evaluate(isRealAdpx)).toBe(false);
  expect(mock.requests()).toHaveLength(1);
});

test('a page that uses Adpx before any card gets the later file at once, and its queued call runs', async ({
  page,
  mock,
}) => {
  await serveChanged(page, 'early.html', 'placement="checkout"', 'placement="checkout" manual');
  await page.goto(`${mock.url}/early.html`);
  await page.waitForFunction(() => customElements.get('adpx-offers') !== undefined);
  // A manual unit shows no card: nothing asks for the later file but the page's own call.
  const ran = page.evaluate(
    () =>
      new Promise<boolean>((resolve) =>
        (window as unknown as { Adpx: { cmd: Array<() => void> } }).Adpx.cmd.push(() => resolve(true)),
      ),
  );
  expect(await ran).toBe(true);
  expect(await page.evaluate(isRealAdpx)).toBe(true);
  expect(mock.requests()).toEqual([]);
});

test.describe('a launcher page (AdpxConfig, Adpx.init before the script API arrived)', () => {
  test('the request leaves before the rest-api file is fetched, the one file the card needs; its unit adopts it', async ({
    page,
    mock,
  }) => {
    const asked: Array<{ file: string; posts: number }> = [];
    await page.route(/\/dist\/adpx-offers\.[a-z-.]+\.iife\.js$/, async (route) => {
      const file = new URL(route.request().url()).pathname.split('/').pop() ?? '';
      // The file is held back until the service has the POST: a request that waited for the
      // script API or the unit would never come.
      if (file === 'adpx-offers.rest-api.iife.js') await expect.poll(() => mock.requests().length).toBe(1);
      asked.push({ file, posts: mock.requests().length });
      await route.continue();
    });
    await page.goto(`${mock.url}/early-launcher.html`);
    await expect(page.locator('#slot > adpx-offers [part~="offer"]').first()).toBeVisible();
    // The rest and the script API in one file (src/iife-rest-api.ts); the after-card file once the
    // card is on screen; neither the plain rest nor the later file.
    expect(asked[0]).toEqual({ file: 'adpx-offers.rest-api.iife.js', posts: 1 });
    expect(asked.map((entry) => entry.file)).not.toContain('adpx-offers.rest.iife.js');
    expect(asked.map((entry) => entry.file)).not.toContain(LATER);
    expect(mock.requests()).toHaveLength(1);
    // The unit's own request: its target's language, AdpxUser, the config's placement.
    expect(mock.requests()[0]?.body).toMatchObject({
      placement: 'checkout',
      language: 'de',
      email: 'ann@example.com',
    });
  });

  test('autoLoad: false starts nothing: the one POST is the page’s Adpx.load()', async ({ page, mock }) => {
    await serveChanged(page, 'early-launcher.html', '{ autoShow: true }', '{ autoLoad: false }');
    await page.goto(`${mock.url}/early-launcher.html`);
    await page.waitForFunction(() => customElements.get('adpx-offers') !== undefined);
    await page.waitForFunction(isRealAdpx);
    expect(mock.requests()).toEqual([]);
    const loaded = await page.evaluate(() =>
      (window as unknown as { Adpx: { load(): Promise<boolean> } }).Adpx.load(),
    );
    expect(loaded).toBe(true);
    expect(mock.requests()).toHaveLength(1);
  });

  test('a payload given to Adpx.load after init: the launcher asks anew, as without the early start', async ({
    page,
    mock,
  }) => {
    await serveChanged(
      page,
      'early-launcher.html',
      'Adpx.init({ autoShow: true });',
      'Adpx.init({ autoLoad: false }); Adpx.load({ orderid: "A-42" }).then(() => Adpx.show());',
    );
    await page.goto(`${mock.url}/early-launcher.html`);
    await expect(page.locator('#slot > adpx-offers [part~="offer"]').first()).toBeVisible();
    expect(mock.requests()).toHaveLength(1);
    expect(mock.requests()[0]?.body).toMatchObject({ orderid: 'A-42', email: 'ann@example.com' });
  });
});
