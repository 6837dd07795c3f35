import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { MockOffersService } from '../src/server/mock/index.js';
import type { Offer, OffersResponse } from '../src/model/types.js';
import { animationsSettled, expect, imagesSettled, quiet, test, watchFetches } from './fixtures.js';

/**
 * The card's fragments: texts chosen by the card's own width, the image, the QR code, loyalty,
 * advertiser, small print, and text that looks like HTML. Standalone <adpx-offer> cards on
 * e2e/pages/card.html, fed with offers from the mock (normalised by the SDK). Actions are in
 * card-actions.spec.ts.
 */

type RawOffer = Record<string, unknown>;

/** Serves the mock's offers response after `mutate` has changed its raw offers. */
async function routeOffers(page: Page, mutate: (offers: RawOffer[]) => void): Promise<void> {
  await page.route('**/native/v2/offers.json*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { offers: RawOffer[] } };
    mutate(body.data.offers);
    await route.fulfill({ response, json: body });
  });
}

/** Opens the card page and waits for its cards; returns the normalised response. */
async function openCards(page: Page, mock: MockOffersService, query = ''): Promise<OffersResponse> {
  await page.goto(`${mock.url}/card.html?${query}`);
  await page.evaluate(() => (window as unknown as { cardsReady: Promise<number> }).cardsReady);
  return page.evaluate(() => (window as unknown as { offersData: OffersResponse }).offersData);
}

const cardAt = (page: Page, width: string | number, offerId?: number) =>
  page.locator(`section.slot[data-width="${width}"]${offerId ? `[data-offer="${offerId}"]` : ''} adpx-offer`);

function offerOf(data: OffersResponse, index = 0): Offer {
  const offer = data.offers[index];
  if (!offer) throw new Error(`the mock served no offer #${index}`);
  return offer;
}

/** The query parameters of the image the browser chose for a card. */
async function chosenImage(page: Page, width: string | number) {
  const img = cardAt(page, width).locator('[part~="image"]');
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  const src = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
  const frame = await cardAt(page, width)
    .locator('[part~="media"]')
    .evaluate((el) => el.getBoundingClientRect().width);
  return { url: new URL(src), frame };
}

test.beforeEach(({ page }) => watchFetches(page));

test.describe('texts follow the card width, not the window', () => {
  test('at 1280px a 320px card reads the short texts and a 720px card the long ones, one pair each in the accessibility tree', async ({
    page,
    mock,
  }) => {
    const offer = offerOf(await openCards(page, mock));
    const narrow = cardAt(page, 320);
    const wide = cardAt(page, 720);
    await expect(narrow.getByRole('heading')).toHaveText(offer.short_headline ?? '');
    await expect(wide.getByRole('heading')).toHaveText(offer.title ?? '');
    await expect(narrow.getByRole('article', { name: offer.short_headline })).toBeVisible();
    await expect(wide.getByRole('article', { name: offer.title })).toBeVisible();

    const narrowTree = await narrow.ariaSnapshot();
    expect(narrowTree).toContain(offer.short_headline);
    expect(narrowTree).toContain(offer.short_description);
    expect(narrowTree).not.toContain(offer.title);
    expect(narrowTree).not.toContain(offer.description);
    const wideTree = await wide.ariaSnapshot();
    expect(wideTree).toContain(offer.title);
    expect(wideTree).toContain(offer.description);
    expect(wideTree).not.toContain(offer.short_headline);
    expect(wideTree).not.toContain(offer.short_description);
  });

  test('a card that grows past 480px switches to the long texts, with no script', async ({ page, mock }) => {
    const offer = offerOf(await openCards(page, mock, 'widths=479'));
    const card = cardAt(page, 479);
    await expect(card.getByRole('heading')).toHaveText(offer.short_headline ?? '');
    await page.locator('section.slot').evaluate((el) => (el.style.width = '480px'));
    await expect(card.getByRole('heading')).toHaveText(offer.title ?? '');
    await expect(card.getByRole('heading')).toHaveCount(1);
  });

  test('on a 360px phone the card reads the short texts', async ({ page, mock }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const offer = offerOf(await openCards(page, mock, 'widths=fill'));
    const card = cardAt(page, 'fill');
    await expect(card.getByRole('heading')).toHaveText(offer.short_headline ?? '');
    const tree = await card.ariaSnapshot();
    expect(tree).toContain(offer.short_description);
    expect(tree).not.toContain(offer.description);
  });

  test('a missing pair falls back to the other one at either width', async ({ page, mock }) => {
    await routeOffers(page, (offers) => {
      const [first, second] = offers;
      if (!first || !second) throw new Error('two offers expected');
      delete first.short_headline;
      delete first.short_description;
      delete second.title;
      delete second.description;
    });
    const data = await openCards(page, mock, 'offers=1001,1002');
    const [first, second] = [offerOf(data, 0), offerOf(data, 1)];
    await expect(cardAt(page, 320, 1001).getByRole('heading')).toHaveText(first.title ?? '');
    await expect(cardAt(page, 320, 1001)).toContainText(first.description ?? '');
    await expect(cardAt(page, 720, 1002).getByRole('heading')).toHaveText(second.short_headline ?? '');
    await expect(cardAt(page, 720, 1002)).toContainText(second.short_description ?? '');
    await expect(cardAt(page, 720, 1001).getByRole('heading')).toHaveText(first.title ?? '');
  });
});

test.describe('image', () => {
  test('at 1x the image is asked for at the drawn width (40px steps) and the creative ratio', async ({
    page,
    mock,
  }) => {
    await openCards(page, mock);
    for (const width of [320, 720]) {
      const { url, frame } = await chosenImage(page, width);
      const asked = Number(url.searchParams.get('width'));
      expect(asked).toBeGreaterThanOrEqual(frame);
      expect(asked).toBeLessThan(frame + 40);
      expect(url.searchParams.get('aspect_ratio')).toBe('191:100');
    }
  });

  test.describe('on a 2x screen', () => {
    test.use({ deviceScaleFactor: 2 });
    test('srcset gives the 2x candidate, requested once per card', async ({ page, mock }) => {
      const requested: string[] = [];
      page.on('request', (r) => r.url().includes('/img/') && requested.push(r.url()));
      await openCards(page, mock);
      for (const width of [320, 720]) {
        const { url, frame } = await chosenImage(page, width);
        const asked = Number(url.searchParams.get('width'));
        expect(asked).toBeGreaterThanOrEqual(2 * frame);
        expect(asked).toBeLessThan(2 * (frame + 40));
        const srcset = await cardAt(page, width).locator('[part~="image"]').getAttribute('srcset');
        expect(srcset).toContain(`width=${asked}&`);
        expect(srcset).toMatch(new RegExp(` ${asked}w`));
      }
      expect(requested).toHaveLength(2);
    });
  });

  test.describe('on a 360px phone at 3x', () => {
    test.use({ deviceScaleFactor: 3, viewport: { width: 360, height: 780 } });
    test('the 3x candidate of the drawn width is the one downloaded', async ({ page, mock }) => {
      await openCards(page, mock, 'widths=fill');
      const { url, frame } = await chosenImage(page, 'fill');
      const asked = Number(url.searchParams.get('width'));
      expect(asked).toBeGreaterThanOrEqual(3 * frame);
      expect(asked).toBeLessThan(3 * (frame + 40));
    });
  });

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
      .locator('adpx-offer')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    await chosenImage(page, 320);
    await chosenImage(page, 720);
    // Both images are in; once the page is quiet their layout is done and any shift is reported.
    await quiet(page, mock);
    const after = await page
      .locator('adpx-offer')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(after).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
  });

  test('a broken image hides its frame: no broken-image icon, the card stays whole', async ({
    page,
    mock,
  }) => {
    await routeOffers(page, (offers) => {
      const first = offers[0];
      if (!first) throw new Error('an offer expected');
      first.image = `${mock.url}/img/no-such-image.png`;
      first.creatives = [];
    });
    const offer = offerOf(await openCards(page, mock, 'widths=320'));
    const card = cardAt(page, 320);
    await expect(card.getByRole('heading')).toHaveText(offer.short_headline ?? '');
    await expect(card.locator('[part~="media"]')).toHaveCount(0);
    await expect(card.locator('img')).toHaveCount(0);
    await expect(card.locator('[part~="accept"]')).toBeVisible();
  });

  test('the image is decorative and lazy unless the card is eager', async ({ page, mock }) => {
    await openCards(page, mock, 'eager');
    const first = cardAt(page, 320).locator('[part~="image"]');
    await expect(first).toHaveAttribute('alt', '');
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(cardAt(page, 720).locator('[part~="image"]')).toHaveAttribute('loading', 'lazy');
  });
});

test.describe('QR code', () => {
  test('is shown only with show-qr, crisp, at most 228px, with a text alternative', async ({
    page,
    mock,
  }) => {
    await openCards(page, mock, 'widths=320');
    await expect(cardAt(page, 320).locator('[part~="qr"]')).toHaveCount(0);

    await openCards(page, mock, 'widths=320,720&qr');
    for (const width of [320, 720]) {
      const qr = cardAt(page, width).getByRole('img', {
        name: 'QR code: scan to open the offer from StreamMax on your phone',
      });
      await expect(qr).toBeVisible();
      const box = await qr.boundingBox();
      expect(box?.width).toBeLessThanOrEqual(228);
      expect(box?.width).toBe(box?.height);
      await expect(qr).toHaveCSS('image-rendering', 'pixelated');
      await expect(qr).toHaveCSS('object-fit', 'contain');
      expect(await qr.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(228);
    }
  });
});

test.describe('other fragments', () => {
  test('advertiser name, small print and loyalty boost', async ({ page, mock }) => {
    const data = await openCards(page, mock, 'offers=1001,1002&widths=360');
    const [plain, boosted] = [offerOf(data, 0), offerOf(data, 1)];
    const first = cardAt(page, 360, 1001);
    const second = cardAt(page, 360, 1002);
    await expect(first.locator('[part~="advertiser"]')).toHaveText(`Offer from ${plain.advertiser_name}`);
    await expect(first.locator('[part~="mini-text"]')).toHaveText(plain.mini_text ?? '');
    await expect(first.locator('[part~="loyalty"]')).toHaveCount(0);
    const loyalty = second.locator('[part~="loyalty"]');
    await expect(loyalty).toContainText('Loyalty boost');
    await expect(loyalty).toContainText(boosted.loyaltyboost_requirements ?? '');
  });

  test('text that looks like HTML is shown as text and creates no element', async ({ page, mock }) => {
    const payload = '<img src=x onerror="window.pwned=1"><b>bold</b>';
    await routeOffers(page, (offers) => {
      const first = offers[0];
      if (!first) throw new Error('an offer expected');
      for (const field of ['title', 'short_headline', 'description', 'short_description', 'mini_text']) {
        first[field] = payload;
      }
      Object.assign(first, {
        advertiser_name: payload,
        cta_yes: '<i>yes</i>',
        cta_no: '<u>no</u>',
        is_loyaltyboost: true,
        loyaltyboost_requirements: payload,
      });
    });
    await openCards(page, mock, 'widths=320,720');
    for (const width of [320, 720]) {
      const card = cardAt(page, width);
      await expect(card.getByRole('heading')).toHaveText(payload);
      await expect(card.locator('[part~="accept"]')).toHaveText('<i>yes</i>');
      await expect(card.locator('[part~="decline"]')).toHaveText('<u>no</u>');
      await expect(card.locator('[part~="advertiser"]')).toHaveText(`Offer from ${payload}`);
      await expect(card.locator('img[src="x"], b, i, u')).toHaveCount(0);
    }
    // Any image in the page has loaded or failed (an onerror would have run), and the page is quiet.
    await imagesSettled(page);
    await quiet(page, mock);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  });

  test('open terms span the card: the footer row gives them its width and Privacy moves below', async ({
    page,
    mock,
  }) => {
    await openCards(page, mock, 'widths=320');
    const card = cardAt(page, 320);
    const terms = card.locator('[part~="terms"]');
    const privacy = card.locator('[part~="privacy"]');
    const rowWidth = () => terms.evaluate((el) => el.parentElement?.getBoundingClientRect().width ?? 0);
    const boxes = async () => {
      await animationsSettled(page);
      const [t, p] = [await terms.boundingBox(), await privacy.boundingBox()];
      if (!t || !p) throw new Error('no terms or privacy box');
      return { t, p };
    };
    // Closed: control and Privacy share one row, the control beside Privacy.
    let { t, p } = await boxes();
    expect(Math.abs(t.y - p.y)).toBeLessThan(1);
    expect(t.width).toBeLessThan((await rowWidth()) - p.width);
    expect(await terms.evaluate((el) => el.matches(':state(open)'))).toBe(false);

    await card.locator('[part~="terms-toggle"]').click();
    await expect(card.locator('[part~="terms-content"]')).toBeVisible();
    ({ t, p } = await boxes());
    expect(await terms.evaluate((el) => el.matches(':state(open)'))).toBe(true);
    expect(Math.abs(t.width - (await rowWidth()))).toBeLessThan(1);
    expect(p.y).toBeGreaterThanOrEqual(t.y + t.height - 1);

    await card.locator('[part~="terms-toggle"]').click();
    await expect(card.locator('[part~="terms-content"]')).toBeHidden();
    ({ t, p } = await boxes());
    expect(Math.abs(t.y - p.y)).toBeLessThan(1);
    expect(await terms.evaluate((el) => el.matches(':state(open)'))).toBe(false);
  });

  test('in modal mode the footer keeps its one row while the terms are open', async ({ page, mock }) => {
    await openCards(page, mock, 'widths=320&terms=modal');
    const card = cardAt(page, 320);
    const terms = card.locator('[part~="terms"]');
    const privacy = card.locator('[part~="privacy"]');
    await card.locator('[part~="terms-toggle"]').click();
    await expect(card.locator('[part~="terms-dialog"]')).toBeVisible();
    expect(await terms.evaluate((el) => el.matches(':state(open)'))).toBe(true);
    const [t, p] = [await terms.boundingBox(), await privacy.boundingBox()];
    expect(t && p && Math.abs(t.y - p.y)).toBeLessThan(1);
  });

  test('in a right-to-left page the wide card mirrors: image on the right', async ({ page, mock }) => {
    await openCards(page, mock, 'widths=720&dir=rtl');
    const card = cardAt(page, 720);
    const media = await card.locator('[part~="media"]').boundingBox();
    const heading = await card.getByRole('heading').boundingBox();
    expect(media && heading && media.x > heading.x).toBe(true);
  });
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
        await expect(page.locator('adpx-offer [part~="image"]').first()).toBeVisible();
        const results = await new AxeBuilder({ page }).include('adpx-offer').analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual(
          [],
        );
      }
    });
  }
});
