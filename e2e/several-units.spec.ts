import type { Page } from '@playwright/test';
import { ADPX_EVENT_NAMES, domEventName } from '../src/events/adpx-event.js';
import { expect, expectHits, hits, test } from './fixtures.js';

/**
 * Several units on one page (issue 14 item 3): two plain `<adpx-offers>` with their own placements
 * and the `window.Adpx` popup. Each loads, counts, reports and closes on its own; the service sees
 * one `adpx_fp` for all. Asserted on the mock service's request and beacon record.
 */

type Heard = { type: string; target: string; reason?: string };

/** Every `adpx-*` event the document hears, with the placement of the unit it came from. */
async function listen(page: Page): Promise<void> {
  await page.addInitScript((names: string[]) => {
    const heard: Heard[] = [];
    (window as unknown as { heard: Heard[] }).heard = heard;
    for (const name of names) {
      document.addEventListener(name, (event) => {
        const target =
          event.target instanceof Element ? (event.target.getAttribute('placement') ?? '?') : '?';
        const reason = (event as CustomEvent<{ reason?: string }>).detail?.reason;
        heard.push({ type: event.type, target, ...(reason ? { reason } : {}) });
      });
    }
  }, ADPX_EVENT_NAMES.map(domEventName));
}

const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: Heard[] }).heard);
const unit = (page: Page, placement: string) => page.locator(`adpx-offers[placement="${placement}"]`);
const sessionOf = (page: Page, placement: string) =>
  unit(page, placement).evaluate(
    (el) => (el as HTMLElement & { response?: { session_id?: string } }).response?.session_id,
  );

test('two plain units and the window.Adpx popup load, count, report and close independently, with one adpx_fp', async ({
  page,
  mock,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await listen(page);
  await page.goto(`${mock.url}/several-units.html`);

  // Two independent loads, each shown and counted once.
  for (const placement of ['checkout', 'confirmation']) {
    await expect(unit(page, placement).locator('[part~="offer"]').getByRole('heading').first()).toBeVisible();
  }
  await expectHits(mock, 'pixel', 2);

  // window.Adpx beside them: its own unit (a popup), its own load, its own callback.
  await page.evaluate((endpoint) => {
    const w = window as unknown as { calls: string[] };
    w.calls = [];
    return window.Adpx?.init({
      accountId: 'test-key',
      endpoint,
      placement: 'popup-offers',
      autoShow: true,
      callback: (event) => w.calls.push(event),
    });
  }, mock.url);
  const popup = unit(page, 'popup-offers');
  await expect(popup.locator('[part~="offer"]').getByRole('heading').first()).toBeVisible();
  await expectHits(mock, 'pixel', 3);

  const sessions = {
    checkout: await sessionOf(page, 'checkout'),
    confirmation: await sessionOf(page, 'confirmation'),
    popup: await sessionOf(page, 'popup-offers'),
  };
  expect(new Set(Object.values(sessions)).size).toBe(3);
  expect(
    hits(mock, 'pixel')
      .map((p) => p.sessionId)
      .sort(),
  ).toEqual(Object.values(sessions).sort());

  // Closing one closes only that one: the popup (close button), the checkout unit (close button),
  // then the confirmation unit leaves the page (removed).
  await popup.getByRole('button', { name: 'Close' }).first().click();
  await expectHits(mock, 'close', 1);
  expect(hits(mock, 'close')[0]?.sessionId).toBe(sessions.popup);
  await expect(unit(page, 'checkout').locator('[part~="offer"]')).toHaveCount(1);
  await unit(page, 'checkout').getByRole('button', { name: 'Close' }).first().click();
  await expectHits(mock, 'close', 2);
  expect(hits(mock, 'close')[1]?.sessionId).toBe(sessions.checkout);
  await expect(unit(page, 'confirmation').locator('[part~="offer"]')).toHaveCount(1);
  await unit(page, 'confirmation').evaluate((el) => el.remove());
  await expectHits(mock, 'close', 3);
  expect(hits(mock, 'close')[2]?.sessionId).toBe(sessions.confirmation);

  // The service saw three requests, one per placement, all with the same adpx_fp — the one stored.
  const requests = mock.requests();
  expect(requests.map((r) => (r.body as { placement?: string }).placement).sort()).toEqual([
    'checkout',
    'confirmation',
    'popup-offers',
  ]);
  const fingerprints = new Set(requests.map((r) => (r.body as { adpx_fp?: string }).adpx_fp));
  expect(fingerprints.size).toBe(1);
  const stored = await page.evaluate(() => localStorage.getItem('adpx_fp'));
  expect(stored).toMatch(/^[a-z0-9]{16,}$/);
  expect([...fingerprints]).toEqual([stored]);

  // Every event came from its own unit: one of each per unit, the closes with their own reasons.
  const log = await heard(page);
  for (const type of ['adpx-ads-found', 'adpx-offer-shown', 'adpx-impression']) {
    expect(
      log
        .filter((e) => e.type === type)
        .map((e) => e.target)
        .sort(),
    ).toEqual(['checkout', 'confirmation', 'popup-offers']);
  }
  // The removed unit's closed_ads fires on the detached element: the document does not hear it.
  expect(log.filter((e) => e.type === 'adpx-closed-ads')).toEqual([
    { type: 'adpx-closed-ads', target: 'popup-offers', reason: 'user' },
    { type: 'adpx-closed-ads', target: 'checkout', reason: 'user' },
  ]);
  // window.Adpx reports its own unit's events only.
  const calls = await page.evaluate(() => (window as unknown as { calls: string[] }).calls);
  expect(calls.filter((c) => c === 'ads_found')).toHaveLength(1);
  expect(calls.filter((c) => c === 'impression')).toHaveLength(1);
  expect(calls.filter((c) => c === 'closed_ads')).toHaveLength(1);
  expect(errors).toEqual([]);
});
