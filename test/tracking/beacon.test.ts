import { afterEach, describe, expect, it, vi } from 'vitest';
import { beaconUrlFor, deliverBeacon } from '../../src/tracking/beacon.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('beaconUrlFor', () => {
  it.each([
    ['https:', 'http://t.example/p?id=1', 'https://t.example/p?id=1'],
    ['https:', 'HTTP://t.example/p', 'https://t.example/p'],
    ['https:', 'https://t.example/p', 'https://t.example/p'],
    ['http:', 'http://t.example/p', 'http://t.example/p'],
    ['file:', 'http://t.example/p', 'http://t.example/p'],
    [undefined, 'http://t.example/p', 'http://t.example/p'],
  ])('on a %s page, %s is sent as %s', (page, given, sent) => {
    expect(beaconUrlFor(given, page)).toBe(sent);
  });
});

describe('deliverBeacon', () => {
  it('on an https page, an http: pixel is fetched as https: (fetch would be blocked as mixed content)', async () => {
    vi.stubGlobal('location', { protocol: 'https:' });
    const fetch = vi.fn(async () => new Response(null));
    expect(await deliverBeacon('http://t.example/pixel?o=1', { fetch })).toBe(true);
    expect(fetch).toHaveBeenCalledExactlyOnceWith('https://t.example/pixel?o=1', expect.anything());
  });

  it('retries a network failure, then gives up without rejecting', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('network');
    });
    expect(await deliverBeacon('https://t.example/p', { fetch, retries: 2, backoffMs: 1 })).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
