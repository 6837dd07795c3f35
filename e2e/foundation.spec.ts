import type { Page } from '@playwright/test';
import {
  debugLines,
  events,
  expect,
  expectHits,
  hits,
  quiet,
  recordEvents,
  test,
  watchFetches,
} from './fixtures.js';

const card = (page: Page) => page.locator('adpx-offers [part~="offer"]');

test.beforeEach(({ page }) => watchFetches(page));

test.describe('one offer end to end', () => {
  test.beforeEach(async ({ page }) => recordEvents(page));

  test('the first offer fires its pixel and adv pixel once when visible', async ({ page, mock }) => {
    await page.goto(`${mock.url}/unit.html`);
    await expect(card(page).getByRole('heading')).toBeVisible();
    const first = mock.requests()[0];
    expect(first?.path).toBe('/native/v2/offers.json');
    await expectHits(mock, 'pixel', 1);
    await expectHits(mock, 'adv_pixel', 1);
    await quiet(page, mock);
    expect(hits(mock, 'pixel')).toHaveLength(1);
    const shown = (await events(page)).filter((e) => e.type === 'adpx-impression');
    expect(shown).toHaveLength(1);
    expect(shown[0]?.detail).toMatchObject({ current: 1, total: 3 });
    expect(hits(mock, 'pixel')[0]?.offerId).toBe((shown[0]?.detail as { offer_id: number }).offer_id);
  });

  test('an offer below the fold fires no pixel until scrolled into view, then exactly one', async ({
    page,
    mock,
  }) => {
    const lines = debugLines(page);
    await page.goto(`${mock.url}/unit.html?before=3000&debug`);
    await expect(card(page).getByRole('heading')).toHaveCount(1);
    // The card was measured below the fold and the rule said no: the moment a pixel would have gone.
    await expect.poll(() => lines.some((line) => line.includes('rule does not hold'))).toBe(true);
    await quiet(page, mock);
    expect(hits(mock, 'pixel')).toHaveLength(0);
    await card(page).scrollIntoViewIfNeeded();
    await expectHits(mock, 'pixel', 1);
    await page.mouse.wheel(0, -4000);
    await expect(card(page)).not.toBeInViewport();
    await quiet(page, mock);
    await card(page).scrollIntoViewIfNeeded();
    await expect(card(page)).toBeInViewport();
    await quiet(page, mock);
    expect(hits(mock, 'pixel')).toHaveLength(1);
  });

  test('the negative CTA fires no_thanks_click and shows the next offer, whose pixel fires', async ({
    page,
    mock,
  }) => {
    await page.goto(`${mock.url}/unit.html`);
    const heading = card(page).getByRole('heading');
    await expect(heading).toBeVisible();
    await expectHits(mock, 'pixel', 1);
    const firstTitle = await heading.textContent();
    const firstId = hits(mock, 'pixel')[0]?.offerId;
    await card(page).locator('[part~="decline"]').click();
    await expectHits(mock, 'no_thanks_click', 1, firstId);
    await expect(heading).not.toHaveText(firstTitle ?? '');
    await expectHits(mock, 'pixel', 2);
    expect(new Set(hits(mock, 'pixel').map((h) => h.offerId)).size).toBe(2);
    const types = (await events(page)).map((e) => e.type);
    expect(types.filter((t) => t === 'adpx-ad-not-taken')).toHaveLength(1);
  });

  test('the close button fires the close beacon once and closed_ads', async ({ page, mock }) => {
    await page.goto(`${mock.url}/unit.html`);
    await expectHits(mock, 'pixel', 1);
    await page.getByRole('button', { name: 'Close' }).click();
    await expectHits(mock, 'close', 1);
    await expect(card(page)).toHaveCount(0);
    await page.evaluate(() => document.querySelector('adpx-offers')?.close());
    await quiet(page, mock);
    expect(hits(mock, 'close')).toHaveLength(1);
    const closed = (await events(page)).filter((e) => e.type === 'adpx-closed-ads');
    expect(closed[0]?.detail).toEqual({ reason: 'user' });
  });

  test('the end of the offers fires close once and ends the flow', async ({ page, mock }) => {
    await page.goto(`${mock.url}/unit.html`);
    for (let i = 0; i < 3; i++) {
      await expectHits(mock, 'pixel', i + 1);
      await card(page).locator('[part~="decline"]').click();
    }
    await expectHits(mock, 'close', 1);
    await expectHits(mock, 'no_thanks_click', 3);
    const closed = (await events(page)).filter((e) => e.type === 'adpx-closed-ads');
    expect(closed).toEqual([{ type: 'adpx-closed-ads', detail: { reason: 'flow_end' } }]);
  });

  test('the positive CTA fires ad_taken and url_clicked and opens the click URL in a new tab', async ({
    page,
    mock,
    context,
  }) => {
    await page.goto(`${mock.url}/unit.html`);
    await expectHits(mock, 'pixel', 1);
    const popup = context.waitForEvent('page');
    await card(page).locator('[part~="accept"]').click();
    const tab = await popup;
    await tab.waitForLoadState();
    expect(tab.url()).toContain('/landing');
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await expectHits(mock, 'click', 1);
    const types = (await events(page)).map((e) => e.type);
    expect(types).toContain('adpx-ad-taken');
    const clicked = (await events(page)).find((e) => e.type === 'adpx-url-clicked');
    expect((clicked?.detail as { target_url: string }).target_url).toContain('/click/');
  });

  test('the display and tracking sequence in the spec’s order, ending with a positive CTA on the last offer', async ({
    page,
    mock,
    context,
  }) => {
    // The spec's sequence: each offer's pixel (and adv pixel) when it is seen; a negative CTA GETs
    // no_thanks_click, then the next offer; a positive CTA redirects to click_url (step 3); the end
    // of the flow then GETs the close beacon (step 5). A host that tears down on closed_ads must
    // already have had last_ad_taken and url_clicked.
    const lines = debugLines(page);
    await page.goto(`${mock.url}/unit.html?debug`);
    for (let i = 0; i < 2; i++) {
      await expectHits(mock, 'pixel', i + 1);
      await card(page).locator('[part~="decline"]').click();
    }
    await expectHits(mock, 'pixel', 3);
    const [a, b, c] = hits(mock, 'pixel').map((hit) => hit.offerId);
    const popup = context.waitForEvent('page');
    await card(page).locator('[part~="accept"]').click();
    await (await popup).waitForLoadState();
    await expectHits(mock, 'click', 1, c);
    await expectHits(mock, 'close', 1);
    const order = ['adpx-ad-taken', 'adpx-last-ad-taken', 'adpx-url-clicked', 'adpx-closed-ads'];
    const types = (await events(page)).map((e) => e.type).filter((type) => order.includes(type));
    expect(types).toEqual(order);
    // What the SDK sent, in the order it sent it: its debug lines (the mock sees separate connections).
    const sent = () =>
      lines.flatMap((line) => {
        if (line.startsWith('[adpx] C3 ')) return ['click_url opened'];
        const beacon = /^\[adpx\] beacon (\w+) of offer (\d+): GET /.exec(line);
        return beacon ? [`${beacon[1]} ${beacon[2]}`] : [];
      });
    const expected = [
      ...[a, b].flatMap((id) => [`pixel ${id}`, `adv_pixel ${id}`, `no_thanks_click ${id}`]),
      `pixel ${c}`,
      `adv_pixel ${c}`,
      'click_url opened',
      `close ${c}`,
    ];
    await expect.poll(sent).toEqual(expected);
    await quiet(page, mock);
    expect(hits(mock, 'close')).toHaveLength(1);
  });

  test('a navigation right after the impression still delivers the pixel', async ({ page, mock }) => {
    await page.addInitScript(() => {
      document.addEventListener('adpx-impression', () => {
        location.href = '/landing?left=1';
      });
    });
    await page.goto(`${mock.url}/unit.html`);
    await page.waitForURL(/left=1/);
    await expectHits(mock, 'pixel', 1);
    await expectHits(mock, 'adv_pixel', 1);
  });

  test('the service receives the fetch operation as the spec has it: POST, JSON, api_key and options', async ({
    page,
    mock,
  }) => {
    const query = 'api-version=v4&loyaltyboost=2&creative=1&campaign-id=502';
    await page.goto(`${mock.url}/unit.html?${query}`);
    await expect(card(page).getByRole('heading')).toBeVisible();
    const requests = mock.requests();
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.path).toBe('/native/v4/offers.json');
    expect(request?.contentType).toMatch(/^application\/json\b/);
    expect(request?.query).toEqual({
      api_key: 'test-key',
      loyaltyboost: '2',
      creative: '1',
      campaignId: '502',
    });
    const userAgent = await page.evaluate(() => navigator.userAgent);
    expect(request?.body).toMatchObject({ placement: 'checkout', ua: userAgent });
    expect((request?.body as { adpx_fp?: string }).adpx_fp).toMatch(/^[A-Za-z0-9]+$/);
    expect(request?.body).not.toHaveProperty('api_key');
    // The service's answer honours the filters: campaign 502's loyalty-boost offers with a creative.
    await expectHits(mock, 'pixel', 1, 1002);
  });

  test('a loyaltyboost or creative value outside the spec is refused before sending', async ({
    page,
    mock,
  }) => {
    for (const query of ['loyaltyboost=3', 'creative=2']) {
      await page.goto(`${mock.url}/unit.html?${query}`);
      await expect
        .poll(async () => (await events(page)).find((e) => e.type === 'adpx-error')?.detail)
        .toMatchObject({ code: 'invalid_request' });
    }
    await quiet(page, mock);
    expect(mock.requests()).toHaveLength(0);
    await expect(card(page)).toHaveCount(0);
  });

  test('a load error renders nothing and fires error with the service message', async ({ page, mock }) => {
    await page.goto(`${mock.url}/unit.html?key=wrong`);
    await expect.poll(async () => (await events(page)).find((e) => e.type === 'adpx-error')).toBeTruthy();
    const error = (await events(page)).find((e) => e.type === 'adpx-error');
    expect(error?.detail).toMatchObject({ code: 'http', status: 401 });
    expect((error?.detail as { message: string }).message).toMatch(/key/i);
    await expect(card(page)).toHaveCount(0);
    expect(mock.beacons()).toHaveLength(0);
  });

  test('loading the script twice does not throw', async ({ page, mock }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${mock.url}/unit.html`);
    await page.addScriptTag({ url: '/dist/adpx-offers.iife.js' });
    await expect(card(page).getByRole('heading')).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('script tag that does not block the page', () => {
  test('with defer, a unit in the markup upgrades when the script runs and counts once', async ({
    page,
    mock,
  }) => {
    await page.goto(`${mock.url}/deferred.html`);
    expect(
      await page.evaluate(() => (window as unknown as { definedBeforeParse: boolean }).definedBeforeParse),
    ).toBe(false);
    await expect(card(page).getByRole('heading')).toBeVisible();
    await expectHits(mock, 'pixel', 1);
    await quiet(page, mock);
    expect(hits(mock, 'pixel')).toHaveLength(1);
  });

  test("with async, Adpx.init from the tag's load event shows the unit and counts once", async ({
    page,
    mock,
  }) => {
    await page.goto(`${mock.url}/async-api.html`);
    await expect(card(page).getByRole('heading')).toBeVisible();
    await expectHits(mock, 'pixel', 1);
    await quiet(page, mock);
    expect(hits(mock, 'pixel')).toHaveLength(1);
  });
});
