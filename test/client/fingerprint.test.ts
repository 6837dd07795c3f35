import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ADPX_FP_STORAGE_KEY,
  forgetAdpxFingerprint,
  generateFingerprint,
  getAdpxFingerprint,
} from '../../src/client/fingerprint.js';
import type { FingerprintStorage } from '../../src/client/fingerprint.js';

/** A storage whose every call throws (Safari private mode, sandboxed iframes). */
const throwingStorage: FingerprintStorage = {
  getItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
};

afterEach(() => {
  forgetAdpxFingerprint();
  forgetAdpxFingerprint(null);
});

describe('generateFingerprint', () => {
  it('is 32 alphanumeric characters, different each time', () => {
    const a = generateFingerprint();
    expect(a).toMatch(/^[a-f0-9]{32}$/);
    expect(generateFingerprint()).not.toBe(a);
  });

  it('falls back to getRandomValues without randomUUID (pages on plain http)', () => {
    const getRandomValues = vi.spyOn(crypto, 'getRandomValues');
    const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(generateFingerprint()).toMatch(/^[a-f0-9]{32}$/);
      expect(getRandomValues).toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(crypto, 'randomUUID');
      if (own !== undefined) Object.defineProperty(crypto, 'randomUUID', own);
      expect(typeof crypto.randomUUID).toBe('function');
    }
  });
});

describe('getAdpxFingerprint', () => {
  it('generates once and persists under the documented key', () => {
    const id = getAdpxFingerprint();
    expect(localStorage.getItem(ADPX_FP_STORAGE_KEY)).toBe(id);
    expect(getAdpxFingerprint()).toBe(id);
  });

  it('reuses an id already stored by an earlier page', () => {
    localStorage.setItem(ADPX_FP_STORAGE_KEY, 'abcdef0123456789abcdef0123456789');
    expect(getAdpxFingerprint()).toBe('abcdef0123456789abcdef0123456789');
  });

  it('replaces a stored value that is not a valid id (tampered or corrupt)', () => {
    localStorage.setItem(ADPX_FP_STORAGE_KEY, '<script>');
    const id = getAdpxFingerprint();
    expect(id).toMatch(/^[a-f0-9]{32}$/);
    expect(localStorage.getItem(ADPX_FP_STORAGE_KEY)).toBe(id);
  });

  it('falls back to a stable memory value when storage throws', () => {
    const id = getAdpxFingerprint(throwingStorage);
    expect(id).toMatch(/^[a-f0-9]{32}$/);
    expect(getAdpxFingerprint(throwingStorage)).toBe(id);
  });

  it('falls back to memory when there is no storage', () => {
    const id = getAdpxFingerprint(null);
    expect(getAdpxFingerprint(null)).toBe(id);
  });

  it('forgets the id in storage and memory', () => {
    const id = getAdpxFingerprint();
    forgetAdpxFingerprint();
    expect(localStorage.getItem(ADPX_FP_STORAGE_KEY)).toBeNull();
    expect(getAdpxFingerprint()).not.toBe(id);
  });

  it('survives forgetting with a throwing storage', () => {
    expect(() => forgetAdpxFingerprint(throwingStorage)).not.toThrow();
  });
});
