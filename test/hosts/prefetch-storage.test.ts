import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConsentForTests, resolveConsent } from '../../src/consent/consent.js';
import {
  dropPrefetched,
  hashText,
  prefetchStorageKey,
  readPrefetched,
  savePrefetched,
  type PrefetchRequestKey,
} from '../../src/hosts/prefetch-storage.js';
import { normalizeResponse } from '../../src/model/normalize.js';
import { OPTIONS } from '../../src/options/schema.js';
import { DEFAULT_PREFETCH_TTL_MS, MAX_PREFETCH_TTL_MS } from '../../src/options/values.js';

const offer = (id: number) => ({
  id,
  title: `Offer ${id}`,
  click_url: `https://click.example/${id}`,
  pixel: `https://track.example/p/${id}`,
});
const response = normalizeResponse({ data: { offers: [offer(1), offer(2)], session_id: 's-1' } });

// `request` is the unit's request key (every request option and the payload; its own tests are in
// test/options/schema.test.ts): here any string that stands for one request.
const key: PrefetchRequestKey = {
  sdkId: 'sdk-1',
  placement: 'checkout',
  request:
    '["sdk-1","https://offers.example/","checkout","v4",null,null,null,null,false,{"email":"a@example.com"}]',
};

const T0 = 1_700_000_000_000;
const TTL = 60_000;

beforeEach(() => localStorage.clear());
afterEach(() => {
  resetConsentForTests();
  delete (window as { __tcfapi?: unknown }).__tcfapi;
  vi.restoreAllMocks();
});

describe('prefetch storage', () => {
  it('a fresh entry for the same request is a hit, validated again', () => {
    expect(savePrefetched(window, key, response, T0)).toBe(true);
    const found = readPrefetched(window, key, { ttlMs: TTL, now: T0 + TTL });
    expect(found).toEqual({ hit: true, response });
  });

  it('a hit stays until dropped (its offers shown), then the request finds none', () => {
    savePrefetched(window, key, response, T0);
    expect(readPrefetched(window, key, { ttlMs: TTL, now: T0 }).hit).toBe(true);
    expect(readPrefetched(window, key, { ttlMs: TTL, now: T0 }).hit).toBe(true);
    dropPrefetched(window, key);
    expect(readPrefetched(window, key, { ttlMs: TTL, now: T0 })).toEqual({
      hit: false,
      reason: 'none',
    });
  });

  it('reading asks consent as writing does: refused, the storage is not read at all', async () => {
    (window as { __tcfapi?: unknown }).__tcfapi = (
      _command: string,
      _version: number,
      callback: (data: unknown, ok: boolean) => void,
    ) => callback({ gdprApplies: true, eventStatus: 'tcloaded', purpose: { consents: {} } }, true);
    const read = vi.spyOn(localStorage, 'getItem');
    expect((await resolveConsent(1_000)).storage).toBe(false);
    read.mockClear();
    expect(readPrefetched(window, key, { ttlMs: TTL, now: T0 })).toEqual({
      hit: false,
      reason: 'refused',
    });
    expect(read).not.toHaveBeenCalled();
  });

  it('a stale entry is ignored and removed', () => {
    savePrefetched(window, key, response, T0);
    expect(readPrefetched(window, key, { ttlMs: TTL, now: T0 + TTL + 1 })).toEqual({
      hit: false,
      reason: 'stale',
    });
    expect(localStorage.getItem(prefetchStorageKey(key))).toBeNull();
  });

  it('an entry from the future (beyond a little clock skew) is stale', () => {
    savePrefetched(window, key, response, T0 + 60_000);
    expect(readPrefetched(window, key, { ttlMs: TTL, now: T0 }).hit).toBe(false);
  });

  it.each([
    ['another user payload', { request: key.request.replace('a@example', 'b@example') }],
    ['another endpoint', { request: key.request.replace('offers.example', 'proxy.example') }],
    ['test mode', { request: key.request.replace('false', 'true') }],
  ])('a foreign entry (%s) is ignored and left for its own request', (_label, change) => {
    savePrefetched(window, key, response, T0);
    const other = { ...key, ...change };
    expect(readPrefetched(window, other, { ttlMs: TTL, now: T0 })).toEqual({
      hit: false,
      reason: 'foreign',
    });
    expect(readPrefetched(window, key, { ttlMs: TTL, now: T0 }).hit).toBe(true);
  });

  it('another SDK ID or placement uses another slot', () => {
    savePrefetched(window, key, response, T0);
    expect(readPrefetched(window, { ...key, sdkId: 'sdk-2' }, { ttlMs: TTL }).hit).toBe(false);
    expect(prefetchStorageKey({ ...key, placement: 'cart' })).not.toBe(prefetchStorageKey(key));
  });

  it.each([
    ['not JSON', '{"v":1,'],
    ['not an object', '[1,2]'],
    ['another version', JSON.stringify({ v: 2, savedAt: T0, request: 'x', response: {} })],
    ['no timestamp', JSON.stringify({ v: 1, request: 'x', response: {} })],
  ])('a corrupt entry (%s) is ignored and removed', (_label, text) => {
    localStorage.setItem(prefetchStorageKey(key), text);
    expect(readPrefetched(window, key, { ttlMs: TTL, now: T0 })).toEqual({
      hit: false,
      reason: 'corrupt',
    });
    expect(localStorage.getItem(prefetchStorageKey(key))).toBeNull();
  });

  it('an entry whose response no longer passes the normaliser is corrupt', () => {
    savePrefetched(window, key, response, T0);
    const stored = JSON.parse(localStorage.getItem(prefetchStorageKey(key)) ?? '{}') as Record<
      string,
      unknown
    >;
    localStorage.setItem(prefetchStorageKey(key), JSON.stringify({ ...stored, response: { offers: 'x' } }));
    expect(readPrefetched(window, key, { ttlMs: TTL, now: T0 })).toEqual({
      hit: false,
      reason: 'corrupt',
    });
  });

  it('the stored offers are normalised again (an unsafe URL planted in storage is dropped)', () => {
    savePrefetched(window, key, response, T0);
    const stored = JSON.parse(localStorage.getItem(prefetchStorageKey(key)) ?? '{}') as {
      response: { offers: Array<Record<string, unknown>> };
    };
    const first = stored.response.offers[0];
    if (first) first.click_url = 'javascript:alert(1)';
    localStorage.setItem(prefetchStorageKey(key), JSON.stringify(stored));
    const found = readPrefetched(window, key, { ttlMs: TTL, now: T0 });
    expect(found.hit && found.response.offers.map((o) => o.id)).toEqual([2]);
  });

  it('blocked storage: nothing saved, nothing found, nothing thrown', () => {
    const blocked = {
      get localStorage(): Storage {
        throw new DOMException('blocked', 'SecurityError');
      },
    } as unknown as Window;
    expect(savePrefetched(blocked, key, response)).toBe(false);
    expect(readPrefetched(blocked, key, { ttlMs: TTL })).toEqual({
      hit: false,
      reason: 'unavailable',
    });
  });
});

describe('prefetch helpers', () => {
  it.each([
    [undefined, DEFAULT_PREFETCH_TTL_MS],
    [Number.NaN, DEFAULT_PREFETCH_TTL_MS],
    [-1, DEFAULT_PREFETCH_TTL_MS],
    ['1000', DEFAULT_PREFETCH_TTL_MS],
    [0, 0],
    [1500, 1500],
    [Number.POSITIVE_INFINITY, DEFAULT_PREFETCH_TTL_MS],
    [10 * MAX_PREFETCH_TTL_MS, MAX_PREFETCH_TTL_MS],
  ])('the prefetchTtlMs option: %j → %j', (value, expected) => {
    expect(OPTIONS.prefetchTtlMs.parse(value)).toBe(expected);
  });

  it('hashText is 8 hex digits and tells inputs apart', () => {
    expect(hashText('a')).toMatch(/^[0-9a-f]{8}$/);
    expect(hashText('a')).not.toBe(hashText('b'));
    expect(hashText('a')).toBe(hashText('a'));
  });
});
