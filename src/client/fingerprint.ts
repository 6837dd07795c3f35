/**
 * `adpx_fp`: the persistent, anonymous, alphanumeric user id the spec strongly recommends (per-user
 * frequency capping, no re-serving after an opt-out). Generated once per browser and kept in
 * localStorage; nothing happens at import time.
 */
import { safely } from '../errors.js';

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
  // A spread, not `Array.from`: an old library's `Array.from` ignores a map function (decision 014).
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The browser's `adpx_fp`: the one in localStorage under {@link ADPX_FP_STORAGE_KEY} when valid,
 * otherwise a new one, stored there. When storage is absent or throws (Node, Safari private mode,
 * sandboxed iframes), a module-level value is used, so the id is at least stable for the page.
 *
 * @param storage defaults to `globalThis.localStorage`; `null` forces the memory fallback.
 */
export function getAdpxFingerprint(storage: FingerprintStorage | null = defaultStorage()): string {
  const stored = safely(() => storage?.getItem(ADPX_FP_STORAGE_KEY));
  if (typeof stored === 'string' && VALID_FINGERPRINT.test(stored)) return stored;
  const id = (memoryFingerprint ??= generateFingerprint());
  // A full or blocked storage is not an error: the memory value stays.
  safely(() => storage?.setItem(ADPX_FP_STORAGE_KEY, id));
  return id;
}

/**
 * Forgets the id, in storage and in memory (for example when the user asks to be forgotten).
 * The next request generates a new one.
 */
export function forgetAdpxFingerprint(storage: FingerprintStorage | null = defaultStorage()): void {
  memoryFingerprint = undefined;
  safely(() => storage?.removeItem(ADPX_FP_STORAGE_KEY));
}

/** `globalThis.localStorage`, or `null` when absent or when merely reading it throws. */
const defaultStorage = (): FingerprintStorage | null =>
  safely(() => (globalThis as { localStorage?: FingerprintStorage }).localStorage) ?? null;
