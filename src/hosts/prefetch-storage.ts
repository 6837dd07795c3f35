/**
 * SDK prefetch: the hidden prefetch WebView keeps the response it loaded in DOM storage, and the
 * checkout WebView of the same app takes it from there instead of asking the service again.
 *
 * One entry per SDK ID and placement, in `localStorage` (two WebViews of one app share it; they do
 * not share `sessionStorage`). An entry is used only when it is fresh (younger than the TTL), made
 * for the same request (a hash of the unit's request key: every request option and the payload),
 * and still a valid response for the normaliser. Anything else is
 * ignored; stale and corrupt entries are removed. See docs/decisions/005.
 */
import { stringify } from '../built-ins.js';
import { storageAllowed } from '../consent/consent.js';
import { safely } from '../errors.js';
import { isJsonObject } from '../model/coerce.js';
import { normalizeResponse } from '../model/normalize.js';
import type { OffersResponse } from '../model/types.js';

const PREFIX = 'adpx:prefetch:v1:';
/** Clock difference tolerated for an entry saved "in the future" (two WebViews, one clock). */
const CLOCK_SKEW_MS = 5_000;

/** Where an entry goes (SDK ID and placement) and the request it answers. */
export interface PrefetchRequestKey {
  sdkId: string;
  placement: string;
  /** The request's identity (the unit's request key): an entry made for another one is foreign. */
  request: string;
}

/** Why an entry was not used (for the debug log and tests). */
export type PrefetchMiss = 'none' | 'refused' | 'unavailable' | 'corrupt' | 'stale' | 'foreign';

export type PrefetchLookup = { hit: true; response: OffersResponse } | { hit: false; reason: PrefetchMiss };

interface StoredEntry {
  v: 1;
  savedAt: number;
  request: string;
  response: unknown;
}

/** FNV-1a, 32 bits, as 8 hex digits. Not a security boundary: it only tells requests apart. */
export function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The storage key of a request's entry: per SDK ID and placement. */
export function prefetchStorageKey(key: Pick<PrefetchRequestKey, 'sdkId' | 'placement'>): string {
  return `${PREFIX}${hashText(`${key.sdkId}\n${key.placement}`)}`;
}

/** The fingerprint stored with an entry; an entry with another one is foreign. */
export const requestFingerprint = (key: PrefetchRequestKey): string => hashText(key.request);

/** `localStorage`, or undefined where it is missing or blocked (it may throw on access). */
const storageOf = (win: Window): Storage | undefined => safely(() => win.localStorage ?? undefined);

/** Saves a loaded response for the checkout WebView. Returns false when storage is unavailable. */
export function savePrefetched(
  win: Window,
  key: PrefetchRequestKey,
  response: OffersResponse,
  now: number = Date.now(),
): boolean {
  const storage = storageAllowed() ? storageOf(win) : undefined;
  if (!storage) return false;
  const entry: StoredEntry = { v: 1, savedAt: now, request: requestFingerprint(key), response };
  try {
    storage.setItem(prefetchStorageKey(key), stringify(entry));
    return true;
  } catch {
    return false;
  }
}

function parseEntry(text: string): StoredEntry | undefined {
  const parsed: unknown = safely(() => JSON.parse(text));
  if (!isJsonObject(parsed)) return undefined;
  const { v, savedAt, request, response } = parsed;
  if (v !== 1 || typeof savedAt !== 'number' || !Number.isFinite(savedAt) || typeof request !== 'string') {
    return undefined;
  }
  return { v, savedAt, request, response };
}

/**
 * Looks up the entry for a request. Reading the device needs consent as writing does: the caller
 * resolves the request's consent first, and a refusal reads nothing (`refused`). A hit is
 * validated again by the normaliser. A hit stays until {@link dropPrefetched} (offers shown must
 * not be shown twice); stale and corrupt entries are removed; a foreign entry is left for its own
 * request.
 */
export function readPrefetched(
  win: Window,
  key: PrefetchRequestKey,
  options: { ttlMs: number; now?: number },
): PrefetchLookup {
  if (!storageAllowed()) return { hit: false, reason: 'refused' };
  const storage = storageOf(win);
  const storageKey = prefetchStorageKey(key);
  const text = storage && safely(() => storage.getItem(storageKey));
  if (!storage || text === undefined) return { hit: false, reason: 'unavailable' };
  if (text === null) return { hit: false, reason: 'none' };
  /** A stale or corrupt entry is removed. */
  const drop = (reason: 'stale' | 'corrupt'): PrefetchLookup => {
    safely(() => storage.removeItem(storageKey));
    return { hit: false, reason };
  };
  const entry = parseEntry(text);
  if (!entry) return drop('corrupt');
  const age = (options.now ?? Date.now()) - entry.savedAt;
  if (age > options.ttlMs || age < -CLOCK_SKEW_MS) return drop('stale');
  if (entry.request !== requestFingerprint(key)) return { hit: false, reason: 'foreign' };
  const response = safely(() => normalizeResponse({ data: entry.response }));
  if (!response) return drop('corrupt');
  return { hit: true, response };
}

/** Removes the entry for a request: its offers are being shown. */
export function dropPrefetched(win: Window, key: Pick<PrefetchRequestKey, 'sdkId' | 'placement'>): void {
  const storage = storageOf(win);
  safely(() => storage?.removeItem(prefetchStorageKey(key)));
}
