/**
 * The launcher's `settings` and `styles` keys (src/script-api/launcher-options.ts) as a person sees
 * them: header colours and size, button colours (hover included), the offers' font, the close
 * button's delay, backdrop dismissal, the offer wall, embedded options, screen margins — and a
 * debug line for each refused or unknown key. Waits for states, never for time.
 */
import type { Page } from '@playwright/test';
import { animationsSettled, events, expect, recordEvents, test } from './fixtures.js';

/** The WebView stand-in, with `Adpx.init({ accountId: 'test-key', endpoint, autoShow: true, ...init })`. */
function launcherPage(base: string, init: object): string {
  const query = new URLSearchParams({ host: 'none', init: JSON.stringify({ autoShow: true, ...init }) });
  return `${base}/hosts/webview.html?${query}`;
}

const unit = (page: Page) => page.locator('adpx-offers');
const card = (page: Page) => page.locator('adpx-offers [part~="offer"]').first();

function computed(page: Page, selector: string, property: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((el, name) => getComputedStyle(el).getPropertyValue(name), property);
}

test.describe('launcher styles', () => {
  test('styles.header: background, text colour, font size and text', async ({ page, mock }) => {
    await page.goto(
      launcherPage(mock.url, {
        styles: {
          header: { text: 'Picked for you', background: '#0b1937', textColor: '#ffcc00', fontSize: 22 },
        },
      }),
    );
    const header = 'adpx-offers [part~="header"]';
    await expect(page.locator(header)).toBeVisible();
    await expect(page.locator(header).getByText('Picked for you')).toBeVisible();
    expect(await computed(page, header, 'background-color')).toBe('rgb(11, 25, 55)');
    expect(await computed(page, header, 'color')).toBe('rgb(255, 204, 0)');
    expect(await computed(page, 'adpx-offers .heading', 'font-size')).toBe('22px');
    // The close button in the header takes the header's text colour.
    expect(await computed(page, 'adpx-offers [part~="header"] [part~="close"]', 'color')).toBe(
      'rgb(255, 204, 0)',
    );
  });

  test('without styles.header the header keeps the unit’s look', async ({ page, mock }) => {
    await page.goto(launcherPage(mock.url, { styles: { header: { text: 'Picked for you' } } }));
    await expect(page.locator('adpx-offers [part~="header"]')).toBeVisible();
    expect(await computed(page, 'adpx-offers [part~="header"]', 'background-color')).toBe('rgba(0, 0, 0, 0)');
    expect(await computed(page, 'adpx-offers .heading', 'font-size')).toBe('16px');
  });

  test('styles.offerText: buttons (hover included), font, text size and colour', async ({ page, mock }) => {
    await page.goto(
      launcherPage(mock.url, {
        styles: {
          offerText: {
            font: 'Georgia, serif',
            fontSize: 20,
            textColor: '#333333',
            buttonYes: { background: '#008000', color: '#ffff00', hover: '#004000', stroke: '#002000' },
            buttonNo: { background: '#eeeeee', color: '#aa0000', hover: '#cccccc', stroke: '#aa0000' },
          },
        },
      }),
    );
    const accept = card(page).locator('[part~="accept"]');
    const decline = card(page).locator('[part~="decline"]');
    await expect(accept).toBeVisible();
    await animationsSettled(page);
    const look = (locator: typeof accept) =>
      locator.evaluate((el) => {
        const style = getComputedStyle(el);
        return [style.backgroundColor, style.color, style.borderTopColor];
      });
    expect(await look(accept)).toEqual(['rgb(0, 128, 0)', 'rgb(255, 255, 0)', 'rgb(0, 32, 0)']);
    expect(await look(decline)).toEqual(['rgb(238, 238, 238)', 'rgb(170, 0, 0)', 'rgb(170, 0, 0)']);
    await accept.hover();
    await expect.poll(async () => (await look(accept))[0]).toBe('rgb(0, 64, 0)');
    await decline.hover();
    await expect.poll(async () => (await look(decline))[0]).toBe('rgb(204, 204, 204)');
    await expect.poll(async () => (await look(accept))[0]).toBe('rgb(0, 128, 0)');
    const description = card(page).locator('.description').first();
    expect(await description.evaluate((el) => getComputedStyle(el).fontSize)).toBe('20px');
    expect(await description.evaluate((el) => getComputedStyle(el).fontFamily)).toBe('Georgia, serif');
    expect(await description.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(51, 51, 51)');
  });

  test('the page’s own --adpx-accept-background still wins over the launcher’s', async ({ page, mock }) => {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = 'adpx-offers { --adpx-accept-background: rgb(1, 2, 3); }';
        document.head.append(style);
      });
    });
    await page.goto(
      launcherPage(mock.url, { styles: { offerText: { buttonYes: { background: '#008000' } } } }),
    );
    const accept = card(page).locator('[part~="accept"]');
    await expect(accept).toBeVisible();
    await expect
      .poll(() => accept.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(1, 2, 3)');
  });
});

test.describe('launcher settings', () => {
  test('close_delay: the close button appears only after the unit was shown', async ({ page, mock }) => {
    // At the first offer_shown event: is the header's close button there?
    await page.addInitScript(() => {
      const w = window as unknown as { hiddenAtShow?: boolean };
      document.addEventListener('adpx-offer-shown', () => {
        const root = document.querySelector('adpx-offers')?.shadowRoot;
        w.hiddenAtShow ??= !root?.querySelector('[part~="header"] [part~="close"]')?.checkVisibility();
      });
    });
    await page.goto(launcherPage(mock.url, { settings: { close_delay: 1 } }));
    const close = page.locator('adpx-offers [part~="header"] [part~="close"]');
    await expect(close).toBeVisible();
    await expect(unit(page)).toHaveAttribute('close-delay', '1000');
    expect(await page.evaluate(() => (window as unknown as { hiddenAtShow?: boolean }).hiddenAtShow)).toBe(
      true,
    );
  });

  test('close_ad_on_click_outside: a click on the backdrop closes the popup', async ({ page, mock }) => {
    await recordEvents(page);
    await page.goto(launcherPage(mock.url, { settings: { close_ad_on_click_outside: true } }));
    await expect(card(page)).toBeVisible();
    await expect(unit(page)).toHaveAttribute('backdrop-dismiss', '');
    await animationsSettled(page);
    await page.mouse.click(3, 3);
    await expect(card(page)).toHaveCount(0);
    const closed = (await events(page)).filter((e) => e.type === 'adpx-closed-ads');
    expect(closed.map((e) => e.detail)).toEqual([{ reason: 'user' }]);
  });

  test('enable_offerwall: true keeps More Offers, false removes it', async ({ page, mock }) => {
    await page.goto(launcherPage(mock.url, { settings: { enable_offerwall: true } }));
    await expect(card(page).locator('[part~="offerwall"]')).toBeVisible();
    await page.goto(launcherPage(mock.url, { settings: { enable_offerwall: false } }));
    await expect(card(page).locator('[part~="accept"]')).toBeVisible();
    await expect(card(page).locator('[part~="offerwall"]')).toBeHidden();
  });

  test('embedded: a list in the target, without header, with multi_offer_unit and showHeader false', async ({
    page,
    mock,
  }) => {
    await page.goto(`${mock.url}/hosts/webview.html?host=none`);
    await page.evaluate((endpoint) => {
      const slot = document.createElement('section');
      slot.id = 'slot';
      document.body.append(slot);
      return window.Adpx?.init({
        accountId: 'test-key',
        endpoint,
        autoShow: true,
        settings: {
          multi_offer_unit: true,
          embedded: { enabled: true, targetElement: '#slot', showHeader: false },
        },
        styles: { header: { text: 'Not shown' } },
      });
    }, mock.url);
    const inSlot = page.locator('#slot > adpx-offers');
    await expect(inSlot).toHaveAttribute('layout', 'list');
    await expect(page.locator('#slot [part~="offer"]')).toHaveCount(3);
    await expect(inSlot.locator('[part~="header"]')).toBeHidden();
    await expect(inSlot.locator('[part~="close"]')).toBeHidden();
  });

  test('screen_margin: the popup keeps that percentage from each edge', async ({ page, mock }) => {
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto(launcherPage(mock.url, { settings: { screen_margin: 10 } }));
    await expect(card(page)).toBeVisible();
    // Landscape: 10% of the height on every side.
    await expect
      .poll(() => page.locator('adpx-offers .overlay').evaluate((el) => getComputedStyle(el).paddingTop))
      .toBe('80px');
    await animationsSettled(page);
    const box = await page.locator('adpx-offers .box').first().boundingBox();
    expect(box?.y ?? 0).toBeGreaterThanOrEqual(80);
  });

  test('each refused and each unknown key logs a debug line; the unit still shows', async ({
    page,
    mock,
  }) => {
    const lines: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'debug' && message.text().startsWith('[adpx] ')) lines.push(message.text());
    });
    await page.goto(
      launcherPage(mock.url, {
        debug: true,
        settings: {
          ad_animation: 'slide',
          open_overlay_offerwall: true,
          privacy_policy: 'https://example.com/privacy',
          show_disclaimer: false,
          embedded: { fill_container: true, showFooter: false },
          delay: 'soon',
          mystery: 1,
        },
      }),
    );
    await expect(card(page)).toBeVisible();
    const refused = [
      'settings.embedded.fill_container',
      'settings.embedded.showFooter',
      'settings.ad_animation',
      'settings.open_overlay_offerwall',
      'settings.privacy_policy',
      'settings.show_disclaimer',
    ];
    for (const key of refused)
      expect(lines).toContainEqual(expect.stringMatching(`^\\[adpx\\] ${key}: refused, `));
    expect(lines).toContain('[adpx] settings.delay: "soon" is not valid, ignored');
    expect(lines).toContain('[adpx] settings.mystery: unknown key, ignored');
  });
});
