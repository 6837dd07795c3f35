import type { BrowserContext, Page } from '@playwright/test';
import type { BeaconHit, MockOffersService } from '../src/server/mock/index.js';
import { debugLines, expect, expectHits, quiet, test, watchFetches } from './fixtures.js';

/**
 * No impression lost to a bad network (decision 015): beacons that could not be delivered while
 * the browser was offline (Playwright's `setOffline`, Chromium) are kept and arrive at the mock
 * exactly once when the network returns, when the site is opened again, and from one tab only.
 * Asserted on what the mock received, by the session (`s`) of the load that fired them.
 */

/** Beacon counts of one load (its session id), by kind. */
function countsOf(mock: MockOffersService, session: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const b of mock.beacons().filter((hit: BeaconHit) => hit.sessionId === session))
    out[b.kind] = (out[b.kind] ?? 0) + 1;
  return out;
}

function annotate(step: string, counts: Record<string, number>): void {
  test.info().annotations.push({ type: 'beacons', description: `${step}: ${JSON.stringify(counts)}` });
}

/** The session id of the unit's load, as its beacon URLs carry it. */
function sessionOf(page: Page): Promise<string> {
  return page
    .locator('adpx-offers')
    .evaluate(
      (el) => (el as HTMLElement & { response?: { session_id?: string } }).response?.session_id ?? '',
    );
}

/** Opens unit.html with the card below the fold: loaded (online), nothing counted yet. */
async function openBelowTheFold(page: Page, mock: MockOffersService, query = ''): Promise<string> {
  await watchFetches(page);
  await page.goto(`${mock.url}/unit.html?before=3000&debug${query}`);
  await expect(page.locator('adpx-offers [part~="offer"]').first()).toBeAttached();
  await quiet(page, mock);
  return sessionOf(page);
}

async function scrollCardIntoView(page: Page): Promise<void> {
  await page.locator('adpx-offers [part~="offer"]').first().scrollIntoViewIfNeeded();
}

/** Waits for the debug line saying a beacon of `kind` was kept (code B1 or B2). */
async function keptLogged(lines: string[], kind: string, count = 1): Promise<void> {
  const pattern = new RegExp(`\\] B[12] \\S*/beacon/${kind}/`);
  await expect
    .poll(() => lines.filter((l) => pattern.test(l)).length, { message: `${count} kept ${kind}` })
    .toBe(count);
}

/** The keys of ours, anywhere a page can keep something: Web Storage and IndexedDB. */
function storedKeys(page: Page): Promise<{ local: string[]; session: string[]; databases: string[] }> {
  return page.evaluate(async () => ({
    local: Object.keys(localStorage).filter((k) => k.startsWith('adpx:')),
    session: Object.keys(sessionStorage).filter((k) => k.startsWith('adpx:')),
    databases: (await indexedDB.databases()).map((d) => d.name ?? ''),
  }));
}

/**
 * Opens the unit below the fold, goes offline and scrolls its card into view: the card's pixel and
 * adv pixel are kept, not sent. Returns the session.
 */
async function displayedOffline(
  page: Page,
  context: BrowserContext,
  mock: MockOffersService,
  lines: string[],
): Promise<string> {
  const session = await openBelowTheFold(page, mock);
  await context.setOffline(true);
  await scrollCardIntoView(page);
  await keptLogged(lines, 'pixel');
  await keptLogged(lines, 'adv_pixel');
  return session;
}

test.describe('offline, then back online', () => {
  test('a display, a No thanks and a close while offline: each arrives once when the network returns', async ({
    page,
    context,
    mock,
  }) => {
    const lines = debugLines(page);
    const session = await displayedOffline(page, context, mock, lines);
    await page.locator('[part~="decline"]').click();
    await keptLogged(lines, 'no_thanks_click');
    // The next offer shows and counts, offline too.
    await keptLogged(lines, 'pixel', 2);
    await page.locator('adpx-offers [part~="close"]').first().click();
    await keptLogged(lines, 'close');
    expect(countsOf(mock, session)).toEqual({});
    expect((await storedKeys(page)).local).toHaveLength(6);

    await context.setOffline(false);
    await expectHits(mock, 'close', 1);
    await expectHits(mock, 'pixel', 2);
    await quiet(page, mock);
    const counts = countsOf(mock, session);
    annotate('offline display, No thanks, close; then online', counts);
    expect(counts).toEqual({ pixel: 2, adv_pixel: 2, no_thanks_click: 1, close: 1 });
    expect((await storedKeys(page)).local).toEqual([]);

    // The site opened again: a new load, nothing of the first sent twice.
    await page.reload();
    await expect(page.locator('adpx-offers [part~="offer"]').first()).toBeAttached();
    await quiet(page, mock);
    expect(countsOf(mock, session)).toEqual(counts);
  });

  test('a page closed while offline, then the site opened again: the kept beacons arrive once', async ({
    context,
    mock,
  }) => {
    const page = await context.newPage();
    const lines = debugLines(page);
    const session = await displayedOffline(page, context, mock, lines);
    // Closed while offline: the close of pagehide cannot leave either; it is kept at once.
    const closed = page.waitForEvent('close');
    await page.close({ runBeforeUnload: true });
    await closed;
    await context.setOffline(false);
    expect(countsOf(mock, session)).toEqual({});

    const again = await context.newPage();
    await watchFetches(again);
    await again.goto(`${mock.url}/unit.html`);
    await expectHits(mock, 'close', 1);
    await expect.poll(() => countsOf(mock, session)).toEqual({ pixel: 1, adv_pixel: 1, close: 1 });
    await quiet(again, mock);
    // Opened once more: nothing of the first page again.
    await again.reload();
    await quiet(again, mock);
    const counts = countsOf(mock, session);
    annotate('closed offline, opened again twice', counts);
    expect(counts).toEqual({ pixel: 1, adv_pixel: 1, close: 1 });
    expect((await storedKeys(again)).local.filter((k) => k.startsWith('adpx:beacon:'))).toEqual([]);
  });

  test('two tabs see the network return: each kept beacon is sent by one of them only', async ({
    context,
    mock,
  }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    const lines = debugLines(first);
    const session = await openBelowTheFold(first, mock);
    await openBelowTheFold(second, mock);
    await context.setOffline(true);
    await scrollCardIntoView(first);
    await keptLogged(lines, 'pixel');
    await keptLogged(lines, 'adv_pixel');
    // Both tabs get `online` at once and both ask for the stored beacons.
    await context.setOffline(false);
    await expectHits(mock, 'pixel', 1);
    await quiet(first, mock);
    await quiet(second, mock);
    const counts = countsOf(mock, session);
    annotate('two tabs online at once', counts);
    expect(counts).toEqual({ pixel: 1, adv_pixel: 1 });
  });
});

test.describe('consent refuses storage', () => {
  test.beforeEach(async ({ page }) => {
    // Global Privacy Control: storage refused whatever else the page says (decision 008).
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
  });

  test('kept in the page only: nothing written; sent when the network returns, lost with the page', async ({
    page,
    context,
    mock,
  }) => {
    const lines = debugLines(page);
    const session = await displayedOffline(page, context, mock, lines);
    expect(await storedKeys(page)).toEqual({ local: [], session: [], databases: [] });
    await context.setOffline(false);
    await expectHits(mock, 'adv_pixel', 1);
    await quiet(page, mock);
    expect(countsOf(mock, session)).toEqual({ pixel: 1, adv_pixel: 1 });

    // Offline again: a No thanks is kept in memory only, and goes with the page.
    await context.setOffline(true);
    await page.locator('[part~="decline"]').click();
    await keptLogged(lines, 'no_thanks_click');
    expect(await storedKeys(page)).toEqual({ local: [], session: [], databases: [] });
    // Closed, not navigated away: a navigation leaves the old document alive in its renderer for a
    // moment, where the `online` below could still reach it (seen once in CI). Closing waits for it.
    await page.close();
    await context.setOffline(false);
    const next = await context.newPage();
    await watchFetches(next);
    await next.goto(`${mock.url}/unit.html`);
    await expect(next.locator('adpx-offers [part~="offer"]').first()).toBeAttached();
    await quiet(next, mock);
    const counts = countsOf(mock, session);
    annotate('storage refused: online again, then closed offline and opened again', counts);
    expect(counts).toEqual({ pixel: 1, adv_pixel: 1 });
    expect(await storedKeys(next)).toEqual({ local: [], session: [], databases: [] });
  });
});
