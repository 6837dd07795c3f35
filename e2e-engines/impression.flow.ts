/**
 * The impression rule in Firefox and WebKit, on the path each engine takes.
 * The same file runs on every engine (a project each: playwright.config.ts). Assertions read
 * what the mock service received; every wait is for a state, never for a time.
 */
import { counts, eventTypes, expect, expectHits, hits, POLL, recorded, test } from './fixtures.js';
import {
  clickOn,
  hasIntersectionObserverV2,
  scrollCardIntoView,
  showShare,
  waitFor,
  waitForLog,
} from './page-helpers.js';

const CARD = '[part~="offer"]';

test('the browser driven is the engine named', async ({ ep, mock, engine }) => {
  await ep.goto(`${mock.url}/engines/terms.html`);
  const agent = await ep.evaluate(() => navigator.userAgent);
  test.info().annotations.push({ type: 'user agent', description: agent });
  if (engine === 'firefox') expect(agent).toMatch(/Gecko\/\d+ Firefox\/\d+/);
  else expect(agent).toMatch(/AppleWebKit\/.*Safari/);
  expect(agent).not.toMatch(/Chrome|Chromium/);
});

test.describe('impression rule', () => {
  test('below the fold: nothing until scrolled into view, then pixel and adv pixel once', async ({
    ep,
    mock,
  }) => {
    await ep.goto(`${mock.url}/engines/unit.html?before=3000&debug`);
    await waitFor(ep, CARD);
    // The SDK has measured the card and decided: not visible.
    await waitForLog(ep, /rule does not hold: ratio 0\.000/);
    expect(counts(mock)).toEqual({});
    expect(await eventTypes(ep)).not.toContain('adpx-impression');

    await scrollCardIntoView(ep);
    await expectHits(mock, 'pixel', 1);
    await expectHits(mock, 'adv_pixel', 1);
    // Out of view and back, three times: each time the SDK has seen it leave (ratio 0) and return.
    for (let i = 0; i < 3; i++) {
      await ep.evaluate(async () => {
        window.scrollTo(0, 0);
        await (window as unknown as { adpxFrames(): Promise<void> }).adpxFrames();
      });
      await scrollCardIntoView(ep);
    }
    // Leaving the page sends the close beacon: once it has arrived, so has anything sent before it.
    await ep.goto(`${mock.url}/landing?left=1`);
    await expectHits(mock, 'close', 1);
    expect(counts(mock)).toEqual({ pixel: 1, adv_pixel: 1, close: 1 });
  });

  test('40% visible → no pixel; 60% → one (geometry measured without occlusion tracking)', async ({
    ep,
    mock,
  }) => {
    await ep.goto(`${mock.url}/engines/unit.html?before=2000&w=400&h=300&debug`);
    await waitFor(ep, CARD);
    const v2 = await hasIntersectionObserverV2(ep);
    // The path this engine takes: v2 where it exists, else plain geometry (the documented fallback).
    // The first script-tag file logs the line's code (docs/debug.md): I2 is v2, I3 the v1 fallback.
    await waitForLog(ep, v2 ? /^\[adpx[^\]]*\] I2\b/ : /^\[adpx[^\]]*\] I3\b/);
    test.info().annotations.push({ type: 'IntersectionObserver v2', description: String(v2) });

    expect(await showShare(ep, 0.4)).toBeCloseTo(0.4, 2);
    await waitForLog(ep, /rule does not hold: ratio 0\.(39|40)\d/);
    expect(counts(mock)).toEqual({});
    expect(await eventTypes(ep)).not.toContain('adpx-impression');

    expect(await showShare(ep, 0.6)).toBeCloseTo(0.6, 2);
    await waitForLog(ep, /rule holds: ratio 0\.(59|60)\d/);
    await expectHits(mock, 'pixel', 1);
    await expectHits(mock, 'adv_pixel', 1);
    const impressions = (await eventTypes(ep)).filter((t) => t === 'adpx-impression');
    expect(impressions).toHaveLength(1);
  });

  test('a card under a transformed ancestor counts once (v2 would say "altered"; measured instead)', async ({
    ep,
    mock,
  }) => {
    await ep.goto(`${mock.url}/engines/unit.html?wrap=transform&debug`);
    await expectHits(mock, 'pixel', 1);
    await expectHits(mock, 'adv_pixel', 1);
    const logs = (await recorded(ep)).logs;
    const held = logs.find((l) => /rule holds/.test(l)) ?? '';
    if (await hasIntersectionObserverV2(ep)) expect(held).toMatch(/hit test/);
    else expect(held).not.toMatch(/IntersectionObserver v2/);
  });
});

test.describe('layouts', () => {
  test('popup: a modal dialog in the viewport; it counts once and its close sends one close beacon', async ({
    ep,
    mock,
  }) => {
    await ep.goto(`${mock.url}/engines/unit.html?layout=popup&before=3000`);
    await waitFor(ep, '[part~="overlay"]');
    await expectHits(mock, 'pixel', 1);
    const dialog = await ep.evaluate(() => {
      const find = (window as unknown as { adpxFind(s: string): HTMLElement[] }).adpxFind;
      const d = find('[part~="overlay"]')[0];
      const card = find('[part~="offer"]')[0]?.getBoundingClientRect();
      return {
        modal: !!d && d.tagName === 'DIALOG' && d.matches(':modal'),
        inView:
          !!card && card.top >= 0 && card.bottom <= innerHeight && card.left >= 0 && card.right <= innerWidth,
      };
    });
    expect(dialog).toEqual({ modal: true, inView: true });
    await clickOn(ep, '[part~="close"]');
    await expectHits(mock, 'close', 1);
    expect(counts(mock)).toEqual({ pixel: 1, adv_pixel: 1, close: 1 });
  });

  test('list: a card counts once it is half in view, never before; each once', async ({ ep, mock }) => {
    await ep.goto(`${mock.url}/engines/unit.html?layout=list&before=900`);
    await waitFor(ep, CARD, 3);
    const shares = () =>
      ep.evaluate(() =>
        (window as unknown as { adpxFind(s: string): HTMLElement[] })
          .adpxFind('[part~="offer"]')
          .map((el, i) => {
            // The cards stand in the order of the response's offers.
            const ids = document.querySelector('adpx-offers')?.response?.offers.map((offer) => offer.id);
            const r = el.getBoundingClientRect();
            const shown = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
            return { id: ids?.[i] ?? -1, share: shown / r.height };
          }),
      );
    const everShown = new Set<number>();
    for (let i = 0; i < 3; i++) {
      await scrollCardIntoView(ep, i);
      const now = await shares();
      for (const c of now) if (c.share > 0) everShown.add(c.id);
      const halfIn = now.filter((c) => c.share >= 0.5).map((c) => c.id);
      await expect
        .poll(() => hits(mock, 'pixel').map((h) => h.offerId), POLL)
        .toEqual(expect.arrayContaining(halfIn));
      // No card that has never had a pixel in view has counted.
      expect(hits(mock, 'pixel').filter((h) => !everShown.has(h.offerId))).toEqual([]);
    }
    await expectHits(mock, 'pixel', 3);
    expect(new Set(hits(mock, 'pixel').map((h) => h.offerId)).size).toBe(3);
    await scrollCardIntoView(ep, 0);
    await ep.goto(`${mock.url}/landing?left=list`);
    await expectHits(mock, 'close', 1);
    expect(counts(mock)).toEqual({ pixel: 3, adv_pixel: 3, close: 1 });
  });
});
