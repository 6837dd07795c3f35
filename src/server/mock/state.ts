import type { BeaconHit, OffersRequestRecord, ScriptedAnswer } from './types.js';
import { isJsonObject } from '../../model/coerce.js';

const MAX_DELAY_MS = 120_000;

const integerIn = (min: number, max: number) => (value: unknown) =>
  Number.isInteger(value) && Number(value) >= min && Number(value) <= max;

/** Each field a scripted answer may have: the rule its value must meet, and the message when not. */
const ANSWER_FIELDS: Record<string, [(value: unknown) => boolean, string]> = {
  status: [integerIn(200, 599), 'status must be an integer from 200 to 599'],
  delayMs: [
    (v) => typeof v === 'number' && v >= 0 && v <= MAX_DELAY_MS,
    `delayMs must be a number from 0 to ${MAX_DELAY_MS}`,
  ],
  destroy: [(v) => typeof v === 'boolean', 'destroy must be a boolean'],
  contentType: [
    (v) => typeof v === 'string' && !/[\r\n]/.test(v),
    'contentType must be a single-line string',
  ],
};

/**
 * What the mock has received and what it was told to do next. Reset between tests. The two ways
 * of telling it (the service's methods and the `/__mock/` endpoints) go through the same checks:
 * each returns an error message, or `undefined` when it was done.
 */
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

  /** Queues a scripted answer for the next offers POST. */
  queue(value: unknown): string | undefined {
    if (!isJsonObject(value)) return 'answer must be a JSON object';
    for (const [name, [valid, problem]] of Object.entries(ANSWER_FIELDS)) {
      const field = value[name];
      if (field !== undefined && !valid(field)) return problem;
    }
    this.answers.push({ ...value });
    return undefined;
  }

  /** Fails the next `times` beacon GETs: a count, or `'all'` (every one until told 0, or a reset). */
  failNextBeacons(times: unknown): string | undefined {
    if (times !== 'all' && !integerIn(0, 10_000)(times)) {
      return 'times must be an integer from 0 to 10000, or "all"';
    }
    this.failBeacons = times === 'all' ? Infinity : Number(times);
    return undefined;
  }
}
