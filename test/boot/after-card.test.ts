import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The split script tag's after-card loader (src/boot/after-card.ts, decision 016): which file an
 * engine gets, one load for every caller, a failed load tried again (at the next call, or when the
 * browser is back online for a card waiting for its impression rule). The script element itself is
 * sibling-script.ts's, proven in e2e/after-card.spec.ts; here it is a mock that "runs" the file by
 * registering its exports, or fails.
 */
const KEY = Symbol.for('adpx-offers.after-card');
const FILES = {
  native: { file: 'adpx-offers.after-card.iife.js', integrity: 'sha384-native' },
  dompurify: { file: 'adpx-offers.after-card.dompurify.iife.js', integrity: 'sha384-dompurify' },
};
const EXPORTS = {
  ImpressionController: vi.fn(),
  loadTermsSanitizer: vi.fn(),
  loadedTermsSanitizer: vi.fn(),
};

let outcomes: Array<'runs' | 'fails'>;
const loadSiblingScript = vi.fn(async () => {
  await Promise.resolve();
  if (outcomes.shift() === 'fails') throw new Error('adpx-offers: the file could not be loaded');
  Reflect.set(window, KEY, EXPORTS);
});
vi.mock('../../src/sanitize/sibling-script.js', () => ({ loadSiblingScript }));

async function freshLoader() {
  vi.resetModules();
  return import('../../src/boot/after-card.js');
}

beforeEach(() => {
  Object.assign(globalThis, { __ADPX_AFTER_CARD__: FILES });
  Reflect.deleteProperty(window, KEY);
  loadSiblingScript.mockClear();
  outcomes = [];
});

afterEach(() => {
  Reflect.deleteProperty(Element.prototype, 'setHTML');
});

describe('the after-card file', () => {
  it('is the native one where Element.setHTML exists, with its hash', async () => {
    Object.defineProperty(Element.prototype, 'setHTML', { value: () => {}, configurable: true });
    const { loadAfterCard } = await freshLoader();
    await expect(loadAfterCard()).resolves.toBe(EXPORTS);
    expect(loadSiblingScript.mock.calls).toEqual([[FILES.native.file, FILES.native.integrity]]);
  });

  it('is the one with DOMPurify where Element.setHTML is missing', async () => {
    const { loadAfterCard } = await freshLoader();
    await loadAfterCard();
    expect(loadSiblingScript.mock.calls).toEqual([[FILES.dompurify.file, FILES.dompurify.integrity]]);
  });

  it('is loaded once for every caller, and not again once it has run', async () => {
    const { loadAfterCard, afterCardLoaded } = await freshLoader();
    expect(afterCardLoaded()).toBeUndefined();
    const [a, b] = await Promise.all([loadAfterCard(), loadAfterCard()]);
    expect(a).toBe(EXPORTS);
    expect(b).toBe(EXPORTS);
    await loadAfterCard();
    expect(loadSiblingScript).toHaveBeenCalledTimes(1);
    expect(afterCardLoaded()).toBe(EXPORTS);
  });

  it('rejects when it cannot be loaded, and the next call tries again', async () => {
    outcomes = ['fails', 'runs'];
    const { loadAfterCard } = await freshLoader();
    await expect(loadAfterCard()).rejects.toThrow('could not be loaded');
    await expect(loadAfterCard()).resolves.toBe(EXPORTS);
    expect(loadSiblingScript).toHaveBeenCalledTimes(2);
  });

  it('rejects when the file ran but did not register', async () => {
    loadSiblingScript.mockImplementationOnce(async () => {});
    const { loadAfterCard } = await freshLoader();
    await expect(loadAfterCard()).rejects.toThrow('did not register');
  });
});

describe('a card waiting for the file (afterCardArrives)', () => {
  it('is told of each failure, and gets the file once the browser is back online', async () => {
    outcomes = ['fails', 'fails', 'runs'];
    const { afterCardArrives } = await freshLoader();
    const failures: string[] = [];
    let arrived: unknown;
    void afterCardArrives((error) => failures.push(error.message)).then((loaded) => (arrived = loaded));
    await vi.waitFor(() => expect(failures).toHaveLength(1));
    expect(arrived).toBeUndefined();
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(failures).toHaveLength(2));
    expect(arrived).toBeUndefined();
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(arrived).toBe(EXPORTS));
    expect(loadSiblingScript).toHaveBeenCalledTimes(3);
    // Arrived: another `online` loads nothing more.
    window.dispatchEvent(new Event('online'));
    await Promise.resolve();
    expect(loadSiblingScript).toHaveBeenCalledTimes(3);
  });

  it('gets the file when another caller (the terms) loaded it meanwhile; its retry goes', async () => {
    outcomes = ['fails', 'runs'];
    const { afterCardArrives, loadAfterCard } = await freshLoader();
    const added = vi.spyOn(window, 'addEventListener');
    const failures: string[] = [];
    let arrived: unknown;
    void afterCardArrives((error) => failures.push(error.message)).then((loaded) => (arrived = loaded));
    await vi.waitFor(() => expect(failures).toHaveLength(1));
    const options = added.mock.calls.find(([type]) => type === 'online')?.[2];
    const signal = typeof options === 'object' ? options.signal : undefined;
    expect(signal?.aborted).toBe(false);
    await loadAfterCard();
    await vi.waitFor(() => expect(arrived).toBe(EXPORTS));
    expect(failures).toHaveLength(1);
    // No listener of ours stays on the page once the file has come: its signal removed it.
    expect(signal?.aborted).toBe(true);
    added.mockRestore();
  });
});
