import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { MockOffersService } from '../src/server/mock/index.js';
import { expect, quiet, test, watchFetches } from './fixtures.js';

/**
 * Standalone <adpx-offer> cards on e2e/pages/card.html, fed with offers from the mock (normalised
 * by the SDK), where the whole page matters: an image that arrives late over the network, and axe
 * on the page. The card's rendering facts (texts by width, the image asked for, QR, fragments,
 * footer, right to left) are component tests: src/elements/adpx-offer/adpx-offer.browser.test.ts.
 * Actions are in card-actions.spec.ts.
 */

/** Opens the card page and waits for its cards. */
async function openCards(page: Page, mock: MockOffersService, query = ''): Promise<void> {
  await page.goto(`${mock.url}/card.html?${query}`);
  await page.evaluate(() => (window as unknown as { cardsReady: Promise<number> }).cardsReady);
}

/** The card (its `card` part) drawn in the slot of a width. */
const cardAt = (page: Page, width: string | number) =>
  page.locator(`section.slot[data-width="${width}"] [part~="card"]`);

/** Waits until the browser has loaded the image it chose for a card. */
async function imageLoaded(page: Page, width: string | number): Promise<void> {
  const img = cardAt(page, width).locator('[part~="image"]');
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
}

test.beforeEach(({ page }) => watchFetches(page));

test('reserves its space: no layout shift when the image arrives late', async ({ page, mock }) => {
  await page.route('**/img/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { shift: number };
    w.shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
        w.shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await openCards(page, mock);
  const before = await page
    .locator('section.slot [part~="card"]')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
  await imageLoaded(page, 320);
  await imageLoaded(page, 720);
  // Both images are in; once the page is quiet their layout is done and any shift is reported.
  await quiet(page, mock);
  const after = await page
    .locator('section.slot [part~="card"]')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
  expect(after).toEqual(before);
  expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
});

test.describe('accessibility', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds nothing on cards at 360px and 1280px, ${scheme} scheme, with every fragment`, async ({
      page,
      mock,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      for (const viewport of [360, 1280]) {
        await page.setViewportSize({ width: viewport, height: 900 });
        await openCards(page, mock, `offers=1002,1006&widths=${viewport === 360 ? 'fill' : '320,720'}&qr`);
        await expect(page.locator('section.slot [part~="image"]').first()).toBeVisible();
        const results = await new AxeBuilder({ page }).include('section.slot').analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual(
          [],
        );
      }
    });
  }
});
