/**
 * CTAs, closing, leaving the page, and the bridge hosts.
 * The same file runs on every engine (a project each: playwright.config.ts). Assertions read
 * what the mock service received; every wait is for a state, never for a time.
 */
import { counts, eventTypes, expect, expectHits, hits, POLL, recorded, test } from './fixtures.js';
import { clickOn } from './page-helpers.js';

test.describe('CTAs and closing', () => {
  test('negative CTA: no_thanks_click for that offer, the next offer shows and counts', async ({
    ep,
    mock,
  }) => {
    await ep.goto(`${mock.url}/engines/unit.html`);
    await expectHits(mock, 'pixel', 1);
    const firstId = hits(mock, 'pixel')[0]?.offerId;
    await clickOn(ep, '[part~="decline"]');
    await expectHits(mock, 'no_thanks_click', 1, firstId);
    await expectHits(mock, 'pixel', 2);
    expect(new Set(hits(mock, 'pixel').map((h) => h.offerId)).size).toBe(2);
    expect((await eventTypes(ep)).filter((t) => t === 'adpx-ad-not-taken')).toHaveLength(1);
  });

  test('positive CTA: ad_taken and url_clicked, and the click URL is opened (the service sees the click)', async ({
    ep,
    mock,
  }) => {
    await ep.goto(`${mock.url}/engines/unit.html`);
    await expectHits(mock, 'pixel', 1);
    const shown = await ep.url();
    await clickOn(ep, '[part~="accept"]');
    await expectHits(mock, 'click', 1, hits(mock, 'pixel')[0]?.offerId);
    const { events } = await recorded(ep);
    expect(events.map((e) => e.type)).toContain('adpx-ad-taken');
    const clicked = events.find((e) => e.type === 'adpx-url-clicked');
    expect((clicked?.detail as { target_url: string }).target_url).toContain('/click/');
    // A new tab: the page with the unit stays.
    expect(await ep.url()).toBe(shown);
  });

  test('close: one close beacon, closed_ads { reason: user }, the card is gone', async ({ ep, mock }) => {
    await ep.goto(`${mock.url}/engines/unit.html`);
    await expectHits(mock, 'pixel', 1);
    await clickOn(ep, '[part~="close"]');
    await expectHits(mock, 'close', 1);
    await expect
      .poll(
        () =>
          ep.evaluate(
            () =>
              (window as unknown as { adpxFind(s: string): unknown[] }).adpxFind('[part~="offer"]').length,
          ),
        POLL,
      )
      .toBe(0);
    const closed = (await recorded(ep)).events.filter((e) => e.type === 'adpx-closed-ads');
    expect(closed.map((e) => e.detail)).toEqual([{ reason: 'user' }]);
  });

  test('close then navigate at once: the close beacon still arrives, once', async ({ ep, mock }) => {
    await ep.goto(`${mock.url}/engines/unit.html?leave=closed-ads`);
    await expectHits(mock, 'pixel', 1);
    await clickOn(ep, '[part~="close"]');
    await expect.poll(() => ep.url(), POLL).toContain('left=closed-ads');
    await expectHits(mock, 'close', 1);
    expect(counts(mock)).toEqual({ pixel: 1, adv_pixel: 1, close: 1 });
  });

  test('navigate at once on the impression: pixel, adv pixel and the leaving close all arrive', async ({
    ep,
    mock,
  }) => {
    await ep.goto(`${mock.url}/engines/unit.html?leave=impression`);
    await expect.poll(() => ep.url(), POLL).toContain('left=impression');
    await expectHits(mock, 'pixel', 1);
    await expectHits(mock, 'adv_pixel', 1);
    await expectHits(mock, 'close', 1);
    expect(counts(mock)).toEqual({ pixel: 1, adv_pixel: 1, close: 1 });
  });
});

test.describe('bridge hosts', () => {
  const webview = (base: string, host: string) =>
    `${base}/hosts/webview.html?${new URLSearchParams({ host, init: JSON.stringify({ autoShow: true }) })}`;

  test('iOS WebView: ads_found, offer_shown and impression reach webkit.messageHandlers, once each', async ({
    ep,
    mock,
  }) => {
    await ep.goto(webview(mock.url, 'ios'));
    await expectHits(mock, 'pixel', 1);
    const messages = () => ep.evaluate(() => (window as unknown as { hostMessages: unknown[] }).hostMessages);
    await expect.poll(async () => (await messages()).length, POLL).toBeGreaterThanOrEqual(3);
    expect(await messages()).toEqual([
      { event: 'ads_found', payload: { total: 3 } },
      { event: 'offer_shown', payload: { current: 1, total: 3, offer_id: 1001 } },
      { event: 'impression', payload: { current: 1, total: 3, offer_id: 1001 } },
    ]);
  });

  test('iframe host on another origin: the parent receives each event from the child origin', async ({
    ep,
    mock,
  }) => {
    const child = webview(mock.url.replace('127.0.0.1', 'localhost'), 'none');
    await ep.goto(`${mock.url}/hosts/iframe-host.html?child=${encodeURIComponent(child)}`);
    await expectHits(mock, 'pixel', 1);
    const received = () =>
      ep.evaluate(
        () =>
          (window as unknown as { received: Array<{ origin: string; data: { event: string } }> }).received,
      );
    await expect.poll(async () => (await received()).length, POLL).toBeGreaterThanOrEqual(3);
    const got = await received();
    expect(new Set(got.map((m) => m.origin))).toEqual(new Set([new URL(child).origin]));
    expect(got.map((m) => m.data.event)).toEqual(['ads_found', 'offer_shown', 'impression']);
  });
});
