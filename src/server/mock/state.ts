import type { BeaconHit, OffersRequestRecord, ScriptedAnswer } from './types.js';

/** What the mock has received and what it was told to do next. Reset between tests. */
export class MockState {
  readonly beacons: BeaconHit[] = [];
  readonly requests: OffersRequestRecord[] = [];
  readonly answers: ScriptedAnswer[] = [];
  /** How many of the next beacon GETs fail (`Infinity`: every one, until set to 0 or reset). */
  failBeacons = 0;

  reset(): void {
    this.beacons.length = 0;
    this.requests.length = 0;
    this.answers.length = 0;
    this.failBeacons = 0;
  }
}

const MAX_DELAY_MS = 120_000;

/**
 * Checks a scripted answer (from code or from `POST /__mock/queue`); returns an error message or
 * `undefined` when it is usable.
 */
export function checkScriptedAnswer(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'answer must be a JSON object';
  const a = value as Record<string, unknown>;
  if (
    a.status !== undefined &&
    !(Number.isInteger(a.status) && Number(a.status) >= 200 && Number(a.status) <= 599)
  ) {
    return 'status must be an integer from 200 to 599';
  }
  if (
    a.delayMs !== undefined &&
    !(typeof a.delayMs === 'number' && a.delayMs >= 0 && a.delayMs <= MAX_DELAY_MS)
  ) {
    return `delayMs must be a number from 0 to ${MAX_DELAY_MS}`;
  }
  if (a.destroy !== undefined && typeof a.destroy !== 'boolean') return 'destroy must be a boolean';
  if (a.contentType !== undefined && (typeof a.contentType !== 'string' || /[\r\n]/.test(a.contentType))) {
    return 'contentType must be a single-line string';
  }
  return undefined;
}

/** How many beacon GETs to fail: a count, or `'all'` (every one until told 0, or a reset). */
export type FailCount = number | 'all';

/** Checks a `fail-beacons` count; returns an error message or `undefined`. */
export function checkFailCount(times: unknown): string | undefined {
  return times === 'all' || (Number.isInteger(times) && Number(times) >= 0 && Number(times) <= 10_000)
    ? undefined
    : 'times must be an integer from 0 to 10000, or "all"';
}

/** The `failBeacons` state of a checked count. */
export function failCountValue(times: FailCount): number {
  return times === 'all' ? Infinity : times;
}
