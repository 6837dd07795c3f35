import type { Page } from '@playwright/test';
import type { AdpxOffersElement } from '../src/elements/adpx-offers/adpx-offers.js';
import { expect, expectHits, test } from './fixtures.js';

/**
 * Where focus goes when a unit closes (src/elements/adpx-offers/focus-return.ts): a close that focus was
 * inside sends it back where it came from (the control focused before it entered the unit) or, when
 * that is gone, to the next control after the unit; never to `<body>`. A close that focus was not
 * inside (a timeout, `close()` from the page) leaves it where it is. Test page: e2e/pages/unit-lab.html,
 * with a text field before the unit and a button after it.
 */

const unit = (page: Page) => page.locator('adpx-offers');
const cards = (page: Page) => page.locator('adpx-offers [part~="offer"]');
const overlay = (page: Page) => page.locator('adpx-offers [part~="overlay"]');
const closeButton = (page: Page) => page.locator('adpx-offers [part~="header"] [part~="close"]');

/**
 * Opens the test page and puts a text field before the unit and a button after it; waits for the
 * first card unless the page waits for its trigger.
 */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.evaluate(() => {
    const slot = document.getElementById('slot');
    const field = Object.assign(document.createElement('input'), { id: 'before-field' });
    field.setAttribute('aria-label', 'Coupon');
    const button = Object.assign(document.createElement('button'), {
      id: 'after-button',
      textContent: 'Pay',
    });
    slot?.before(field);
    slot?.after(button);
  });
  if (!url.includes('trigger')) await expect(cards(page).first()).toBeVisible();
}

/** The focused element through open shadow roots: its id, else its tag and part; `body` for none. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body) return 'body';
    return el.id || `${el.tagName.toLowerCase()}[part=${el.getAttribute('part') ?? ''}]`;
  });

/** Focuses the field before the unit, then Tabs into the unit (its first control: the header's Close). */
async function tabIn(page: Page): Promise<void> {
  await page.locator('#before-field').focus();
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('button[part=close]');
}

/** Rewrites the offers answer's settings (keeps the mock's beacon URLs). */
async function patchSettings(page: Page, settings: Record<string, unknown>): Promise<void> {
  await page.route(/\/native\/v[24]\/offers\.json/, async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { data: { settings: Record<string, unknown> } };
    Object.assign(json.data.settings, settings);
    await route.fulfill({ response, json });
  });
}

test.describe('a close that focus was inside', () => {
  for (const layout of ['inline', 'list']) {
    test(`${layout}: the header's Close sends focus back to the control focused before`, async ({
      page,
      mock,
    }) => {
      await open(page, `${mock.url}/unit-lab.html?layout=${layout}&heading=Offers`);
      await tabIn(page);
      await page.keyboard.press('Enter');
      await expect(cards(page)).toHaveCount(0);
      await expect.poll(() => focused(page)).toBe('before-field');
    });
  }

  for (const layout of ['popup', 'fullscreen']) {
    test(`${layout}: Escape sends focus back to the control focused before it opened`, async ({
      page,
      mock,
    }) => {
      await open(page, `${mock.url}/unit-lab.html?layout=${layout}&trigger`);
      await page.locator('#trigger').focus();
      await page.keyboard.press('Enter');
      await expect(overlay(page)).toBeVisible();
      await page.keyboard.press('Tab');
      expect(await focused(page)).not.toBe('trigger');
      await page.keyboard.press('Escape');
      await expect(overlay(page)).toHaveCount(0);
      await expect.poll(() => focused(page)).toBe('trigger');
    });
  }

  test('No thanks on every offer, then the end card’s Close: focus goes back', async ({ page, mock }) => {
    await open(page, `${mock.url}/unit-lab.html?heading=Offers`);
    await tabIn(page);
    for (let i = 0; i < 3; i++) {
      await cards(page).locator('[part~="decline"]').focus();
      await page.keyboard.press('Enter');
      await expectHits(mock, 'no_thanks_click', i + 1);
    }
    // The end card's Close takes focus from the card that had it (as before this change).
    await expect.poll(() => focused(page)).toBe('button[part=close]');
    await page.keyboard.press('Enter');
    await expect(page.locator('adpx-offers [part~="end"]')).toHaveCount(0);
    await expect.poll(() => focused(page)).toBe('before-field');
  });

  test('with auto_close, No thanks on the last offer closes the unit and focus goes back', async ({
    page,
    mock,
  }) => {
    await patchSettings(page, { auto_close: true });
    await open(page, `${mock.url}/unit-lab.html`);
    await page.locator('#before-field').focus();
    for (let i = 0; i < 3; i++) {
      await cards(page).locator('[part~="decline"]').focus();
      await page.keyboard.press('Enter');
      await expectHits(mock, 'no_thanks_click', i + 1);
    }
    await expect(cards(page)).toHaveCount(0);
    await expectHits(mock, 'close', 1);
    await expect.poll(() => focused(page)).toBe('before-field');
  });

  test('the control focused before is gone: focus goes to the next control after the unit', async ({
    page,
    mock,
  }) => {
    await open(page, `${mock.url}/unit-lab.html?heading=Offers`);
    await tabIn(page);
    await page.evaluate(() => document.getElementById('before-field')?.remove());
    await page.keyboard.press('Enter');
    await expect(cards(page)).toHaveCount(0);
    await expect.poll(() => focused(page)).toBe('after-button');
  });

  test('focus came from nowhere (a click into the unit): the next control after the unit', async ({
    page,
    mock,
  }) => {
    await open(page, `${mock.url}/unit-lab.html?heading=Offers`);
    await closeButton(page).click();
    await expect(cards(page)).toHaveCount(0);
    await expect.poll(() => focused(page)).toBe('after-button');
  });

  test('through shadow roots: back to a control inside another component', async ({ page, mock }) => {
    await open(page, `${mock.url}/unit-lab.html?heading=Offers`);
    await page.evaluate(() => {
      // The unit inside one component's shadow root, the control before it inside another's.
      const unitEl = document.querySelector('adpx-offers');
      const slot = document.getElementById('slot');
      if (!unitEl || !slot) return;
      const wrapper = document.createElement('div');
      wrapper.attachShadow({ mode: 'open' }).append(unitEl);
      const toolbar = document.createElement('div');
      const origin = Object.assign(document.createElement('button'), {
        id: 'shadow-origin',
        textContent: 'Apply',
      });
      toolbar.attachShadow({ mode: 'open' }).append(origin);
      slot.append(toolbar, wrapper);
    });
    await expect(cards(page).first()).toBeVisible();
    await page.locator('#shadow-origin').focus();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button[part=close]');
    await page.keyboard.press('Enter');
    await expect(cards(page)).toHaveCount(0);
    await expect.poll(() => focused(page)).toBe('shadow-origin');
  });

  test('the unit taken out of the page (a route change): focus goes back', async ({ page, mock }) => {
    await open(page, `${mock.url}/unit-lab.html?layout=popup&trigger`);
    await page.locator('#trigger').focus();
    await page.keyboard.press('Enter');
    await expect(overlay(page)).toBeVisible();
    await unit(page).evaluate((el) => el.remove());
    await expect.poll(() => focused(page)).toBe('trigger');

    await open(page, `${mock.url}/unit-lab.html?heading=Offers`);
    await tabIn(page);
    await unit(page).evaluate((el) => el.remove());
    await expect.poll(() => focused(page)).toBe('before-field');
  });

  test('max_display_time while focus is in the unit: focus goes back', async ({ page, mock }) => {
    await patchSettings(page, { max_display_time: 1 });
    await open(page, `${mock.url}/unit-lab.html?heading=Offers`);
    await tabIn(page);
    await expect(cards(page)).toHaveCount(0, { timeout: 5_000 });
    await expectHits(mock, 'close', 1);
    await expect.poll(() => focused(page)).toBe('before-field');
  });
});

test.describe('a close that focus was not inside leaves it where it is', () => {
  test('max_display_time while the page’s field has focus', async ({ page, mock }) => {
    await patchSettings(page, { max_display_time: 1 });
    await open(page, `${mock.url}/unit-lab.html?heading=Offers`);
    await page.locator('#before-field').focus();
    await page.keyboard.type('SAVE10');
    await expect(cards(page)).toHaveCount(0, { timeout: 5_000 });
    await expectHits(mock, 'close', 1);
    expect(await focused(page)).toBe('before-field');
    await page.keyboard.type('!');
    await expect(page.locator('#before-field')).toHaveValue('SAVE10!');
  });

  test('unit.close() from the page while the page’s field has focus', async ({ page, mock }) => {
    await open(page, `${mock.url}/unit-lab.html?heading=Offers`);
    // Focus was in the unit once, then moved on to the page.
    await tabIn(page);
    await page.locator('#after-button').focus();
    await unit(page).evaluate((el: AdpxOffersElement) => el.close());
    await expect(cards(page)).toHaveCount(0);
    await expectHits(mock, 'close', 1);
    expect(await focused(page)).toBe('after-button');
  });

  test('unit.close() after a click on the page’s text took focus out of the unit: nothing moves it', async ({
    page,
    mock,
  }) => {
    await open(page, `${mock.url}/unit-lab.html?heading=Offers`);
    await tabIn(page);
    await page.locator('h1').click();
    expect(await focused(page)).toBe('body');
    await unit(page).evaluate((el: AdpxOffersElement) => el.close());
    await expect(cards(page)).toHaveCount(0);
    await expectHits(mock, 'close', 1);
    // Not sent back to the field the unit was entered from: focus was not in the unit.
    expect(await focused(page)).toBe('body');
  });

  test('Adpx.close() while the page’s field has focus (launcher, inline)', async ({ page, mock }) => {
    await page.goto(
      `${mock.url}/hosts/webview.html?host=none&init=${encodeURIComponent(JSON.stringify({ settings: { target: '#content' } }))}`,
    );
    await page.evaluate(() => {
      const field = Object.assign(document.createElement('input'), { id: 'before-field' });
      field.setAttribute('aria-label', 'Coupon');
      document.getElementById('content')?.before(field);
      return window.Adpx?.show();
    });
    await expect(cards(page).first()).toBeVisible();
    await page.locator('#before-field').focus();
    await page.evaluate(() => window.Adpx?.close());
    await expect(cards(page)).toHaveCount(0);
    await expectHits(mock, 'close', 1);
    expect(await focused(page)).toBe('before-field');
  });
});
