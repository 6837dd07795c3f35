/**
 * The lazy loader of the terms sanitiser: one module for every caller, and a failed load (a chunk
 * that did not download) resolves null instead of rejecting, then is tried again. Sanitising itself
 * is tested in Chromium (e2e/sanitize.spec.ts): DOMPurify is not safe under happy-dom.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('../../src/sanitize/terms-sanitizer.js');
  vi.doUnmock('../../src/sanitize/native-sanitizer.js');
  vi.resetModules();
});

describe('loadTermsSanitizer', () => {
  it('gives every caller the same module, with the sanitiser in it', async () => {
    const { loadTermsSanitizer } = await import('../../src/sanitize/load-terms-sanitizer.js');
    const first = loadTermsSanitizer();
    expect(loadTermsSanitizer()).toBe(first);
    const module = await first;
    expect(typeof module?.sanitizeTerms).toBe('function');
    expect(typeof module?.termsSanitizerSupported).toBe('function');
  });

  it('hands the loaded sanitiser over without waiting, once a load has resolved, and not before', async () => {
    const { loadTermsSanitizer, loadedTermsSanitizer } =
      await import('../../src/sanitize/load-terms-sanitizer.js');
    const loading = loadTermsSanitizer();
    expect(loadedTermsSanitizer()).toBeUndefined();
    const module = await loading;
    expect(module).not.toBeNull();
    expect(loadedTermsSanitizer()).toBe(module);
  });

  it('resolves null when the module cannot be loaded, and tries again on the next call', async () => {
    vi.doMock('../../src/sanitize/terms-sanitizer.js', () => {
      throw new Error('chunk failed to load');
    });
    const { loadTermsSanitizer, loadedTermsSanitizer } =
      await import('../../src/sanitize/load-terms-sanitizer.js');
    await expect(loadTermsSanitizer()).resolves.toBeNull();
    expect(loadedTermsSanitizer()).toBeUndefined();
    vi.doUnmock('../../src/sanitize/terms-sanitizer.js');
    const retried = await loadTermsSanitizer();
    expect(typeof retried?.sanitizeTerms).toBe('function');
  });

  it("takes the browser's own sanitiser when there is one, and imports no DOMPurify", async () => {
    const native = { termsSanitizerSupported: () => true, sanitizeTerms: () => null };
    vi.doMock('../../src/sanitize/native-sanitizer.js', () => ({ nativeTermsSanitizer: () => native }));
    const imported = vi.fn();
    vi.doMock('../../src/sanitize/terms-sanitizer.js', () => {
      imported();
      return {};
    });
    const { loadTermsSanitizer } = await import('../../src/sanitize/load-terms-sanitizer.js');
    await expect(loadTermsSanitizer()).resolves.toBe(native);
    expect(imported).not.toHaveBeenCalled();
  });
});
