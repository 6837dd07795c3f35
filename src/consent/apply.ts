import type { FetchOffersOptions } from '../options/fetch-options.js';
import { createDebugLog } from '../debug.js';
import type { DebugLog } from '../debug.js';
import { resolveConsent } from './consent.js';
import type { ConsentDecision } from './types.js';

/**
 * A fetch's options as consent allows them: the signal keys added to the body (over the same keys
 * in the payload: the consent state is the authority, `setConsent` the way to change it) and, when
 * storage is refused, no identifier of the visitor: `adpxFp: false`, so that no id is generated,
 * read or sent, even from the payload, and no `pub_user_id` (the publisher's id of the visitor),
 * from the options or the payload. The offers are then non-personalised (docs/privacy.md).
 * The options themselves, not a promise, when no consent platform has to be waited for
 * ({@link resolveConsent}).
 */
export function withConsent<T extends Omit<FetchOffersOptions, 'signal'>>(
  options: T,
  timeoutMs: number,
): T | Promise<T> {
  const log = createDebugLog(options.debug);
  const decision = resolveConsent(timeoutMs, log);
  return isPending(decision)
    ? decision.then((d) => allowedBy(d, options, log))
    : allowedBy(decision, options, log);
}

/**
 * True for a promise. Not `instanceof Promise`: a page's library may have replaced the global
 * `Promise` (docs/decisions/014), and a decision is a plain object with no `then`.
 */
export const isPending = <T>(value: T | Promise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown }).then === 'function';

function allowedBy<T extends Omit<FetchOffersOptions, 'signal'>>(
  decision: ConsentDecision,
  options: T,
  log: DebugLog,
): T {
  const payload = { ...options.payload, ...decision.body };
  if (decision.storage) return { ...options, payload };
  if (options.pubUserId !== undefined || payload.pub_user_id !== undefined)
    log('P1', 'pub_user_id left out: consent refuses identifiers');
  delete payload.pub_user_id;
  return { ...options, payload, adpxFp: false, pubUserId: undefined };
}
