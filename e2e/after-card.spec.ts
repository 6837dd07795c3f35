/**
 * The split script tag's after-card file (`dist/adpx-offers.after-card.iife.js`, decision 016):
 * what a card needs only once it is on screen, the impression rule. No page downloads it before
 * its first card; the card's pixel still arrives once, also when the file's first load failed.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  debugLines,
  events,
  expect,
  expectHits,
  hits,
  quiet,
  recordEvents,
  test,
  watchFetches,
} from './fixtures.js';

const AFTER_CARD = 'adpx-offers.after-card.iife.js';
const card = (page: Page) => page.locator('adpx-offers [part~="offer"]').first();

test('the after-card file is asked for once the card is on screen, with its hash; one pixel', async ({
  page,
  mock,
}) => {
  const { [AFTER_CARD]: integrity } = JSON.parse(readFileSync('dist/sri.json', 'utf8')) as Record<
    string,
    string
  >;
  const asked: Array<{ cardShown: boolean; pixels: number }> = [];
  await page.route(`**/dist/${AFTER_CARD}`, async (route) => {
    // The card is on screen and has no pixel yet: the rule that counts it is this file.
    asked.push({ cardShown: await card(page).isVisible(), pixels: hits(mock, 'pixel').length });
    await route.continue();
  });
  await watchFetches(page);
  await page.goto(`${mock.url}/early.html`);
  await expect(card(page)).toBeVisible();
  await expectHits(mock, 'pixel', 1);
  await quiet(page, mock);
  expect(asked).toEqual([{ cardShown: true, pixels: 0 }]);
  expect(hits(mock, 'pixel')).toHaveLength(1);
  expect(hits(mock, 'adv_pixel')).toHaveLength(1);
  // The script element it came in had the file's sha384 hash (removed once the file ran).
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('after-card.iife.js'))
      .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
  );
  expect(scripts).toEqual(['script']);
  expect(readFileSync('dist/adpx-offers.rest.iife.js', 'utf8')).toContain(integrity);
});

test('a page whose unit finds no offers never downloads the after-card file', async ({ page, mock }) => {
  mock.queue({ body: { data: { offers: [] } } });
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(AFTER_CARD)) asked.push(request.url());
  });
  await watchFetches(page);
  await page.goto(`${mock.url}/early.html`);
  await expect.poll(() => mock.requests().length).toBe(1);
  await quiet(page, mock);
  expect(asked).toEqual([]);
});

test('the after-card file failed to load: one error, no pixel, then one once the browser is back online', async ({
  page,
  context,
  mock,
}) => {
  // The terms' sanitiser comes from the same file when the browser is idle: kept out of this test,
  // so that only the card asks for the file.
  await page.addInitScript(() => Object.assign(window, { requestIdleCallback: () => 0 }));
  let tries = 0;
  let reachable = false;
  await page.route(`**/dist/${AFTER_CARD}`, async (route) => {
    tries++;
    if (reachable) await route.continue();
    else await route.abort('internetdisconnected');
  });
  // The unit with `debug`, to read the rule's failure in its log.
  await page.route('**/early.html', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('placement="checkout"', 'placement="checkout" debug');
    await route.fulfill({ response, body });
  });
  const lines = debugLines(page);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await recordEvents(page);
  await watchFetches(page);
  await page.goto(`${mock.url}/early.html`);
  await expect(card(page)).toBeVisible();
  await expect.poll(() => lines.some((line) => line.startsWith('[adpx] C5'))).toBe(true);
  await quiet(page, mock);
  expect(tries).toBe(1);
  expect(hits(mock, 'pixel')).toHaveLength(0);
  // No impression can count meanwhile: the page hears of it once, as an `error` and a warning.
  const errors = async () => (await events(page)).filter((event) => event.type === 'adpx-error');
  expect(await errors()).toEqual([
    { type: 'adpx-error', detail: { message: expect.stringContaining(AFTER_CARD), code: 'render' } },
  ]);
  expect(warnings.filter((text) => text.includes(AFTER_CARD))).toHaveLength(1);
  // The browser goes offline and comes back: the card asks for the file again.
  reachable = true;
  await context.setOffline(true);
  await context.setOffline(false);
  await expectHits(mock, 'pixel', 1);
  await quiet(page, mock);
  expect(tries).toBe(2);
  expect(hits(mock, 'pixel')).toHaveLength(1);
  expect(await errors()).toHaveLength(1);
});
