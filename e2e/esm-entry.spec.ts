import { createMockOffersService, type MockOffersService } from '../src/server/mock/index.js';
import { test as base, expect } from '@playwright/test';

/**
 * The ESM entry as a browser loads it without a bundler (native modules, an import map to `lit` and
 * `dompurify` in node_modules): importing it and defining the elements requests no sanitiser code;
 * that arrives only once a card with terms is on the page, and terms then render sanitised.
 */
const test = base.extend<{ mock: MockOffersService }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take the other fixtures first.
  mock: async ({}, use) => {
    const mock = await createMockOffersService({
      static: [
        { prefix: '/dist/', dir: 'dist' },
        { prefix: '/node_modules/', dir: 'node_modules' },
        { prefix: '/', dir: 'e2e/pages' },
      ],
    });
    await use(mock);
    await mock.close();
  },
});

// The loader (`load-terms-sanitizer.js`, a few lines) is part of the graph; the sanitiser is not.
const sanitiserCode = /dompurify|\/terms-sanitizer\.js$/;

test('importing the entry loads no sanitiser; opening terms works through the module graph', async ({
  page,
  mock,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));

  await page.goto(`${mock.url}/esm.html`);
  await expect
    .poll(() => page.evaluate(() => (window as { entry?: { ready: boolean } }).entry?.ready))
    .toBe(true);
  await page.evaluate(() => customElements.whenDefined('adpx-offers'));
  expect(requested.some((path) => path === '/dist/index.js')).toBe(true);
  expect(requested.filter((path) => sanitiserCode.test(path))).toEqual([]);

  const unit = page.locator('adpx-offers');
  await unit.evaluate(async (el: HTMLElement & { load(): Promise<number>; show(): void }) => {
    await el.load();
    el.show();
  });
  const toggle = unit
    .locator('[part~="offer"]')
    .first()
    .getByRole('button', { name: 'Terms and conditions' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(
    unit.locator('[part~="offer"]').first().locator('[part~="terms-content"] li').first(),
  ).toBeVisible();
  // Chromium has the HTML Sanitizer API: the terms opened without DOMPurify (decision 009).
  expect(requested.filter((path) => sanitiserCode.test(path))).toEqual([]);
  expect(failures).toEqual([]);
});
