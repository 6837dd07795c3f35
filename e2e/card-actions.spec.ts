import type { Page } from '@playwright/test';
import type { AdpxOfferElement } from '../src/elements/adpx-offer/adpx-offer.js';
import type { MockOffersService } from '../src/server/mock/index.js';
import type { OffersResponse } from '../src/model/types.js';
import { events, expect, expectHits, hits, quiet, recordEvents, test, watchFetches } from './fixtures.js';

/**
 * The card's controls: CTAs, "More offers", "Save for later", "Privacy" and the terms. Standalone
 * <adpx-offer> cards on e2e/pages/card.html (the fragments: src/elements/adpx-offer/adpx-offer.browser.test.ts).
 */

async function openCards(page: Page, mock: MockOffersService, query = ''): Promise<OffersResponse> {
  await page.goto(`${mock.url}/card.html?${query}`);
  await page.evaluate(() => (window as unknown as { cardsReady: Promise<number> }).cardsReady);
  return page.evaluate(() => (window as unknown as { offersData: OffersResponse }).offersData);
}

const card = (page: Page) => page.locator('adpx-offer').first();

const detailsOf = async (page: Page, type: string) =>
  (await events(page)).filter((e) => e.type === type).map((e) => e.detail);

test.beforeEach(async ({ page }) => {
  await recordEvents(page);
  await watchFetches(page);
});

test.describe('CTAs', () => {
  test('have the offer labels, or fallbacks, as accessible names; every control is at least 44px tall', async ({
    page,
    mock,
  }) => {
    await page.route('**/native/v2/offers.json*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { offers: Array<Record<string, unknown>> } };
      const second = body.data.offers[1];
      if (second) {
        delete second.cta_yes;
        delete second.cta_no;
      }
      await route.fulfill({ response, json: body });
    });
    await openCards(page, mock, 'offers=1001,1002&widths=360');
    const first = page.locator('[data-offer="1001"] adpx-offer');
    const second = page.locator('[data-offer="1002"] adpx-offer');
    await expect(first.getByRole('button', { name: 'Start my free trial' })).toBeVisible();
    await expect(first.getByRole('button', { name: 'No thanks' })).toBeVisible();
    await expect(second.getByRole('button', { name: 'Yes, please' })).toBeVisible();
    await expect(second.getByRole('button', { name: 'No, thanks' })).toBeVisible();
    const controls = first.locator('button, a');
    await expect(controls).toHaveCount(6);
    for (const control of await controls.all()) {
      expect((await control.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }
  });

  test('every control shows a focus ring when reached with the keyboard', async ({ page, mock }) => {
    await openCards(page, mock, 'widths=720');
    const names: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        let el: Element | null = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        const style = el ? getComputedStyle(el) : null;
        return {
          name: el?.textContent?.trim() ?? '',
          outline: style?.outlineStyle,
          width: style?.outlineWidth,
        };
      });
      expect(focused.outline, focused.name).toBe('solid');
      expect(parseFloat(focused.width ?? '0')).toBeGreaterThanOrEqual(2);
      names.push(focused.name);
    }
    expect(names).toEqual([
      'Start my free trial',
      'No thanks',
      'More offers',
      'Save for later',
      'Terms and conditions',
      'Privacy',
    ]);
  });
});

test.describe('More offers', () => {
  test('emits url_clicked and opens offerwall_url in a new tab', async ({ page, mock, context }) => {
    const data = await openCards(page, mock, 'widths=720');
    const url = data.offers[0]?.offerwall_url ?? '';
    expect(url).toContain('/offerwall?offer=1001');
    const popup = context.waitForEvent('page');
    await card(page).getByRole('link', { name: 'More offers' }).click();
    const tab = await popup;
    await tab.waitForLoadState();
    expect(tab.url()).toBe(url);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    expect(page.url()).toContain('/card.html');
    expect(await detailsOf(page, 'adpx-url-clicked')).toEqual([{ target_url: url }]);
  });

  test('is absent when the offer wall is off', async ({ page, mock }) => {
    await openCards(page, mock, 'offers=1004&widths=720');
    await expect(card(page).getByRole('heading')).toBeVisible();
    await expect(card(page).locator('[part~="offerwall"]')).toBeHidden();
    await expect(card(page).locator('[part~="save"]')).toBeHidden();
  });
});

test.describe('Save for later', () => {
  test('sends exactly one save_for_later request, shows "Saved" and fires the event', async ({
    page,
    mock,
  }) => {
    const data = await openCards(page, mock, 'widths=720');
    const save = card(page).locator('[part~="save"]');
    await expect(save).toHaveText('Save for later');
    await save.click();
    await expect(save).toHaveText('Saved');
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    await expect(card(page).getByRole('status')).toHaveText('Offer saved for later.');
    await save.click({ force: true });
    await expectHits(mock, 'save_for_later', 1, 1001);
    await quiet(page, mock);
    expect(hits(mock, 'save_for_later')).toHaveLength(1);
    // Another offer, then this one again (as the unit's Previous does): still saved, nothing re-sent.
    await card(page).evaluate((element, other) => {
      const el = element as AdpxOfferElement;
      const saved = el.offer;
      el.offer = other;
      return el.updateComplete.then(() => (el.offer = saved));
    }, data.offers[1]);
    await expect(save).toHaveText('Saved');
    await quiet(page, mock);
    expect(hits(mock, 'save_for_later')).toHaveLength(1);
    expect(await detailsOf(page, 'adpx-save-for-later')).toEqual([
      { current: 1, total: data.count, offer_id: 1001, url: data.offers[0]?.save_for_later_url },
    ]);
  });

  test('sends nothing when the host cancels the event', async ({ page, mock }) => {
    await page.addInitScript(() =>
      document.addEventListener('adpx-save-for-later', (event) => event.preventDefault()),
    );
    await openCards(page, mock, 'widths=720');
    const save = card(page).locator('[part~="save"]');
    await save.click();
    await expect.poll(async () => (await detailsOf(page, 'adpx-save-for-later')).length).toBe(1);
    await quiet(page, mock);
    expect(hits(mock, 'save_for_later')).toHaveLength(0);
    await expect(save).toHaveText('Save for later');
  });
});

test.describe('Privacy', () => {
  test('a visible link that emits url_clicked and opens privacy_url in a new tab', async ({
    page,
    mock,
    context,
  }) => {
    const data = await openCards(page, mock, 'widths=360');
    const link = card(page).getByRole('link', { name: 'Privacy' });
    await expect(link).toBeVisible();
    const popup = context.waitForEvent('page');
    await link.click();
    const tab = await popup;
    await tab.waitForLoadState();
    expect(tab.url()).toBe(data.privacy_url);
    expect(await detailsOf(page, 'adpx-url-clicked')).toEqual([{ target_url: data.privacy_url }]);
  });

  test('inside a native host it opens nothing in the WebView: the host gets url_clicked', async ({
    page,
    mock,
    context,
  }) => {
    await page.addInitScript(() => {
      (window as unknown as { Android: object }).Android = { adpxCallback: () => {} };
    });
    const data = await openCards(page, mock, 'widths=360');
    let opened = 0;
    context.on('page', () => (opened += 1));
    await card(page).getByRole('link', { name: 'Privacy' }).click();
    await expect.poll(async () => (await detailsOf(page, 'adpx-url-clicked')).length).toBe(1);
    // The click's handler has run (url_clicked) and the page and the mock are quiet.
    await quiet(page, mock);
    expect(opened).toBe(0);
    expect(page.url()).toContain('/card.html');
    expect(await detailsOf(page, 'adpx-url-clicked')).toEqual([{ target_url: data.privacy_url }]);
  });

  test('is absent without a privacy URL', async ({ page, mock }) => {
    await openCards(page, mock, 'widths=360&noprivacy');
    await expect(card(page).getByRole('heading')).toBeVisible();
    await expect(card(page).locator('[part~="privacy"]')).toBeHidden();
  });
});

test.describe('terms', () => {
  test('sit below the CTAs, closed in the first view, and open on request', async ({ page, mock }) => {
    await openCards(page, mock, 'widths=360');
    const terms = card(page).locator('[part~="terms"]');
    const toggle = card(page).getByRole('button', { name: 'Terms and conditions' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).not.toHaveAttribute('aria-haspopup', 'dialog');
    await expect(card(page).getByText('One free trial per household')).toBeHidden();
    const actions = await card(page).locator('[part~="actions"]').boundingBox();
    const termsBox = await terms.boundingBox();
    expect(termsBox && actions && termsBox.y > actions.y + actions.height).toBe(true);
    await toggle.click();
    await expect(card(page).getByText('One free trial per household')).toBeVisible();
  });

  test('the terms attribute selects the modal mode', async ({ page, mock }) => {
    await openCards(page, mock, 'widths=360&terms=modal');
    const toggle = card(page).getByRole('button', { name: 'Terms and conditions' });
    await expect(toggle).toHaveAttribute('aria-haspopup', 'dialog');
    await toggle.click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

test.describe('an offer given by the page as it is', () => {
  /** A page of its own (no card yet): the raw offer 1001 as the service sends it, in `window.raw`. */
  async function rawOffer(page: Page, mock: MockOffersService): Promise<void> {
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.message));
    await page.addInitScript(() => {
      const w = window as unknown as { rejections: string[] };
      w.rejections = [];
      window.addEventListener('unhandledrejection', (e) => w.rejections.push(String(e.reason)));
    });
    await page.goto(`${mock.url}/hosts/webview.html`);
    await page.evaluate(async () => {
      const answer = await fetch('/native/v2/offers.json?api_key=test-key', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ placement: 'checkout' }),
      });
      const { data } = (await answer.json()) as { data: { offers: Array<Record<string, unknown>> } };
      (window as unknown as { raw: unknown }).raw = data.offers[0];
    });
    mock.reset();
    (page as Page & { uncaught?: string[] }).uncaught = uncaught;
  }
  const uncaught = (page: Page) => (page as Page & { uncaught?: string[] }).uncaught;
  const rejections = (page: Page) =>
    page.evaluate(() => (window as unknown as { rejections: string[] }).rejections);

  test('a raw service offer (not normalised, an unsafe link in it) renders safely and counts once', async ({
    page,
    mock,
  }) => {
    await rawOffer(page, mock);
    await page.evaluate(() => {
      const raw = (window as unknown as { raw: Record<string, unknown> }).raw;
      const card = document.createElement('adpx-offer') as AdpxOfferElement;
      card.offer = { ...raw, offerwall_enabled: 1, offerwall_url: 'javascript:alert(1)' } as never;
      document.getElementById('content')?.append(card);
    });
    await expect(card(page).getByRole('heading')).toBeVisible();
    await expectHits(mock, 'pixel', 1, 1001);
    await quiet(page, mock);
    // The unsafe "More offers" link is left out.
    await expect(card(page).locator('[part~="offerwall"]')).toBeHidden();
    await expect(card(page).locator('[part~="offerwall"]')).not.toHaveAttribute('href');
    expect(hits(mock, 'pixel')).toHaveLength(1);
    expect(uncaught(page)).toEqual([]);
    expect(await rejections(page)).toEqual([]);
  });

  for (const [what, value] of [
    ['an empty object', '{}'],
    ['an offer with no click_url', 'no-click'],
    ['a JSON string', '"{\\"id\\":1001}"'],
    ['an object whose fields throw when read', 'throws'],
  ] as const) {
    test(`${what}: one error event, nothing rendered or sent, nothing thrown into the page`, async ({
      page,
      mock,
    }) => {
      await rawOffer(page, mock);
      await page.evaluate((kind) => {
        const raw = (window as unknown as { raw: Record<string, unknown> }).raw;
        const card = document.createElement('adpx-offer') as AdpxOfferElement;
        card.offer = (
          kind === 'no-click'
            ? { ...raw, click_url: 'javascript:alert(1)' }
            : kind === 'throws'
              ? new Proxy(raw, {
                  get() {
                    throw new Error('a field that throws');
                  },
                })
              : JSON.parse(kind)
        ) as never;
        document.getElementById('content')?.append(card);
      }, value);
      await expect.poll(async () => (await detailsOf(page, 'adpx-error')).length).toBe(1);
      await quiet(page, mock);
      expect(await detailsOf(page, 'adpx-error')).toEqual([
        { code: 'render', message: expect.stringMatching(/^The offer cannot be shown/) },
      ]);
      expect(await page.locator('adpx-offer').evaluate((el) => el.shadowRoot?.querySelector('*'))).toBeNull();
      expect(await events(page)).toHaveLength(1);
      expect(mock.beacons()).toEqual([]);
      expect(uncaught(page)).toEqual([]);
      expect(await rejections(page)).toEqual([]);
    });
  }
});
