import type { Page } from '@playwright/test';
import { HOST_CSS, HOSTILE_CSS, partBoxes, setPageCss, TEXT_PARTS, textStyles } from './cases/page-css.js';
import { animationsSettled, expect, imagesSettled, openTermsPage, test } from './fixtures.js';

/**
 * The page's CSS changes the offers only through theming (docs/theming.md): a root font size, or
 * text properties an ancestor passes down (uppercase, `white-space`, letter spacing, line height,
 * italic, `text-align`…), leave the computed text styles of the unit, its cards, the standalone
 * `<adpx-offer>` and `<adpx-terms>` as on a clean page, in the same viewport. Sizes follow the
 * user's default font size (`medium`), and a page sizes an element by setting `font-size` on it.
 */

/** The page's text styles with each hostile sheet equal those without; the sheets did apply. */
async function expectUnchangedByPageCss(
  page: Page,
  shown = ['headline', 'description', 'accept', 'terms-content'],
): Promise<void> {
  const clean = await page.evaluate(textStyles, TEXT_PARTS);
  const parts = new Set(Object.keys(clean).map((key) => key.split(' ')[0]));
  expect([...parts]).toEqual(expect.arrayContaining(shown));
  for (const css of HOSTILE_CSS) {
    await page.evaluate(setPageCss, css);
    const body = await page.evaluate(() => getComputedStyle(document.body).whiteSpace);
    expect(body, 'the page sheet applies to the page').not.toBe('normal');
    expect(await page.evaluate(textStyles, TEXT_PARTS), css).toEqual(clean);
  }
  await page.evaluate(setPageCss, null);
}

const headline = (page: Page) => page.locator('[part~="headline"]').filter({ visible: true }).first();

test('the unit and its cards, narrow and wide: the page’s root size and inherited text properties do not reach them', async ({
  page,
  mock,
}) => {
  for (const [width, layout] of [
    [360, 'inline'],
    [1024, 'popup'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${mock.url}/unit-lab.html?layout=${layout}&heading=Offers&loyaltyboost=1`);
    await expect(headline(page)).toBeVisible();
    await page.locator('adpx-offers [part~="terms-toggle"]').first().click();
    await expect(page.locator('adpx-offers [part~="terms-content"]').filter({ visible: true })).toHaveCount(
      1,
    );
    await expectUnchangedByPageCss(page);
  }
});

test('standalone cards (320 and 720 px) and their terms: the page’s CSS does not reach them', async ({
  page,
  mock,
}) => {
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.goto(`${mock.url}/card.html?offers=1001,1002&widths=320,720`);
  await page.evaluate(() => (window as unknown as { cardsReady: Promise<number> }).cardsReady);
  await imagesSettled(page);
  await expect(headline(page)).toBeVisible();
  await page.locator('[part~="terms-toggle"]').first().click();
  await expect(page.locator('[part~="terms-content"]').filter({ visible: true })).toHaveCount(1);
  await expectUnchangedByPageCss(page);
  // The headline: 20 px (1.25em), whatever the page's root (at 62.5% of it, it would be 12.5 px).
  await page.evaluate(setPageCss, HOSTILE_CSS[0] ?? '');
  await expect(headline(page)).toHaveCSS('font-size', '20px');
});

test('a standalone <adpx-terms>: the page’s CSS does not reach it', async ({ page, mock }) => {
  await openTermsPage(page, mock);
  await page.evaluate(() => {
    const terms = document.createElement('adpx-terms');
    terms.html = '<p>Terms apply.</p><ul><li>One per household.</li></ul>';
    document.getElementById('slot')?.append(terms);
  });
  await page.locator('adpx-terms [part~="terms-toggle"]').click();
  await expect(page.locator('adpx-terms [part~="terms-content"]')).toBeVisible();
  await expectUnchangedByPageCss(page, ['terms-toggle', 'terms-content']);
});

test('a page sizes an element by setting font-size on it; the sizes inside follow in em', async ({
  page,
  mock,
}) => {
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.goto(`${mock.url}/card.html?offers=1001&widths=320`);
  await page.evaluate(() => (window as unknown as { cardsReady: Promise<number> }).cardsReady);
  await page.evaluate(setPageCss, 'html { font-size: 62.5%; } adpx-offer { font-size: 20px; }');
  await expect(headline(page)).toHaveCSS('font-size', '25px'); // 1.25em
  await expect(page.locator('[part~="terms-toggle"]')).toHaveCSS('font-size', '17.5px'); // 0.875em

  await page.setViewportSize({ width: 360, height: 900 }); // a narrow card: 1.25em headline
  await page.goto(`${mock.url}/unit-lab.html?heading=Offers`);
  await expect(headline(page)).toBeVisible();
  await expect(page.locator('adpx-offers [part~="progress"]')).toHaveCSS('font-size', '14px');
  await page.evaluate(setPageCss, 'html { font-size: 62.5%; } adpx-offers { font-size: 20px; }');
  // The unit's own words and its cards alike.
  await expect(page.locator('adpx-offers [part~="progress"]')).toHaveCSS('font-size', '17.5px'); // 0.875em
  await expect(headline(page)).toHaveCSS('font-size', '25px');
  // One card's size: its part.
  await page.evaluate(setPageCss, 'adpx-offers::part(offer) { font-size: 24px; }');
  await expect(headline(page)).toHaveCSS('font-size', '30px');
});

test('a page’s box-sizing reaches the unit’s element, not its layout: every box inside is unchanged, inline and popup', async ({
  page,
  mock,
}) => {
  await page.setViewportSize({ width: 1024, height: 900 });
  for (const layout of ['inline', 'popup']) {
    await page.goto(`${mock.url}/unit-lab.html?layout=${layout}&heading=Offers`);
    await expect(headline(page)).toBeVisible();
    await imagesSettled(page);
    const clean = await page.evaluate(partBoxes);
    expect(Object.keys(clean).length).toBeGreaterThan(10);
    for (const css of HOST_CSS) {
      await page.evaluate(setPageCss, css);
      const sizing = await page.locator('adpx-offers').evaluate((el) => getComputedStyle(el).boxSizing);
      expect(sizing, `${css}: the sheet applies to the host`).toBe('content-box');
      await animationsSettled(page);
      expect(await page.evaluate(partBoxes), `${layout}: ${css}`).toEqual(clean);
    }
    await page.evaluate(setPageCss, null);
  }
});
