import { readdirSync, readFileSync } from 'node:fs';
import { createMockOffersService, type MockOffersService } from '../src/server/mock/index.js';
import { expect, expectHits, test } from './fixtures.js';

/**
 * The script-tag file loaded from a CDN with Subresource Integrity, as the README shows it: a
 * second service on another port plays the CDN (serving dist/ with CORS), the page comes from the
 * test's own mock. With the hash the build wrote in dist/sri.json the SDK runs and the service
 * receives the pixel; with a wrong hash Chromium refuses the file, and the host page keeps working.
 */
const SRI = JSON.parse(readFileSync('dist/sri.json', 'utf8')) as Record<string, string>;
const FILE = 'adpx-offers.iife.js';

let cdn: MockOffersService;
test.beforeAll(async () => {
  cdn = await createMockOffersService({ static: [{ prefix: '/', dir: 'dist' }] });
});
test.afterAll(async () => cdn.close());

const pageUrl = (origin: string, integrity: string) =>
  `${origin}/sri.html?${new URLSearchParams({ src: `${cdn.url}/${FILE}`, integrity })}`;

test('dist/sri.json names a sha384 hash for every script-tag file the build wrote', () => {
  const files = readdirSync('dist').filter((name) => name.endsWith('.iife.js'));
  expect(files).toContain(FILE);
  expect(Object.keys(SRI).sort()).toEqual(files.sort());
  for (const name of files) expect(SRI[name]).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
});

test('with the hash from dist/sri.json the file runs from another origin and the pixel arrives', async ({
  page,
  mock,
}) => {
  const errors: string[] = [];
  const fromCdn: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => {
    if (r.url().startsWith(cdn.url) && r.ok()) fromCdn.push(new URL(r.url()).pathname);
  });
  await page.goto(pageUrl(mock.url, SRI[FILE] ?? ''));
  await expect.poll(() => page.evaluate(() => (window as { sdkScript?: string }).sdkScript)).toBe('loaded');
  await expect(page.locator('adpx-offers [part~="offer"]').getByRole('heading')).toBeVisible();
  await expectHits(mock, 'pixel', 1);
  expect(fromCdn).toContain(`/${FILE}`);
  expect(errors).toEqual([]);
});

test('with a wrong hash the file is blocked, nothing is defined, and the page still works', async ({
  page,
  mock,
}) => {
  const errors: string[] = [];
  const messages: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => messages.push(m.text()));
  const wrong = `sha384-${Buffer.alloc(48, 7).toString('base64')}`;
  await page.goto(pageUrl(mock.url, wrong));
  await expect.poll(() => page.evaluate(() => (window as { sdkScript?: string }).sdkScript)).toBe('blocked');
  expect(messages.some((text) => /integrity/i.test(text))).toBe(true);
  const defined = await page.evaluate(() => ({
    element: customElements.get('adpx-offers') !== undefined,
    adpx: 'Adpx' in window,
  }));
  expect(defined).toEqual({ element: false, adpx: false });
  await page.locator('#own').click();
  await expect(page.locator('#count')).toHaveText('1');
  expect(mock.requests().filter((r) => r.path.startsWith('/native/'))).toEqual([]);
  expect(errors).toEqual([]);
});
