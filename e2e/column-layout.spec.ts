import type { Locator, Page } from '@playwright/test';
import { animationsSettled, expect, test } from './fixtures.js';

/**
 * The inline card in a column (docs/theming.md, "Card layout by width"): the image stays a small
 * share of the card at common widths, no empty header row when there is no heading, and no layout
 * shift with the reserved height. Geometry is read after images are decoded and every animation
 * has finished.
 */

const WIDTHS = [360, 480, 736, 1024] as const;
/** "About 40%": the image's height over the card's. */
const MAX_IMAGE_SHARE = 0.42;
/** The height the page reserves (--adpx-min-height): the tallest card here (360 px) with room to spare. */
const RESERVED = 760;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function settled(page: Page): Promise<void> {
  const unit = page.locator('adpx-offers');
  await expect(unit.locator('adpx-offer').getByRole('heading').first()).toBeVisible();
  await expect(unit.locator('adpx-offer [part~="image"]').first()).toHaveAttribute('src', /.+/);
  await unit
    .locator('adpx-offer [part~="image"]')
    .first()
    .evaluate((img) => (img as HTMLImageElement).decode().catch(() => undefined));
  await animationsSettled(page);
}

const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box;
};

const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const width of WIDTHS) {
  test(`at ${width}px the image is at most ~40% of the card, no empty header row, no layout shift`, async ({
    page,
    mock,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript(() => {
      const w = window as unknown as { shift: number };
      w.shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
          w.shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    mock.queue({ delayMs: 300 });
    await page.goto(`${mock.url}/unit-lab.html?min-height=${RESERVED}`);
    await settled(page);

    const unit = page.locator('adpx-offers');
    const card = await boxOf(unit.locator('adpx-offer'));
    const media = await boxOf(unit.locator('adpx-offer [part~="media"]'));
    expect(media.height / card.height).toBeLessThanOrEqual(MAX_IMAGE_SHARE);
    expect(media.height).toBeGreaterThan(0);

    // No heading: the close button floats over the card's top corner instead of a row of its own.
    const section = await boxOf(unit.locator('[part~="unit"]'));
    const close = await boxOf(unit.getByRole('button', { name: 'Close' }));
    expect(card.y - section.y).toBeLessThanOrEqual(16);
    expect(overlaps(close, card)).toBe(true);
    // ... and keeps clear of the texts: the headline and advertiser line are not under it.
    for (const part of ['headline', 'advertiser']) {
      const text = unit.locator(`adpx-offer [part~="${part}"]`).first();
      if (await text.isVisible()) expect(overlaps(close, await boxOf(text))).toBe(false);
    }

    // The reserved height held: nothing on the page moved.
    expect(section.height).toBeLessThanOrEqual(RESERVED);
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
  });
}

test('with a heading the header row stays: heading and close button above the card', async ({
  page,
  mock,
}) => {
  await page.setViewportSize({ width: 736, height: 900 });
  await page.goto(`${mock.url}/unit-lab.html?heading=${encodeURIComponent('Offers for you')}`);
  await settled(page);
  const unit = page.locator('adpx-offers');
  const card = await boxOf(unit.locator('adpx-offer'));
  const heading = await boxOf(unit.getByRole('heading', { name: 'Offers for you' }));
  const close = await boxOf(unit.getByRole('button', { name: 'Close' }));
  expect(heading.y + heading.height).toBeLessThanOrEqual(card.y);
  expect(close.y + close.height).toBeLessThanOrEqual(card.y);
});
