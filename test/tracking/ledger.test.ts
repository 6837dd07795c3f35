import { describe, expect, it, vi } from 'vitest';
import type { Offer, OffersResponse } from '../../src/model/types.js';
import { deliverBeacon } from '../../src/tracking/beacon.js';
import { BeaconLedger, ledgerFor } from '../../src/tracking/ledger.js';

const offer = (id: number, extra: Partial<Offer> = {}): Offer => ({
  id,
  title: `Offer ${id}`,
  click_url: `https://svc.test/click/${id}`,
  creatives: [],
  pixel: `https://svc.test/beacon/pixel/${id}`,
  adv_pixel_url: `https://svc.test/beacon/adv_pixel/${id}`,
  beacons: { close: `https://svc.test/beacon/close/${id}`, no_thanks_click: `https://svc.test/beacon/no/${id}` },
  offerwall_enabled: false,
  perkswallet_enabled: false,
  is_loyaltyboost: false,
  tags: [],
  ...extra,
});

const okFetch = () => vi.fn<typeof globalThis.fetch>(async () => new Response(null, { status: 200 }));

describe('BeaconLedger', () => {
  it('counts an impression once: pixel and adv pixel fire once each', () => {
    const fetch = okFetch();
    const ledger = new BeaconLedger({ fetch });
    expect(ledger.countImpression(offer(1))).toBe(true);
    expect(ledger.countImpression(offer(1))).toBe(false);
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
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives the same response the same ledger and a new response a new one', () => {
    const response: OffersResponse = { offers: [offer(1)], count: 1, styles: {}, settings: {} };
    expect(ledgerFor(response)).toBe(ledgerFor(response));
    expect(ledgerFor({ ...response })).not.toBe(ledgerFor(response));
  });
});

describe('deliverBeacon', () => {
  it('GETs the URL exactly as given, keepalive, no-cors, with credentials', async () => {
    const fetch = okFetch();
    const url = 'https://svc.test/beacon/pixel/1?s=a%20b&x=1';
    await expect(deliverBeacon(url, { fetch })).resolves.toBe(true);
    expect(fetch).toHaveBeenCalledWith(url, expect.objectContaining({
      method: 'GET',
      keepalive: true,
      mode: 'no-cors',
      credentials: 'include',
    }));
    expect(fetch.mock.calls[0]?.[1]).not.toHaveProperty('body');
  });

  it('retries a network failure with backoff, then stops', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(deliverBeacon('https://svc.test/p', { fetch, retries: 2, backoffMs: 1 })).resolves.toBe(false);
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
