import type { Page } from '@playwright/test';
import type { AdpxOffersElement } from '../src/elements/adpx-offers/adpx-offers.js';
import {
  animationsSettled,
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

/**
 * The unit's layouts, flow, response styles and settings, against the mock service. Beacons are
 * asserted on what the mock received. Test page: e2e/pages/unit-lab.html (options in its comment).
 */

const lab = (query = '') => `/unit-lab.html${query ? `?${query}` : ''}`;
const unit = (page: Page) => page.locator('adpx-offers');
const cards = (page: Page) => page.locator('adpx-offers [part~="offer"]');
const overlay = (page: Page) => page.locator('adpx-offers [part~="overlay"]');
const box = (page: Page) => page.locator('adpx-offers [part~="dialog"]');
const progress = (page: Page) => page.locator('adpx-offers [part~="progress"]');
const headline = (page: Page) => cards(page).getByRole('heading');

/** Rewrites the offers answer (keeps the mock's beacon URLs): settings and styles patched. */
async function patchResponse(
  page: Page,
  patch: { settings?: Record<string, unknown>; styles?: Record<string, unknown> },
): Promise<void> {
  await page.route(/\/native\/v[24]\/offers\.json/, async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as {
      data: { settings: Record<string, unknown>; styles: Record<string, unknown> };
    };
    Object.assign(json.data.settings, patch.settings);
    Object.assign(json.data.styles, patch.styles);
    await route.fulfill({ response, json });
  });
}

const closedReasons = async (page: Page) =>
  (await events(page)).filter((e) => e.type === 'adpx-closed-ads').map((e) => e.detail);

/** Scrolls the window by `dy` and waits for the position it lands on (the page's ends stop it). */
async function scrollStep(page: Page, dy: number): Promise<void> {
  const target = await page.evaluate((by) => {
    const max = document.documentElement.scrollHeight - innerHeight;
    const to = Math.max(0, Math.min(max, scrollY + by));
    scrollBy(0, by);
    return to;
  }, dy);
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(target);
}

/**
 * Records in the page when each of these events first fired (`performance.now()`), in `window.at`.
 * Captured at the window, before any listener of the unit: the time taken can only be at or before
 * the unit's own (a busy machine can pause the page between two listeners).
 */
async function stampEvents(page: Page, types: string[]): Promise<void> {
  await page.addInitScript((names: string[]) => {
    const at: Record<string, number> = {};
    (window as unknown as { at: typeof at }).at = at;
    for (const type of names)
      window.addEventListener(type, () => (at[type] ??= performance.now()), { capture: true });
  }, types);
}

/**
 * Waits until `ms` have passed since the event first fired, by the page's own clock: for checks of
 * a duration ("not yet", "not again"), where the behaviour under test is a timer of the page's.
 * Polled, so a slow machine waits longer, never shorter; `quiet` afterwards lets a timer that came
 * due in that time run and send what it sends.
 */
async function pageClockPast(page: Page, type: string, ms: number): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          ([name, wait]) => {
            const since = (window as unknown as { at: Record<string, number> }).at[name];
            return since !== undefined && performance.now() - since >= wait;
          },
          [type, ms] as const,
        ),
      { timeout: ms + 10_000, intervals: [50, 100, 250] },
    )
    .toBe(true);
}

test.beforeEach(async ({ page }) => {
  await watchFetches(page);
  await recordEvents(page);
});

test.describe('inline', () => {
  test('reserves --adpx-min-height before offers arrive, so nothing below moves when they do', async ({
    page,
    mock,
  }) => {
    // The answer is held until the test has measured the page without it (no timed delay).
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route(/\/native\/v[24]\/offers\.json/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${mock.url}${lab('min-height=900')}`);
    const after = page.locator('#after');
    const before = await after.boundingBox();
    expect(await unit(page).evaluate((el) => el.getBoundingClientRect().height)).toBe(900);
    await expect(cards(page)).toHaveCount(0);
    answer();
    await expect(headline(page)).toBeVisible();
    expect(await after.boundingBox()).toEqual(before);
  });
  test('a later load asks for its image with the new card, once, at the width its frame is drawn', async ({
    page,
    mock,
  }) => {
    const images: string[] = [];
    page.on('request', (request) => request.url().includes('/img/') && images.push(request.url()));
    // Each answer names its images anew, so that no image of the first load is reused from cache.
    let answers = 0;
    await page.route(/\/native\/v[24]\/offers\.json/, async (route) => {
      const response = await route.fetch();
      const load = ++answers;
      const text = (await response.text()).replace(
        /"(https?:[^"]*\/img\/[^"?]*)(\?[^"]*)?"/g,
        (_, path: string, query = '') => `"${path}${query ? `${query}&` : '?'}load=${load}"`,
      );
      await route.fulfill({ response, body: text });
    });
    await page.goto(`${mock.url}${lab()}`);
    const img = cards(page).locator('[part~="image"]');
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
    images.length = 0;
    // A new load after a close renders a new card: its first render already carries the sources.
    const atFirstRender = await unit(page).evaluate(async (el: AdpxOffersElement) => {
      el.close();
      const shown = new Promise<string | null>((resolve) =>
        el.addEventListener(
          'adpx-offer-shown',
          (event) => {
            const card = event.composedPath()[0] as Element;
            resolve(card.shadowRoot?.querySelector('.image')?.getAttribute('src') ?? null);
          },
          { once: true },
        ),
      );
      await el.load();
      el.show();
      return shown;
    });
    expect(atFirstRender).toContain('width=');
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
    const frame = await cards(page)
      .locator('[part~="media"]')
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(images).toHaveLength(1);
    const asked = Number(new URL(images[0] ?? '').searchParams.get('width'));
    expect(asked).toBeGreaterThanOrEqual(frame);
    expect(asked).toBeLessThan(frame + 40);
  });
});

test.describe('popup', () => {
  test('opens as a modal dialog over a backdrop, centred in the viewport', async ({ page, mock }) => {
    await page.goto(`${mock.url}${lab('layout=popup')}`);
    await expect(headline(page)).toBeVisible();
    expect(await overlay(page).evaluate((d) => d.tagName === 'DIALOG' && d.matches(':modal'))).toBe(true);
    const backdrop = await overlay(page).evaluate((d) => getComputedStyle(d).backgroundColor);
    expect(backdrop).not.toBe('rgba(0, 0, 0, 0)');
    await animationsSettled(page);
    const rect = await box(page).boundingBox();
    const viewport = page.viewportSize();
    if (!rect || !viewport) throw new Error('no box');
    expect(Math.abs(rect.x + rect.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(1);
    expect(Math.abs(rect.y + rect.height / 2 - viewport.height / 2)).toBeLessThanOrEqual(1);
    await expectHits(mock, 'pixel', 1);
  });

  test('Escape closes it and the close beacon fires once', async ({ page, mock }) => {
    await page.goto(`${mock.url}${lab('layout=popup')}`);
    await expectHits(mock, 'pixel', 1);
    await page.keyboard.press('Escape');
    await expect(overlay(page)).toHaveCount(0);
    await expectHits(mock, 'close', 1);
    await page.keyboard.press('Escape');
    await page.evaluate(() => document.querySelector('adpx-offers')?.close());
    await quiet(page, mock);
    expect(hits(mock, 'close')).toHaveLength(1);
    expect(await closedReasons(page)).toEqual([{ reason: 'user' }]);
  });

  test('a backdrop click does nothing by default', async ({ page, mock }) => {
    await page.goto(`${mock.url}${lab('layout=popup')}`);
    await expectHits(mock, 'pixel', 1);
    await page.mouse.click(8, 8);
    // A close would start here: any exit animation run out, then the page's turn after it.
    await animationsSettled(page);
    await quiet(page, mock);
    await expect(overlay(page)).toBeVisible();
    expect(hits(mock, 'close')).toHaveLength(0);
  });

  test('a backdrop click closes it with backdrop-dismiss; a click inside does not', async ({
    page,
    mock,
  }) => {
    await page.goto(`${mock.url}${lab('layout=popup&backdrop-dismiss')}`);
    await expectHits(mock, 'pixel', 1);
    await headline(page).click();
    await expect(overlay(page)).toBeVisible();
    await page.mouse.click(8, 8);
    await expect(overlay(page)).toHaveCount(0);
    await expectHits(mock, 'close', 1);
    expect(await closedReasons(page)).toEqual([{ reason: 'user' }]);
  });

  test('focus moves into the popup, stays there, and returns to the element focused before', async ({
    page,
    mock,
  }) => {
    await page.goto(`${mock.url}${lab('layout=popup&trigger')}`);
    const trigger = page.locator('#trigger');
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(overlay(page)).toBeVisible();
    const focused = () => page.evaluate(() => document.activeElement?.tagName);
    expect(await focused()).toBe('ADPX-OFFERS');
    // The page behind is inert: Tab cycles through the popup's controls (Chromium lets focus leave
    // to the browser's own UI between cycles, seen here as BODY), never to the page's controls.
    const seen = new Set<string | undefined>();
    for (let i = 0; i < 24; i++) {
      await page.keyboard.press('Tab');
      seen.add(await focused());
    }
    expect([...seen].filter((tag) => tag !== 'ADPX-OFFERS' && tag !== 'BODY')).toEqual([]);
    expect(seen.has('ADPX-OFFERS')).toBe(true);
    await page.keyboard.press('Escape');
    await expect(overlay(page)).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });

  test('inside another element’s shadow root, closing returns focus to the element focused before', async ({
    page,
    mock,
  }) => {
    await page.goto(`${mock.url}${lab('layout=popup&trigger')}`);
    await unit(page).evaluate((el) => {
      const host = document.createElement('div');
      host.attachShadow({ mode: 'open' }).append(el);
      document.getElementById('slot')?.append(host);
    });
    const trigger = page.locator('#trigger');
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(overlay(page)).toBeVisible();
    await animationsSettled(page);
    await unit(page).getByRole('button', { name: 'Close' }).first().click();
    await expect(overlay(page)).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });

  test('the inset custom properties move it', async ({ page, mock }) => {
    await page.goto(`${mock.url}${lab('layout=popup&key=test-key')}`);
    await expect(headline(page)).toBeVisible();
    await animationsSettled(page);
    const centred = await box(page).boundingBox();
    await unit(page).evaluate((el) => {
      el.style.setProperty('--adpx-inset-top', '120px');
      el.style.setProperty('--adpx-inset-left', '700px');
      el.style.setProperty('--adpx-inset-right', '20px');
    });
    const moved = await box(page).boundingBox();
    if (!centred || !moved) throw new Error('no box');
    expect(moved.y).toBeGreaterThanOrEqual(120);
    expect(moved.x).toBeGreaterThanOrEqual(700);
    expect(moved.x + moved.width).toBeLessThanOrEqual(1280 - 20);
    expect(moved.x).not.toBe(centred.x);
  });

  test('transparent makes the offer background transparent', async ({ page, mock }) => {
    await page.goto(`${mock.url}${lab('layout=popup&transparent')}`);
    await expect(headline(page)).toBeVisible();
    const backgrounds = await page.evaluate(() => {
      const root = document.querySelector('adpx-offers')?.shadowRoot;
      const boxEl = root?.querySelector('[part~="dialog"]');
      const card = root?.querySelector('[part~="card"]');
      return [boxEl, card].map((el) => (el ? getComputedStyle(el).backgroundColor : 'missing'));
    });
    expect(backgrounds).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
  });
});

test.describe('fullscreen', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('covers the viewport at 360x740 with its controls in view', async ({ page, mock }) => {
    await page.goto(`${mock.url}${lab('layout=fullscreen')}`);
    await expect(headline(page)).toBeVisible();
    await animationsSettled(page);
    expect(await overlay(page).boundingBox()).toEqual({ x: 0, y: 0, width: 360, height: 740 });
    expect(await box(page).boundingBox()).toEqual({ x: 0, y: 0, width: 360, height: 740 });
    for (const name of ['Close', 'Previous offer', 'Next offer']) {
      const control = await unit(page).getByRole('button', { name, exact: true }).boundingBox();
      expect(control && control.y >= 0 && control.y + control.height <= 740).toBe(true);
    }
    await expectHits(mock, 'pixel', 1);
  });
});

test.describe('list', () => {
  test('each card fires its pixel when that card becomes visible, once', async ({ page, mock }) => {
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.goto(`${mock.url}${lab('layout=list&key=demo-key')}`);
    await expect(cards(page)).toHaveCount(6);
    // The cards stand in the order of the response's offers.
    const ids = await page.evaluate(
      () => document.querySelector('adpx-offers')?.response?.offers.map((offer) => offer.id) ?? [],
    );
    const fully = new Set<number>();
    const never = new Set(ids);
    for (let step = 0; step < 60; step++) {
      // The page had its chance at this position: observers called back, beacons sent.
      await quiet(page, mock);
      // Which cards are fully in view, and which have had any pixel in view, at this position.
      const seen = await cards(page).evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          const visible = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
          // As fully in view as it can be (a card taller than the viewport fills it).
          return { full: visible >= Math.min(r.height, innerHeight) - 1, any: visible > 0 };
        }),
      );
      seen.forEach((s, i) => {
        const id = ids[i] as number;
        if (s.full) fully.add(id);
        if (s.any) never.delete(id);
      });
      await expect
        .poll(() => hits(mock, 'pixel').map((h) => h.offerId))
        .toEqual(expect.arrayContaining([...fully]));
      const fired = hits(mock, 'pixel').map((h) => h.offerId);
      expect(fired.filter((id) => never.has(id))).toEqual([]);
      if (step === 0) expect(fired.length).toBeLessThan(6);
      const atEnd = await page.evaluate(() => {
        const list = document.querySelector('adpx-offers')?.shadowRoot?.querySelector('[part~="list"]');
        return (list?.getBoundingClientRect().bottom ?? 0) <= innerHeight;
      });
      if (atEnd) break;
      await scrollStep(page, 200);
    }
    expect(fully.size).toBe(6);
    await expectHits(mock, 'pixel', 6);
    expect(new Set(hits(mock, 'pixel').map((h) => h.offerId))).toEqual(new Set(ids));
    expect(hits(mock, 'close')).toHaveLength(0);
  });

  test('the close beacon fires once after scrolling past all offers, and not again', async ({
    page,
    mock,
  }) => {
    await page.goto(`${mock.url}${lab('layout=list&key=test-key&after=3000')}`);
    await expect(cards(page)).toHaveCount(3);
    // The first card or two fit the viewport (wide cards are short: image beside the texts).
    await expect.poll(() => hits(mock, 'pixel').length).toBeGreaterThanOrEqual(1);
    const listBottom = () =>
      page.evaluate(() => {
        const list = document.querySelector('adpx-offers')?.shadowRoot?.querySelector('[part~="list"]');
        return list?.getBoundingClientRect().bottom ?? 0;
      });
    // Step down; while any part of the list is still on screen, no close beacon.
    while ((await listBottom()) > 0) {
      await quiet(page, mock);
      expect(hits(mock, 'close')).toHaveLength(0);
      await scrollStep(page, 200);
    }
    await expectHits(mock, 'close', 1);
    expect(await closedReasons(page)).toEqual([{ reason: 'scrolled_past' }]);
    expect(hits(mock, 'pixel')).toHaveLength(3);
    // The list stays in place (nothing above the reader moves); back up and past again: nothing more.
    await expect(cards(page)).toHaveCount(3);
    for (const dy of [-400, -400, -400, -400, 400, 400, 400, 400, 400]) {
      await scrollStep(page, dy);
      await quiet(page, mock);
    }
    expect(hits(mock, 'close')).toHaveLength(1);
    expect(await closedReasons(page)).toHaveLength(1);
  });

  test('its close button dismisses it with one close beacon', async ({ page, mock }) => {
    await page.goto(`${mock.url}${lab('layout=list&heading=More%20for%20you')}`);
    await expect(cards(page)).toHaveCount(3);
    await unit(page).getByRole('button', { name: 'Close', exact: true }).click();
    await expect(cards(page)).toHaveCount(0);
    await expectHits(mock, 'close', 1);
    expect(await closedReasons(page)).toEqual([{ reason: 'user' }]);
  });
});

test.describe('one-at-a-time flow', () => {
  test('Next and Previous move between offers with "n of total" progress', async ({ page, mock }) => {
    await page.goto(`${mock.url}${lab()}`);
    await expect(progress(page)).toHaveText('1 of 3');
    const previous = unit(page).getByRole('button', { name: 'Previous offer' });
    const next = unit(page).getByRole('button', { name: 'Next offer' });
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    const first = await headline(page).textContent();
    await expectHits(mock, 'pixel', 1);
    await next.click();
    await expect(progress(page)).toHaveText('2 of 3');
    await expect(headline(page)).not.toHaveText(first ?? '');
    await expectHits(mock, 'pixel', 2);
    await previous.click();
    await expect(progress(page)).toHaveText('1 of 3');
    await expect(headline(page)).toHaveText(first ?? '');
    await quiet(page, mock);
    expect(hits(mock, 'pixel')).toHaveLength(2);
    expect(hits(mock, 'no_thanks_click')).toHaveLength(0);
    const shown = (await events(page)).filter((e) => e.type === 'adpx-offer-shown').map((e) => e.detail);
    expect(shown.map((d) => (d as { current: number }).current)).toEqual([1, 2, 1]);
  });

  test('past the last offer: one close beacon, closed_ads flow_end, an end card; its Close removes the unit', async ({
    page,
    mock,
  }) => {
    await page.goto(`${mock.url}${lab()}`);
    const next = unit(page).getByRole('button', { name: 'Next offer' });
    for (let i = 1; i <= 3; i++) {
      await expect(progress(page)).toHaveText(`${i} of 3`);
      await next.click();
    }
    const end = page.locator('adpx-offers [part~="end"]');
    await expect(end).toContainText("That's all for now");
    await expectHits(mock, 'close', 1);
    expect(await closedReasons(page)).toEqual([{ reason: 'flow_end' }]);
    await end.getByRole('button', { name: 'Close' }).click();
    await expect(end).toHaveCount(0);
    await expect(cards(page)).toHaveCount(0);
    await quiet(page, mock);
    expect(hits(mock, 'close')).toHaveLength(1);
    expect(await closedReasons(page)).toHaveLength(1);
  });

  for (const where of ['the page', 'another element’s shadow root'] as const) {
    test(`in ${where}, the end card's Close takes focus after the last offer`, async ({ page, mock }) => {
      await page.goto(`${mock.url}${lab('manual')}`);
      await unit(page).evaluate(async (el: AdpxOffersElement, inShadow) => {
        if (inShadow) {
          const host = document.createElement('div');
          host.attachShadow({ mode: 'open' }).append(el);
          document.getElementById('slot')?.append(host);
        }
        await el.load();
        el.show();
      }, where !== 'the page');
      const next = unit(page).getByRole('button', { name: 'Next offer' });
      for (let i = 1; i <= 3; i++) {
        await expect(progress(page)).toHaveText(`${i} of 3`);
        await next.click();
      }
      await expect(page.locator('adpx-offers [part~="end"]')).toBeVisible();
      // The focused element, through the shadow roots on the way.
      const focused = () =>
        page.evaluate(() => {
          let active = document.activeElement;
          while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
          return active?.className;
        });
      await expect.poll(focused).toContain('end-close');
    });
  }

  test('with auto_close the unit goes away at the end of the flow instead', async ({ page, mock }) => {
    await patchResponse(page, { settings: { auto_close: true } });
    await page.goto(`${mock.url}${lab('layout=popup')}`);
    for (let i = 0; i < 3; i++) {
      await expect(progress(page)).toHaveText(`${i + 1} of 3`);
      await cards(page).locator('[part~="decline"]').click();
    }
    await expect(overlay(page)).toHaveCount(0);
    await expect(page.locator('adpx-offers [part~="end"]')).toHaveCount(0);
    await expectHits(mock, 'close', 1);
    expect(await closedReasons(page)).toEqual([{ reason: 'flow_end' }]);
  });

  test('max_display_time closes the unit with one close beacon, reason timeout', async ({ page, mock }) => {
    await patchResponse(page, { settings: { max_display_time: 1 } });
    await stampEvents(page, ['adpx-closed-ads']);
    await page.goto(`${mock.url}${lab()}`);
    await expect(headline(page)).toBeVisible();
    await expect(cards(page)).toHaveCount(0, { timeout: 3_000 });
    await expectHits(mock, 'close', 1);
    // "Not again" is a duration: a clock re-armed by the close would fire 1 s after it. The page's
    // own clock past that (not a sleep here), then quiet so that such a timer's beacon is in.
    await pageClockPast(page, 'adpx-closed-ads', 1_200);
    await quiet(page, mock);
    expect(hits(mock, 'close')).toHaveLength(1);
    expect(await closedReasons(page)).toEqual([{ reason: 'timeout' }]);
  });

  test('max_display_time runs from the first impression: a unit below the fold waits to be seen', async ({
    page,
    mock,
  }) => {
    await patchResponse(page, { settings: { max_display_time: 1 } });
    // Stamped before the unit hears them (see stampEvents): at or before its own clock.
    await stampEvents(page, ['adpx-offer-shown', 'adpx-impression', 'adpx-closed-ads']);
    const lines = debugLines(page);
    await page.goto(`${mock.url}${lab('before=3000&debug')}`);
    await expect(cards(page)).toHaveCount(1);
    // Well past the 1 s: nobody saw it, so it is still there and nothing was sent. "Not yet" is a
    // duration: the card was measured below the fold and refused, then the page's own clock ran
    // 2.5 s past the card's showing (a clock wrongly started then would have fired), then quiet.
    await expect.poll(() => lines.some((line) => line.includes('rule does not hold'))).toBe(true);
    await pageClockPast(page, 'adpx-offer-shown', 2_500);
    await quiet(page, mock);
    await expect(cards(page)).toHaveCount(1);
    expect(hits(mock, 'pixel')).toHaveLength(0);
    expect(hits(mock, 'close')).toHaveLength(0);
    await cards(page).scrollIntoViewIfNeeded();
    await expectHits(mock, 'pixel', 1);
    await expect(cards(page)).toHaveCount(0, { timeout: 5_000 });
    await expectHits(mock, 'close', 1);
    const at = await page.evaluate(() => (window as unknown as { at: Record<string, number> }).at);
    // A timer never fires early: the 1 s is counted from the impression (the clock's 1 ms grain aside).
    expect((at['adpx-closed-ads'] ?? 0) - (at['adpx-impression'] ?? Infinity)).toBeGreaterThanOrEqual(999);
    expect(await closedReasons(page)).toEqual([{ reason: 'timeout' }]);
  });

  test('a response replaced while shown gets its own max_display_time clock, not the rest of the old', async ({
    page,
    mock,
  }) => {
    await patchResponse(page, { settings: { max_display_time: 1 } });
    await page.addInitScript(() => {
      // At the first impression, in the same task: the same offers, without a display limit.
      document.addEventListener('adpx-impression', () => {
        const unit = document.querySelector('adpx-offers');
        const shown = unit?.response;
        if (!unit || !shown?.settings.max_display_time) return;
        const copy = structuredClone(shown);
        delete copy.settings.max_display_time;
        unit.response = copy;
      });
    });
    await stampEvents(page, ['adpx-impression']);
    await page.goto(`${mock.url}${lab()}`);
    await expectHits(mock, 'pixel', 2);
    // Past the old load's 1 s: the new response has no limit, so it stays. "Not closed" is a
    // duration: the page's own clock 2.5 s past the first impression (the old clock's start), then
    // quiet, so that the old clock, had it survived, has fired and its close is in.
    await pageClockPast(page, 'adpx-impression', 2_500);
    await quiet(page, mock);
    await expect(cards(page)).toHaveCount(1);
    expect(await closedReasons(page)).toEqual([]);
  });

  test('close() while the offers load: they never show, and nothing is counted', async ({ page, mock }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let handed = () => {};
    const passedOn = new Promise<void>((resolve) => (handed = resolve));
    await page.route(/\/native\/v[24]\/offers\.json/, async (route) => {
      await held;
      await route.continue().catch(() => {});
      handed();
    });
    await page.goto(`${mock.url}${lab()}`);
    const state = () => page.evaluate(() => document.querySelector('adpx-offers')?.state);
    await expect.poll(state).toBe('loading');
    await page.evaluate(() => document.querySelector('adpx-offers')?.close());
    release();
    // The held answer went on to the page (or its request was gone), and the page is quiet: a load
    // not cancelled would still have its fetch in flight until the answer arrived and rendered.
    await passedOn;
    await quiet(page, mock);
    expect(await state()).toBe('closed');
    await expect(cards(page)).toHaveCount(0);
    expect(await closedReasons(page)).toEqual([{ reason: 'api' }]);
    expect(hits(mock, 'pixel')).toHaveLength(0);
  });
});

/** The computed background of the unit's box and the colour of the headline on screen. */
const surface = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('adpx-offers')?.shadowRoot;
    const box = root?.querySelector('[part~="unit"]');
    const title = [...(root?.querySelectorAll('[part~="headline"]') ?? [])].find((h) => h.checkVisibility());
    return [box && getComputedStyle(box).backgroundColor, title && getComputedStyle(title).color];
  });

test.describe('response styles', () => {
  const accept = (page: Page) => cards(page).locator('[part~="accept"]');
  const background = (page: Page) => accept(page).evaluate((el) => getComputedStyle(el).backgroundColor);

  test('colour the unit and its cards, set without a style attribute', async ({ page, mock }) => {
    await page.goto(`${mock.url}${lab()}`);
    await expect(headline(page)).toBeVisible();
    // The response's background_color #ffffff and text_color #1f2330.
    expect(await surface(page)).toEqual(['rgb(255, 255, 255)', 'rgb(31, 35, 48)']);
    expect(await background(page)).toBe('rgb(91, 61, 245)');
    expect(await unit(page).getAttribute('style')).toBeNull();
  });

  test('a page-set --adpx-primary-color wins over the response', async ({ page, mock }) => {
    await page.goto(`${mock.url}${lab('page-theme')}`);
    await expect(headline(page)).toBeVisible();
    expect(await background(page)).toBe('rgb(200, 0, 80)');
  });

  test('overrides win over the response, and page CSS over both', async ({ page, mock }) => {
    await page.goto(`${mock.url}${lab('manual')}`);
    await unit(page).evaluate(async (el: AdpxOffersElement) => {
      el.overrides = { styles: { primary_color: '#0a7d33' } };
      await el.load();
      el.show();
    });
    await expect(headline(page)).toBeVisible();
    expect(await background(page)).toBe('rgb(10, 125, 51)');
    await unit(page).evaluate((el) => el.style.setProperty('--adpx-primary-color', 'rgb(1, 2, 3)'));
    await expect.poll(() => background(page)).toBe('rgb(1, 2, 3)');
  });
  test('a colour name is taken when the browser knows it; a keyword or unknown word is not', async ({
    page,
    mock,
  }) => {
    const cases = [
      { color: 'RebeccaPurple', expected: 'rgb(102, 51, 153)' },
      // refused: the response's own primary colour (#5b3df5) applies
      { color: 'currentcolor', expected: 'rgb(91, 61, 245)' },
      { color: 'inherit', expected: 'rgb(91, 61, 245)' },
      { color: 'reddish', expected: 'rgb(91, 61, 245)' },
    ];
    for (const { color, expected } of cases) {
      await page.goto(`${mock.url}${lab('manual')}`);
      await unit(page).evaluate(async (el: AdpxOffersElement, primary) => {
        el.overrides = { styles: { primary_color: primary } };
        await el.load();
        el.show();
      }, color);
      await expect(headline(page)).toBeVisible();
      expect(await background(page), color).toBe(expected);
    }
  });
});

test.describe('errors and page integration', () => {
  test('an invalid response given to .response fires error and renders nothing', async ({ page, mock }) => {
    await page.goto(`${mock.url}${lab('manual')}`);
    await unit(page).evaluate((el: AdpxOffersElement) => {
      el.removeAttribute('manual');
      el.response = { data: { offers: 'not a list' } };
    });
    await expect.poll(async () => (await events(page)).find((e) => e.type === 'adpx-error')).toBeTruthy();
    const error = (await events(page)).find((e) => e.type === 'adpx-error');
    expect(error?.detail).toMatchObject({ code: 'invalid_response' });
    await expect(cards(page)).toHaveCount(0);
    expect(
      await unit(page).evaluate((el) => el.shadowRoot?.querySelector('[part~="unit"]') ?? null),
    ).toBeNull();
    expect(mock.beacons()).toHaveLength(0);
  });

  test('right to left: Next sits on the left, Previous on the right', async ({ page, mock }) => {
    await page.goto(`${mock.url}${lab('dir=rtl')}`);
    await expect(headline(page)).toBeVisible();
    const next = await unit(page).getByRole('button', { name: 'Next offer' }).boundingBox();
    const previous = await unit(page).getByRole('button', { name: 'Previous offer' }).boundingBox();
    expect(next && previous && next.x < previous.x).toBe(true);
  });

  test('prefers-reduced-motion: no animations', async ({ page, mock }) => {
    const animationNames = () =>
      page.evaluate(() => {
        const root = document.querySelector('adpx-offers')?.shadowRoot;
        return ['[part~="overlay"]', '[part~="dialog"]', '[part~="offer"]'].map((selector) => {
          const el = root?.querySelector(selector);
          return el ? getComputedStyle(el).animationName : 'missing';
        });
      });
    await page.goto(`${mock.url}${lab('layout=popup')}`);
    await expect(headline(page)).toBeVisible();
    expect(await animationNames()).toEqual(['adpx-fade', 'adpx-rise', 'adpx-fade']);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await animationNames()).toEqual(['none', 'none', 'none']);
  });

  test('dark colour scheme: the built-in dark theme when neither page nor response sets colours', async ({
    page,
    mock,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.route(/\/native\/v[24]\/offers\.json/, async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { data: { styles?: unknown } };
      delete json.data.styles;
      await route.fulfill({ response, json });
    });
    await page.goto(`${mock.url}${lab()}`);
    await expect(headline(page)).toBeVisible();
    // The dark defaults: background #171b24, text #e9ecf2.
    expect(await surface(page)).toEqual(['rgb(23, 27, 36)', 'rgb(233, 236, 242)']);
  });

  test('works under a CSP without unsafe-inline styles, with Trusted Types enforced', async ({
    page,
    mock,
  }) => {
    // The full fixture offers, images included: neither the unit nor its cards may need an
    // inline style or a string-to-HTML sink.
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${mock.url}/unit-csp.html`);
    await expect(headline(page)).toBeVisible();
    await expect(progress(page)).toHaveText('1 of 3');
    const accept = cards(page).locator('[part~="accept"]');
    expect(await accept.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(91, 61, 245)');
    await unit(page).getByRole('button', { name: 'Next offer' }).click();
    await expect(progress(page)).toHaveText('2 of 3');
    await expect(cards(page).locator('[part~="image"]')).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    expect([...seen, ...violations]).toEqual([]);
    // The policy is really enforced: a string HTML sink throws on this page.
    const sinkBlocked = await page.evaluate(() => {
      try {
        document.createElement('div').innerHTML = '<b>x</b>';
        return false;
      } catch {
        return true;
      }
    });
    expect(sinkBlocked).toBe(true);
  });
});

test('at phone width the flow controls do not overlap and keep their names', async ({ page, mock }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${mock.url}${lab()}`);
  await expect(progress(page)).toHaveText('1 of 3');
  // As narrow as the checkout demo's unit on a 360 px phone (page and card padding around it).
  await unit(page).evaluate((el) => el.style.setProperty('width', '288px'));
  const previous = unit(page).getByRole('button', { name: 'Previous offer' });
  const next = unit(page).getByRole('button', { name: 'Next offer' });
  const [a, b, c] = await Promise.all([
    previous.boundingBox(),
    progress(page).boundingBox(),
    next.boundingBox(),
  ]);
  if (!a || !b || !c) throw new Error('flow controls not rendered');
  expect(a.x + a.width).toBeLessThanOrEqual(b.x);
  expect(b.x + b.width).toBeLessThanOrEqual(c.x);
  expect(a.width).toBeGreaterThanOrEqual(44);
  expect(c.width).toBeGreaterThanOrEqual(44);
});
