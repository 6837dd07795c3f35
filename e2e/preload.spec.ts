import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createMockOffersService, type MockOffersService } from '../src/server/mock/index.js';
import { expect, test } from './fixtures.js';

/**
 * The rest file preloaded beside the script tag, as docs/script-tag.md's snippet writes it: a
 * second service on another port plays the CDN (serving dist/ with CORS), the page comes from the
 * test's own mock. The first file asks for the rest file with its hash as `integrity` and
 * `crossorigin="anonymous"` (another origin): a preload with the same hash and the same
 * crossorigin is taken, and the CDN serves the rest file once. A preload whose crossorigin differs
 * is not taken: Chromium says so and downloads the file twice, which is why the snippet carries
 * both attributes (docs/decisions/016).
 */
const SRI = JSON.parse(readFileSync('dist/sri.json', 'utf8')) as Record<string, string>;
const REST = 'adpx-offers.rest.iife.js';

let cdn: MockOffersService;
test.beforeAll(async () => {
  cdn = await createMockOffersService({ static: [{ prefix: '/', dir: 'dist' }] });
});
test.afterAll(async () => cdn.close());

async function loadWithPreload(page: Page, origin: string, crossorigin: string | null) {
  const restUrl = `${cdn.url}/${REST}`;
  const fetched: string[] = [];
  const warnings: string[] = [];
  page.on('request', (request) => {
    if (request.url() === restUrl) fetched.push(request.url());
  });
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  });
  const query = new URLSearchParams({
    cdn: `${cdn.url}/`,
    first: SRI['adpx-offers.iife.js'] ?? '',
    rest: SRI[REST] ?? '',
  });
  if (crossorigin !== null) query.set('crossorigin', crossorigin);
  await page.goto(`${origin}/preload.html?${query}`);
  await expect(page.locator('adpx-offers [part~="offer"]').getByRole('heading')).toBeVisible();
  const timing = await page.evaluate(
    (url) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name === url)
        .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    restUrl,
  );
  return { fetched: fetched.length, timing, warnings };
}

test('docs/script-tag.md’s snippet preloads the rest file with the attributes this spec loads it with', () => {
  const snippet = [...readFileSync('docs/script-tag.md', 'utf8').matchAll(/```html\n([\s\S]*?)```/g)]
    .map((match) => match[1] ?? '')
    .find((text) => text.includes('rel="preload"'));
  const preload = snippet?.match(/<link[\s\S]*?\/>/)?.[0] ?? '';
  const tag = snippet?.match(/<script[\s\S]*?>/)?.[0] ?? '';
  const folder = (text: string, file: string) =>
    text.match(new RegExp(`"(\\S+/)${file.replaceAll('.', '\\.')}"`))?.[1];
  expect(preload).toMatch(/\bas="script"/);
  expect(preload).toMatch(/\bintegrity="sha384-[^"]*adpx-offers\.rest\.iife\.js/);
  expect(preload).toMatch(/\bcrossorigin="anonymous"/);
  expect(preload).not.toMatch(/fetchpriority/);
  expect(tag).toMatch(/\bcrossorigin="anonymous"/);
  expect(folder(preload, REST)).toBeDefined();
  expect(folder(preload, REST)).toBe(folder(tag, 'adpx-offers.iife.js'));
});

test('a preload with the rest file’s hash and crossorigin="anonymous" is taken: one download', async ({
  page,
  mock,
}) => {
  const seen = await loadWithPreload(page, mock.url, 'anonymous');
  expect(seen).toEqual({ fetched: 1, timing: ['link'], warnings: [] });
  expect(mock.requests()).toHaveLength(1);
});

test('a preload without the crossorigin of the first file’s request is not taken: two downloads', async ({
  page,
  mock,
}) => {
  const seen = await loadWithPreload(page, mock.url, null);
  expect(seen.fetched).toBe(2);
  expect(seen.timing).toEqual(['link', 'script']);
  expect(seen.warnings.join('\n')).toMatch(/not used because the request credentials mode does not match/);
});
