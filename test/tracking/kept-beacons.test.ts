/**
 * Beacons kept after a failed delivery (decision 015): the store's rules (once per URL, at most 100,
 * none older than 24 h, claimed once), where they are kept (consent, Web Locks) and how they are
 * sent again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forget, resetConsentForTests, setConsent } from '../../src/consent/consent.js';
import {
  deliverBeacon,
  REPLAY_DELAY_MS,
  REPLAY_TIMEOUT_MS,
  sendKeptBeacons,
} from '../../src/tracking/beacon.js';
import {
  claimFrom,
  forgetKept,
  keepBeacon,
  keepIn,
  KEPT_KEY_PREFIX,
  KEPT_MAX,
  KEPT_TTL_MS,
  resetKeptForTests,
  sendKept,
  type KeptBeacon,
  type KeptStore,
} from '../../src/tracking/kept-beacons.js';

const HOUR = 3_600_000;
const NOW = 1_800_000_000_000;
const url = (n: number) => `https://t.example/beacon/pixel/${n}?s=a`;
const stored = () => Object.keys(localStorage).filter((key) => key.startsWith(KEPT_KEY_PREFIX));

/** Web Locks as a page has them (happy-dom has none): requests granted one after another. */
function stubLocks(): ReturnType<typeof vi.fn> {
  let queue: Promise<unknown> = Promise.resolve();
  const request = vi.fn((_name: string, callback: () => unknown) => {
    const granted = queue.then(callback);
    queue = granted.catch(() => {});
    return granted;
  });
  vi.stubGlobal('navigator', { onLine: true, locks: { request } });
  return request;
}

beforeEach(() => {
  localStorage.clear();
  resetConsentForTests();
  resetKeptForTests();
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetKeptForTests();
});

describe('the store', () => {
  it('keeps a URL once: kept again, it keeps its first time', () => {
    const store: KeptStore = {};
    keepIn(store, url(1), NOW - HOUR, NOW);
    keepIn(store, url(1), NOW, NOW);
    expect(claimFrom(store, NOW)).toEqual([{ url: url(1), at: NOW - HOUR }]);
  });

  it(`keeps at most ${KEPT_MAX}: the oldest make room`, () => {
    const store: KeptStore = {};
    for (let n = 0; n < KEPT_MAX + 5; n++) keepIn(store, url(n), NOW - (KEPT_MAX + 5 - n), NOW);
    const claimed = claimFrom(store, NOW);
    expect(claimed).toHaveLength(KEPT_MAX);
    expect(claimed[0]?.url).toBe(url(5));
    expect(claimed.at(-1)?.url).toBe(url(KEPT_MAX + 4));
  });

  it('drops what is 24 h old or more, and keeps nothing that old', () => {
    const store: KeptStore = {};
    keepIn(store, url(1), NOW - KEPT_TTL_MS + 1, NOW);
    keepIn(store, url(2), NOW - KEPT_TTL_MS, NOW);
    keepIn(store, url(3), NOW - HOUR, NOW);
    expect(Object.keys(store)).toEqual([KEPT_KEY_PREFIX + url(1), KEPT_KEY_PREFIX + url(3)]);
    // An hour later the first has expired: dropped unsent.
    expect(claimFrom(store, NOW + HOUR)).toEqual([{ url: url(3), at: NOW - HOUR }]);
    expect(store).toEqual({});
  });

  it('an entry whose time cannot be read is dropped; other keys are not touched', () => {
    const store: KeptStore = { [KEPT_KEY_PREFIX + url(1)]: 'soon', 'adpx:prefetch:v1:x': '{}', other: 1 };
    expect(claimFrom(store, NOW)).toEqual([]);
    expect(store).toEqual({ 'adpx:prefetch:v1:x': '{}', other: 1 });
  });

  it('a claim takes every live entry out, oldest first: a second claim gets nothing', () => {
    const store: KeptStore = {};
    keepIn(store, url(2), NOW - 1, NOW);
    keepIn(store, url(1), NOW - 2, NOW);
    expect(claimFrom(store, NOW).map((b) => b.url)).toEqual([url(1), url(2)]);
    expect(claimFrom(store, NOW)).toEqual([]);
  });

  it('works on localStorage itself: one key per beacon, its value the time', () => {
    const store = localStorage as unknown as KeptStore;
    keepIn(store, url(1), NOW - 1, NOW);
    expect(localStorage.getItem(KEPT_KEY_PREFIX + url(1))).toBe(String(NOW - 1));
    expect(claimFrom(store, NOW)).toEqual([{ url: url(1), at: NOW - 1 }]);
    expect(localStorage.length).toBe(0);
  });
});

describe('where beacons are kept, and sending them again', () => {
  function collect(): { sent: KeptBeacon[]; send: (b: KeptBeacon) => void } {
    const sent: KeptBeacon[] = [];
    return { sent, send: (b) => sent.push(b) };
  }

  it('storage allowed, Web Locks present: in localStorage, claimed under the lock', async () => {
    const request = stubLocks();
    setConsent({ storage: true });
    keepBeacon(url(1), Date.now(), () => {});
    expect(stored()).toEqual([KEPT_KEY_PREFIX + url(1)]);
    const { sent, send } = collect();
    sendKept(send);
    // Two tabs asking at once: the second finds the entry gone.
    sendKept();
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(sent.map((b) => b.url)).toEqual([url(1)]));
    expect(request.mock.calls[0]?.[0]).toBe('adpx:beacons');
    expect(stored()).toEqual([]);
  });

  it('nothing kept on the device (nearly every load): no Web Lock is asked for', async () => {
    const request = stubLocks();
    setConsent({ storage: true });
    localStorage.setItem('page-key', '1');
    const { sent, send } = collect();
    sendKept(send);
    await Promise.resolve();
    expect(request).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it('storage refused: nothing written, kept in memory and sent from there once', () => {
    setConsent({ storage: false });
    keepBeacon(url(1), Date.now(), () => {});
    keepBeacon(url(1), Date.now(), () => {});
    expect(localStorage.length).toBe(0);
    const { sent, send } = collect();
    sendKept(send);
    sendKept();
    expect(sent.map((b) => b.url)).toEqual([url(1)]);
  });

  it('no Web Locks (older WebKit): in memory only, where no other tab can take it', () => {
    vi.stubGlobal('navigator', { onLine: true });
    setConsent({ storage: true });
    keepBeacon(url(1), Date.now(), () => {});
    expect(localStorage.length).toBe(0);
    const { sent, send } = collect();
    sendKept(send);
    expect(sent.map((b) => b.url)).toEqual([url(1)]);
  });

  it('before any consent decision: memory only, storage neither read nor written', () => {
    stubLocks();
    localStorage.setItem(KEPT_KEY_PREFIX + url(1), String(Date.now()));
    keepBeacon(url(2), Date.now(), () => {});
    expect(stored()).toEqual([KEPT_KEY_PREFIX + url(1)]);
    const { sent, send } = collect();
    sendKept(send);
    expect(sent.map((b) => b.url)).toEqual([url(2)]);
    expect(stored()).toEqual([KEPT_KEY_PREFIX + url(1)]);
  });

  it('forget() and a storage refusal delete what is stored', () => {
    stubLocks();
    setConsent({ storage: true });
    keepBeacon(url(1), Date.now(), () => {});
    expect(stored()).toEqual([KEPT_KEY_PREFIX + url(1)]);
    forget();
    expect(stored()).toEqual([]);
    setConsent({ storage: true });
    keepBeacon(url(2), Date.now(), () => {});
    expect(stored()).toEqual([KEPT_KEY_PREFIX + url(2)]);
    setConsent({ storage: false });
    expect(stored()).toEqual([]);
  });

  it('forgetKept (Adpx.forget) drops what the page keeps in memory; a refusal keeps it', () => {
    setConsent({ storage: false });
    const { sent, send } = collect();
    keepBeacon(url(1), Date.now(), send);
    forget();
    sendKept(send);
    expect(sent.map((b) => b.url)).toEqual([url(1)]);
    keepBeacon(url(2), Date.now(), send);
    forgetKept();
    sendKept(send);
    expect(sent.map((b) => b.url)).toEqual([url(1)]);
  });

  it('a page listens for `online` and visibility only while it has kept something', () => {
    setConsent({ storage: false });
    const { sent, send } = collect();
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    keepBeacon(url(1), Date.now(), send);
    expect(sent).toEqual([]);
    expect(add).toHaveBeenCalledWith('online', expect.any(Function));
    dispatchEvent(new Event('online'));
    expect(sent.map((b) => b.url)).toEqual([url(1)]);
    expect(remove).toHaveBeenCalledWith('online', add.mock.calls[0]?.[1]);
    dispatchEvent(new Event('online'));
    expect(sent).toHaveLength(1);
  });

  it('back online while the page is hidden (a page being closed): nothing sent until it is visible', () => {
    setConsent({ storage: false });
    const { sent, send } = collect();
    keepBeacon(url(1), Date.now(), send);
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    dispatchEvent(new Event('online'));
    expect(sent).toEqual([]);
    hidden.mockReturnValue(false);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sent.map((b) => b.url)).toEqual([url(1)]);
  });

  it('sent again when the page is visible again, not while it is hidden', () => {
    setConsent({ storage: false });
    const { sent, send } = collect();
    keepBeacon(url(1), Date.now(), send);
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sent).toEqual([]);
    hidden.mockReturnValue(false);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sent.map((b) => b.url)).toEqual([url(1)]);
  });
});

describe('deliverBeacon keeps what it could not deliver', () => {
  it('after its retries: kept with the time it failed; sent again, it keeps that time', async () => {
    setConsent({ storage: false });
    const fetch = vi.fn(async () => {
      throw new TypeError('network');
    });
    expect(await deliverBeacon(url(1), { fetch, backoffMs: 1 })).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(3);
    const { sent, send } = collect();
    sendKept(send);
    expect(sent.map((b) => b.url)).toEqual([url(1)]);
    const first = sent[0]?.at ?? 0;
    expect(await deliverBeacon(url(1), { fetch, backoffMs: 1, keptAt: first - HOUR })).toBe(false);
    sendKept(send);
    expect(sent[1]).toEqual({ url: url(1), at: first - HOUR });
  });

  it('offline: not tried, kept at once (synchronously, as in pagehide)', () => {
    setConsent({ storage: false });
    vi.stubGlobal('navigator', { onLine: false });
    const fetch = vi.fn(async () => new Response(null));
    void deliverBeacon(url(1), { fetch });
    expect(fetch).not.toHaveBeenCalled();
    const { sent, send } = collect();
    sendKept(send);
    expect(sent.map((b) => b.url)).toEqual([url(1)]);
  });

  it('delivered: nothing kept', async () => {
    stubLocks();
    setConsent({ storage: true });
    const fetch = vi.fn(async () => new Response(null));
    expect(await deliverBeacon(url(1), { fetch })).toBe(true);
    expect(stored()).toEqual([]);
  });

  function collect(): { sent: KeptBeacon[]; send: (b: KeptBeacon) => void } {
    const sent: KeptBeacon[] = [];
    return { sent, send: (b) => sent.push(b) };
  }
});

describe("a load's replay waits for an idle moment after start-up (issue 36)", () => {
  const fetched = (fetch: ReturnType<typeof vi.fn>) => fetch.mock.calls.map((c) => String(c[0]));

  it('not in the load task: in one idle callback, however many loads asked; then sent once', async () => {
    setConsent({ storage: false });
    keepBeacon(url(1), Date.now(), () => {});
    const fetch = vi.fn(async () => new Response(null));
    vi.stubGlobal('fetch', fetch);
    const idle: Array<() => void> = [];
    const requestIdleCallback = vi.fn((run: () => void, _options?: IdleRequestOptions) => idle.push(run));
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    sendKeptBeacons();
    sendKeptBeacons(); // a second unit's load in the same start-up
    expect(fetch).not.toHaveBeenCalled();
    expect(requestIdleCallback).toHaveBeenCalledTimes(1);
    expect(requestIdleCallback.mock.calls[0]?.[1]).toEqual({ timeout: REPLAY_TIMEOUT_MS });
    idle.forEach((run) => run());
    expect(fetched(fetch)).toEqual([url(1)]);
    // A later load asks for a replay of its own.
    sendKeptBeacons();
    expect(requestIdleCallback).toHaveBeenCalledTimes(2);
    idle.at(-1)?.();
    expect(fetched(fetch)).toEqual([url(1)]);
  });

  it('no requestIdleCallback (Safari): after a delay', async () => {
    vi.useFakeTimers();
    try {
      setConsent({ storage: false });
      keepBeacon(url(2), Date.now(), () => {});
      const fetch = vi.fn(async () => new Response(null));
      vi.stubGlobal('fetch', fetch);
      vi.stubGlobal('requestIdleCallback', undefined);
      sendKeptBeacons();
      vi.advanceTimersByTime(REPLAY_DELAY_MS - 1);
      expect(fetch).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(fetched(fetch)).toEqual([url(2)]);
    } finally {
      vi.useRealTimers();
    }
  });
});
