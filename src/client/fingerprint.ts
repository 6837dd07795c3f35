/**
 * `adpx_fp`: the persistent, anonymous, alphanumeric user id the spec strongly recommends (per-user
 * frequency capping, no re-serving after an opt-out). Generated once per browser and kept in
 * localStorage; nothing happens at import time.
 */

/** The localStorage key holding the id. */
export const ADPX_FP_STORAGE_KEY = 'adpx_fp';

/** The part of the Web Storage API used here (`localStorage` or a test double). */
export interface FingerprintStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A stored id must look like one we generate (alphanumeric, 16–128 chars); else it is replaced. */
const VALID_FINGERPRINT = /^[A-Za-z0-9]{16,128}$/;

/** The id of this page's lifetime when storage is absent (Node) or throws (blocked storage). */
let memoryFingerprint: string | undefined;

/**
 * A new random id: 32 lowercase hex characters. Uses `crypto.randomUUID()` (dashes removed) when
 * present, else `crypto.getRandomValues()` (pages on plain http have no `randomUUID`). Only when
 * there is no Web Crypto at all does it fall back to `Math.random()` — acceptable for an
 * anonymous id, which is not a secret.
 */
export function generateFingerprint(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID().replaceAll('-', '');
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else bytes.forEach((_byte, index) => (bytes[index] = Math.floor(Math.random() * 256)));
  // A loop: an old library's `Array.from` ignores a map function (docs/decisions/014).
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * The browser's `adpx_fp`: the one in localStorage under {@link ADPX_FP_STORAGE_KEY} when valid,
 * otherwise a new one, stored there. When storage is absent or throws (Node, Safari private mode,
 * sandboxed iframes), a module-level value is used, so the id is at least stable for the page.
 *
 * @param storage defaults to `globalThis.localStorage`; `null` forces the memory fallback.
 */
export function getAdpxFingerprint(storage: FingerprintStorage | null = defaultStorage()): string {
  const stored = readStored(storage);
  if (stored !== undefined) return stored;
  memoryFingerprint ??= generateFingerprint();
  writeStored(storage, memoryFingerprint);
  return memoryFingerprint;
}

/**
 * Forgets the id, in storage and in memory (for example when the user asks to be forgotten).
 * The next request generates a new one.
 */
export function forgetAdpxFingerprint(storage: FingerprintStorage | null = defaultStorage()): void {
  memoryFingerprint = undefined;
  try {
    storage?.removeItem(ADPX_FP_STORAGE_KEY);
  } catch {
    // Blocked storage holds nothing of ours.
  }
}

/** `globalThis.localStorage`, or `null` when absent or when merely reading it throws. */
function defaultStorage(): FingerprintStorage | null {
  try {
    return (globalThis as { localStorage?: FingerprintStorage }).localStorage ?? null;
  } catch {
    return null;
  }
}

/** The stored id when storage works and holds a valid one. */
function readStored(storage: FingerprintStorage | null): string | undefined {
  try {
    const value = storage?.getItem(ADPX_FP_STORAGE_KEY);
    return typeof value === 'string' && VALID_FINGERPRINT.test(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Stores the id; a full or blocked storage is not an error (the memory value stays). */
function writeStored(storage: FingerprintStorage | null, value: string): void {
  try {
    storage?.setItem(ADPX_FP_STORAGE_KEY, value);
  } catch {
    // Quota exceeded or storage blocked: the memory value is used.
  }
}
