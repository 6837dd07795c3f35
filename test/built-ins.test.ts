import { afterEach, describe, expect, it, vi } from 'vitest';
import { stringify } from '../src/built-ins.js';
import { generateFingerprint } from '../src/client/fingerprint.js';
import { offersRequestKey } from '../src/client/request.js';
import type { FetchOffersOptions } from '../src/options/fetch-options.js';
import { forget, resetConsentForTests } from '../src/consent/consent.js';
import { gppUsOptOut } from '../src/consent/signals.js';
import { defineElements } from '../src/elements/registry.js';
import { OffersError, isOffersError } from '../src/errors.js';
import { readPrefetched, savePrefetched, type PrefetchRequestKey } from '../src/hosts/prefetch-storage.js';
import { normalizeResponse } from '../src/model/normalize.js';
import { gppUsnat } from './consent/strings.js';

/**
 * The pure parts of the SDK under what old libraries do to the built-ins (docs/decisions/014),
 * each change as the library makes it and undone after the test. The browser proof, with whole
 * pages, is e2e/hostile-pages.spec.ts.
 */
type Patch = () => void;

const undo: Array<() => void> = [];
afterEach(() => {
  while (undo.length > 0) undo.pop()?.();
  resetConsentForTests();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** Replaces `target[key]` as a library would (a plain assignment: enumerable), until the test ends. */
function replace(target: object, key: PropertyKey, value: unknown): void {
  const before = Object.getOwnPropertyDescriptor(target, key);
  (target as Record<PropertyKey, unknown>)[key] = value;
  undo.push(() => {
    if (before) Object.defineProperty(target, key, before);
    else Reflect.deleteProperty(target, key);
  });
}

const PATCHES: Record<string, Patch> = {
  // mootools-core 1.6.0, Source/Core/Core.js (`Array.from = Array.convert`, compat build): no map function.
  'MooTools 1.6.0 Array.from': () =>
    replace(Array, 'from', (item: unknown) => {
      if (item == null) return [];
      const list = item as { length?: unknown };
      if (typeof item === 'string' || typeof list.length !== 'number') return [item];
      return Array.isArray(item) ? item : Array.prototype.slice.call(item);
    }),
  // prototype 1.6.1, src/lang/array.js: `Array.from = $A`, no map function.
  'Prototype 1.6.1 Array.from ($A)': () =>
    replace(Array, 'from', (iterable: { length?: number; toArray?: () => unknown[] } | null) => {
      if (!iterable) return [];
      if ('toArray' in Object(iterable)) return iterable.toArray?.();
      let length = iterable.length ?? 0;
      const results = new Array<unknown>(length);
      while (length--) results[length] = (iterable as unknown as unknown[])[length];
      return results;
    }),
  // prototype 1.6.1, src/lang/enumerable.js: `entries: toArray` mixed into Array.prototype.
  'Prototype 1.6.1 Array#entries (toArray)': () =>
    replace(Array.prototype, 'entries', function (this: unknown[]) {
      return this.slice();
    }),
  // prototype 1.6.1, src/lang/array.js: Array#toJSON returns a JSON string.
  'Prototype 1.6.1 Array#toJSON': () =>
    replace(Array.prototype, 'toJSON', function (this: unknown[]) {
      return `[${this.map((v) => JSON.stringify(v)).join(', ')}]`;
    }),
  // A frozen Error.prototype (hand-frozen intrinsics): its `name` cannot be overridden by assignment.
  'Error.prototype.name read-only': () => {
    const before = Object.getOwnPropertyDescriptor(Error.prototype, 'name') as PropertyDescriptor;
    Object.defineProperty(Error.prototype, 'name', { ...before, writable: false });
    undo.push(() => Object.defineProperty(Error.prototype, 'name', before));
  },
};

const usnatSaleOptOut = gppUsnat(1, 2, 2);
const prefetchKey: PrefetchRequestKey = { sdkId: 'sdk-1', placement: 'checkout', request: '["sdk-1"]' };
const offersResponse = normalizeResponse({
  data: {
    offers: [{ id: 1, title: 'Offer 1', click_url: 'https://click.example/1', pixel: 'https://t.example/1' }],
    session_id: 's-1',
  },
});

/** The request key of a unit (the prefetch entry's identity), on this page as it is now. */
function requestKeyOfUnit(): string {
  defineElements(customElements);
  const unit = document.createElement('adpx-offers');
  unit.setAttribute('api-key', 'sdk-1');
  unit.setAttribute('placement', 'checkout');
  unit.setAttribute('endpoint', 'https://offers.example/');
  // The key the unit's load (UnitLoad) compares: of the unit's request options.
  return offersRequestKey((unit as unknown as { requestOptions(): FetchOffersOptions }).requestOptions());
}
const CLEAN_REQUEST_KEY = requestKeyOfUnit();

/** Each case: why it exists, the changes it runs under, and what must still hold. */
const CASES: Array<{ why: string; under: string[]; check: () => void | Promise<void> }> = [
  {
    why: 'the issue: MooTools made the observer thresholds undefined and the IntersectionObserver threw',
    under: ['MooTools 1.6.0 Array.from'],
    check: async () => {
      vi.resetModules(); // the grid is built when the module is evaluated: evaluate it on this page
      const { VIEWABILITY_THRESHOLDS, thresholdsFor } = await import('../src/tracking/viewability.js');
      expect(VIEWABILITY_THRESHOLDS).toHaveLength(21);
      expect(VIEWABILITY_THRESHOLDS.every((t) => Number.isFinite(t) && t >= 0 && t <= 1)).toBe(true);
      expect(VIEWABILITY_THRESHOLDS[10]).toBe(0.5);
      expect(thresholdsFor({ width: 300, height: 250 }, null).every(Number.isFinite)).toBe(true);
    },
  },
  {
    why: 'the same with Prototype: $A({ length: 21 }) is 21 × undefined',
    under: ['Prototype 1.6.1 Array.from ($A)'],
    check: async () => {
      vi.resetModules();
      const { VIEWABILITY_THRESHOLDS } = await import('../src/tracking/viewability.js');
      expect(VIEWABILITY_THRESHOLDS.every(Number.isFinite)).toBe(true);
    },
  },
  {
    why: 'a GPP US opt-out must still be read: else an opted-out visitor is treated as not opted out',
    under: ['Prototype 1.6.1 Array.from ($A)', 'Prototype 1.6.1 Array#entries (toArray)'],
    check: () => expect(gppUsOptOut(usnatSaleOptOut)).toBe('usnat'),
  },
  {
    why: 'the same with MooTools: the 2-bit fields were never read',
    under: ['MooTools 1.6.0 Array.from'],
    check: () => expect(gppUsOptOut(usnatSaleOptOut)).toBe('usnat'),
  },
  {
    why: 'forget() must delete the adpx: keys (a consent refusal); with MooTools it listed none',
    under: ['MooTools 1.6.0 Array.from'],
    check: () => {
      localStorage.setItem('adpx:prefetch:v1:abc', '{}');
      localStorage.setItem('shop-cart', '3 items');
      forget();
      expect(localStorage.getItem('adpx:prefetch:v1:abc')).toBeNull();
      expect(localStorage.getItem('shop-cart')).toBe('3 items');
    },
  },
  {
    why: 'the id without crypto.randomUUID (plain http pages) stays 32 hex characters',
    under: ['Prototype 1.6.1 Array.from ($A)'],
    check: () => {
      vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(171) });
      expect(generateFingerprint()).toBe('ab'.repeat(16));
    },
  },
  {
    why: 'JSON the SDK sends or stores keeps its arrays (Prototype 1.6 encoded each as a string)',
    under: ['Prototype 1.6.1 Array#toJSON'],
    check: () => {
      expect(JSON.stringify({ a: [1] })).toBe('{"a":"[1]"}'); // what the page did to JSON
      expect(stringify({ a: [1, [2, { b: ['c'] }]], d: 'e' })).toBe('{"a":[1,[2,{"b":["c"]}]],"d":"e"}');
      expect(stringify([])).toBe('[]');
    },
  },
  {
    why: 'a prefetched response survives the round trip through storage',
    under: ['Prototype 1.6.1 Array#toJSON'],
    check: () => {
      expect(savePrefetched(window, prefetchKey, offersResponse, 0)).toBe(true);
      const found = readPrefetched(window, prefetchKey, { ttlMs: 60_000, now: 1 });
      expect(found).toEqual({ hit: true, response: offersResponse });
    },
  },
  {
    why: 'the request key is the same as on a page without Array#toJSON (else a prefetch is foreign)',
    under: ['Prototype 1.6.1 Array#toJSON'],
    check: () => expect(requestKeyOfUnit()).toBe(CLEAN_REQUEST_KEY),
  },
  {
    why: 'an OffersError can be made where Error.prototype.name cannot be overridden by assignment',
    under: ['Error.prototype.name read-only'],
    check: () => {
      const error = new OffersError('http', 'HTTP 500', { status: 500 });
      expect(error.name).toBe('OffersError');
      expect(String(error)).toBe('OffersError: HTTP 500');
      expect(isOffersError(error)).toBe(true);
    },
  },
];

describe('the SDK under changed built-ins', () => {
  it.each(CASES)('$why', async ({ under, check }) => {
    for (const name of under) PATCHES[name]?.();
    await check();
  });
});

describe('stringify on an untouched page', () => {
  it.each([
    [{ placement: 'checkout', dev: '1' }, '{"placement":"checkout","dev":"1"}'],
    [{ a: [1, 'x', null], b: { c: [] } }, '{"a":[1,"x",null],"b":{"c":[]}}'],
    ['text', '"text"'],
    [{ d: new Date(0) }, '{"d":"1970-01-01T00:00:00.000Z"}'],
  ])('%j is JSON.stringify’s %s', (value, json) => {
    expect(stringify(value)).toBe(json);
    expect(stringify(value)).toBe(JSON.stringify(value));
  });
});
