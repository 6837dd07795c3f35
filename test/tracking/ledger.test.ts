import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Offer } from '../../src/model/types.js';
import { deliverBeacon } from '../../src/tracking/beacon.js';
import { resetKeptForTests, sendKept } from '../../src/tracking/kept-beacons.js';
import { inLaterTask, runLaterSteps } from '../../src/tracking/later-steps.js';
import { BeaconLedger } from '../../src/tracking/ledger.js';

const offer = (id: number, extra: Partial<Offer> = {}): Offer => ({
  id,
  title: `Offer ${id}`,
  click_url: `https://svc.test/click/${id}`,
  creatives: [],
  pixel: `https://svc.test/beacon/pixel/${id}`,
  adv_pixel_url: `https://svc.test/beacon/adv_pixel/${id}`,
  beacons: {
    close: `https://svc.test/beacon/close/${id}`,
    no_thanks_click: `https://svc.test/beacon/no/${id}`,
  },
  offerwall_enabled: false,
  perkswallet_enabled: false,
  is_loyaltyboost: false,
  tags: [],
  ...extra,
});

const okFetch = () => vi.fn<typeof globalThis.fetch>(async () => new Response(null, { status: 200 }));

describe('BeaconLedger', () => {
  it('counts an impression once: pixel and adv pixel fire once each', async () => {
    const fetch = okFetch();
    const ledger = new BeaconLedger({ fetch });
    expect(ledger.countImpression(offer(1))).toBe(true);
    expect(ledger.countImpression(offer(1))).toBe(false);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(fetch.mock.calls.map((c) => c[0])).toEqual([
      'https://svc.test/beacon/pixel/1',
      'https://svc.test/beacon/adv_pixel/1',
    ]);
    expect(ledger.impressed(offer(1))).toBe(true);
    expect(ledger.impressed(offer(2))).toBe(false);
  });

  it('fires close once per load, whichever offer it comes from', () => {
    const fetch = okFetch();
    const ledger = new BeaconLedger({ fetch });
    expect(ledger.fire('close', offer(1))).toBe(true);
    expect(ledger.fire('close', offer(2))).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('skips a beacon the offer does not carry', () => {
    const fetch = okFetch();
    const ledger = new BeaconLedger({ fetch });
    expect(ledger.fire('no_thanks_click', offer(3, { beacons: {} }))).toBe(false);
    expect(ledger.countImpression(offer(4, { adv_pixel_url: undefined }))).toBe(true);
    runLaterSteps();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('claims a save for later once per offer per load, and can release it after a failure', () => {
    const load = new BeaconLedger();
    expect(load.isSaved(1)).toBe(false);
    expect(load.claimSave(1)).toBe(true);
    expect(load.claimSave(1)).toBe(false);
    expect(load.isSaved(1)).toBe(true);
    expect(new BeaconLedger().isSaved(1)).toBe(false);
    load.releaseSave(1);
    expect(load.claimSave(1)).toBe(true);
  });
});

describe('deliverBeacon', () => {
  it('GETs the URL exactly as given, keepalive, no-cors, with credentials', async () => {
    const fetch = okFetch();
    const url = 'https://svc.test/beacon/pixel/1?s=a%20b&x=1';
    await expect(deliverBeacon(url, { fetch })).resolves.toBe(true);
    expect(fetch).toHaveBeenCalledWith(
      url,
      expect.objectContaining({
        method: 'GET',
        keepalive: true,
        mode: 'no-cors',
        credentials: 'include',
      }),
    );
    const init = fetch.mock.calls[0]?.[1];
    expect(init).not.toHaveProperty('body');
    // As an image pixel: the document's referrer policy applies, not one of ours.
    expect(init).not.toHaveProperty('referrerPolicy');
  });

  it('falls back to an image pixel where fetch does not exist', async () => {
    const created: string[] = [];
    class FakeImage {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(url: string) {
        created.push(url);
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('Image', FakeImage);
    vi.stubGlobal('fetch', undefined);
    try {
      await expect(deliverBeacon('https://svc.test/p?x=1')).resolves.toBe(true);
      expect(created).toEqual(['https://svc.test/p?x=1']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('gives up after the bounded retries, logs each attempt, and keeps the beacon (B1)', async () => {
    const lines: string[] = [];
    const fetch = vi.fn<typeof globalThis.fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await deliverBeacon('https://svc.test/p', { fetch, retries: 1, backoffMs: 1, log: (m) => lines.push(m) });
    expect(lines).toEqual([
      'beacon attempt 1 failed, retrying in 1 ms: https://svc.test/p',
      'beacon attempt 2 failed, giving up: https://svc.test/p',
      'B1',
    ]);
    resetKeptForTests();
  });

  it('retries a network failure with backoff, then stops', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(deliverBeacon('https://svc.test/p', { fetch, retries: 2, backoffMs: 1 })).resolves.toBe(
      false,
    );
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('succeeds on a retry after one failure', async () => {
    let calls = 0;
    const fetch = vi.fn<typeof globalThis.fetch>(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return new Response(null);
    });
    await expect(deliverBeacon('https://svc.test/p', { fetch, backoffMs: 1 })).resolves.toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('close on leaving the page', () => {
  it('fires close only when the unit was visibly displayed, and once per load', () => {
    const fetch = okFetch();
    const ledger = new BeaconLedger({ fetch });
    expect(ledger.displayed).toBe(false);
    expect(ledger.closeOnPageLeave(offer(1))).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    ledger.countImpression(offer(1));
    expect(ledger.displayed).toBe(true);
    expect(ledger.closeOnPageLeave(offer(1))).toBe(true);
    expect(ledger.closeOnPageLeave(offer(1))).toBe(false);
    expect(ledger.fire('close', offer(2))).toBe(false);
    expect(fetch.mock.calls.map((c) => c[0])).toEqual([
      'https://svc.test/beacon/pixel/1',
      'https://svc.test/beacon/adv_pixel/1',
      'https://svc.test/beacon/close/1',
    ]);
  });

  it('does not fire close on leaving after the close button already did', () => {
    const fetch = okFetch();
    const ledger = new BeaconLedger({ fetch });
    ledger.countImpression(offer(1));
    expect(ledger.fire('close', offer(1))).toBe(true);
    expect(ledger.closeOnPageLeave(offer(1))).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});

describe('debug logging', () => {
  it('logs each beacon and each skipped one', async () => {
    const lines: string[] = [];
    const ledger = new BeaconLedger({ fetch: okFetch(), log: (m) => lines.push(m) });
    ledger.countImpression(offer(7));
    ledger.countImpression(offer(7));
    // The GETs leave in later tasks (later-steps.ts): wait for the delivery's line, not for time.
    await vi.waitFor(() => expect(lines).toContain('beacon delivered: https://svc.test/beacon/pixel/7'));
    expect(lines).toEqual(
      expect.arrayContaining([
        'beacon pixel of offer 7: GET https://svc.test/beacon/pixel/7',
        'beacon adv_pixel of offer 7: GET https://svc.test/beacon/adv_pixel/7',
        'offer 7: impression already counted in this load; nothing fired',
        'beacon delivered: https://svc.test/beacon/pixel/7',
      ]),
    );
  });
});

describe("the impression's steps: recorded at once, sent over two tasks, never lost", () => {
  const urls = (fetch: ReturnType<typeof okFetch>) => fetch.mock.calls.map((c) => String(c[0]));
  const PIXEL = 'https://svc.test/beacon/pixel/1';
  const ADV = 'https://svc.test/beacon/adv_pixel/1';

  afterEach(() => {
    runLaterSteps();
    vi.unstubAllGlobals();
    resetKeptForTests();
  });

  it('records both beacons at once; their GETs leave in the next tasks, pixel first', async () => {
    const fetch = okFetch();
    const ledger = new BeaconLedger({ fetch });
    ledger.countImpression(offer(1));
    expect(urls(fetch)).toEqual([]);
    // Decided: neither fires again, whether its GET left or waits; the unit was displayed.
    expect(ledger.fire('pixel', offer(1))).toBe(false);
    expect(ledger.fire('adv_pixel', offer(1))).toBe(false);
    expect(ledger.displayed).toBe(true);
    await vi.waitFor(() => expect(urls(fetch)).toEqual([PIXEL, ADV]));
  });

  it('a beacon fired before those tasks goes after what the impression decided (pixel, adv, close)', () => {
    const fetch = okFetch();
    const ledger = new BeaconLedger({ fetch });
    ledger.countImpression(offer(1));
    expect(ledger.fire('no_thanks_click', offer(1))).toBe(true);
    expect(ledger.closeOnPageLeave(offer(1))).toBe(true);
    expect(urls(fetch)).toEqual([
      PIXEL,
      ADV,
      'https://svc.test/beacon/no/1',
      'https://svc.test/beacon/close/1',
    ]);
  });

  it.each([
    ['pagehide', () => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }))],
    [
      'visibilitychange to hidden',
      () => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      },
    ],
  ])('%s before those tasks: both GETs leave at once, in order, by keepalive, once', async (_, leave) => {
    const fetch = okFetch();
    const ledger = new BeaconLedger({ fetch });
    try {
      ledger.countImpression(offer(1));
      leave();
      expect(urls(fetch)).toEqual([PIXEL, ADV]);
      for (const [, init] of fetch.mock.calls)
        expect(init).toEqual(expect.objectContaining({ keepalive: true }));
      // The task that was asked for finds nothing of it left: nothing goes twice.
      Reflect.deleteProperty(document, 'visibilityState');
      const marker = vi.fn();
      inLaterTask(marker);
      await vi.waitFor(() => expect(marker).toHaveBeenCalled());
      expect(urls(fetch)).toEqual([PIXEL, ADV]);
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });

  it('a page left offline before those tasks keeps both, synchronously (decision 015)', () => {
    vi.stubGlobal('navigator', { onLine: false });
    const fetch = okFetch();
    const ledger = new BeaconLedger({ fetch });
    ledger.countImpression(offer(1));
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    expect(fetch).not.toHaveBeenCalled();
    const sent: string[] = [];
    sendKept((beacon) => sent.push(beacon.url));
    expect(sent).toEqual([PIXEL, ADV]);
  });

  it('a step left while the page is hidden runs at once', () => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      const fetch = okFetch();
      new BeaconLedger({ fetch }).countImpression(offer(1));
      expect(urls(fetch)).toEqual([PIXEL, ADV]);
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });
});
