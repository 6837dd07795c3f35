/**
 * Beacons kept after their delivery failed, sent again later (decision 015). A beacon is kept only
 * once its own delivery has failed (or could not start: the browser is offline), so the service
 * never saw it; taking it out of the store before sending it again is what makes it go once.
 *
 * Where: the origin's localStorage when a consent decision allows storage (`storageGranted`) and
 * the browser has Web Locks to claim entries across tabs; else this page's memory, which no other tab sees
 * (no Web Locks: older WebKit, some WebViews). One entry per beacon: the key `adpx:beacon:<url>`
 * (under the prefix `forget()` deletes), the value the time its delivery failed.
 */
import { storageGranted } from '../consent/consent.js';
import { safely } from '../errors.js';

/** A kept beacon: its URL as the service gave it, and when its delivery first failed (epoch ms). */
export interface KeptBeacon {
  url: string;
  at: number;
}

/** Kept beacons by key: this page's memory, or `localStorage` itself (its named properties). */
export type KeptStore = Record<string, string | number>;

/** The key of a kept beacon is this prefix and its URL. */
export const KEPT_KEY_PREFIX = 'adpx:beacon:';
/** At most this many beacons are kept; the oldest make room. */
export const KEPT_MAX = 100;
/** A beacon kept longer than this (24 h) is dropped unsent. */
export const KEPT_TTL_MS = 86_400_000;

/** The keys of the live entries of `store`, oldest first; expired (or unreadable) ones are dropped. */
function live(store: KeptStore, now: number): string[] {
  return Object.keys(store)
    .filter(
      (key) =>
        key.startsWith(KEPT_KEY_PREFIX) && (now - Number(store[key]) < KEPT_TTL_MS || !drop(store, key)),
    )
    .sort((a, b) => Number(store[a]) - Number(store[b]));
}

/** Deletes an entry (on localStorage: `removeItem`). Always true. */
const drop = (store: KeptStore, key: string) => Reflect.deleteProperty(store, key);

/**
 * Keeps `url`, whose delivery failed at `at`: once per URL (an entry already kept keeps its own
 * time), at most {@link KEPT_MAX} (the oldest go), none older than {@link KEPT_TTL_MS}.
 */
export function keepIn(store: KeptStore, url: string, at: number, now: number): void {
  const keys = live(store, now);
  const key = KEPT_KEY_PREFIX + url;
  if (now - at >= KEPT_TTL_MS || key in store) return;
  for (const old of keys.slice(0, Math.max(0, keys.length + 1 - KEPT_MAX))) drop(store, old);
  store[key] = at;
}

/** Takes every live beacon out of `store`, oldest first, for the caller to send. */
export function claimFrom(store: KeptStore, now: number): KeptBeacon[] {
  return live(store, now).map((key) => {
    const at = Number(store[key]);
    drop(store, key);
    return { url: key.slice(KEPT_KEY_PREFIX.length), at };
  });
}

const memory: KeptStore = {};
let resend: ((beacon: KeptBeacon) => void) | undefined;

/**
 * Where beacons are kept now: localStorage once a consent decision allows storage (before one,
 * storage is neither read nor written) and Web Locks exist; else this page's memory.
 */
function storeNow(): KeptStore {
  // Throws with no navigator (Node), or blocked storage: memory.
  const storage = safely(() => storageGranted() && navigator.locks && localStorage);
  return storage ? (storage as unknown as KeptStore) : memory;
}

/**
 * Keeps a beacon whose delivery failed at `at` (synchronous: it works in `pagehide`), to be sent
 * with `send` on `online` or when the page is visible again; this page listens for those only
 * while it has kept something.
 */
export function keepBeacon(url: string, at: number, send: (beacon: KeptBeacon) => void): void {
  try {
    keepIn(storeNow(), url, at, Date.now());
  } catch {
    keepIn(memory, url, at, Date.now()); // storage full
  }
  resend = send;
  listen(true);
}

/**
 * Sends every kept beacon once with `send` (or the last one given): this page's own at once; the
 * stored ones after taking them out of storage under a Web Lock, so that each goes from one tab
 * only, however many ask at once. Never while the page is hidden: a page being left could take
 * stored beacons out and die before sending them. A send that fails keeps its beacon again.
 */
export function sendKept(send = resend): void {
  resend = send;
  if (!send) return;
  listen(false);
  claimFrom(memory, Date.now()).forEach(send);
  const store = storeNow();
  // Nothing kept on this device, as on nearly every load: no lock to ask for.
  if (store !== memory && live(store, Date.now()).length > 0)
    navigator.locks
      .request('adpx:beacons', () => claimFrom(storeNow(), Date.now()))
      .then(
        (claimed) => claimed.forEach(send),
        () => {},
      );
}

/**
 * Back online, or visible again: sends what is kept, unless the page is hidden. A page that is being
 * closed is hidden: what it kept in memory goes with it, even when its renderer hears `online`.
 */
const flush = (): void => {
  if (!document.hidden) sendKept();
};

function listen(on: boolean): void {
  if (typeof document !== 'object') return;
  const method = on ? 'addEventListener' : 'removeEventListener';
  window[method]('online', flush);
  document[method]('visibilitychange', flush);
}

/**
 * `Adpx.forget()`: what this page keeps in memory goes too (`forget()` of consent deletes what is
 * stored; a storage refusal calls that one, and keeps the page's in-memory delivery).
 */
export function forgetKept(): void {
  for (const key of Object.keys(memory)) drop(memory, key);
}

/** For tests: nothing kept in memory, no sender. */
export function resetKeptForTests(): void {
  forgetKept();
  resend = undefined;
  listen(false);
}
