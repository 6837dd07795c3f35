import type { FetchOffersOptions } from '../options/fetch-options.js';
import { createDebugLog } from '../debug.js';
import { resolveConsent } from './consent.js';

/**
 * A fetch's options as consent allows them: the signal keys added to the body (over the same keys
 * in the payload: the consent state is the authority, `setConsent` the way to change it) and, when
 * storage is refused, no identifier of the visitor: `adpxFp: false`, so that no id is generated,
 * read or sent, even from the payload, and no `pub_user_id` (the publisher's id of the visitor),
 * from the options or the payload. The offers are then non-personalised (docs/privacy.md).
 */
export async function withConsent<T extends Omit<FetchOffersOptions, 'signal'>>(
  options: T,
  timeoutMs: number,
): Promise<T> {
  const log = createDebugLog(options.debug);
  const decision = await resolveConsent(timeoutMs, log);
  const payload = { ...options.payload, ...decision.body };
  if (decision.storage) return { ...options, payload };
  if (options.pubUserId !== undefined || payload.pub_user_id !== undefined) log('P1');
  delete payload.pub_user_id;
  return { ...options, payload, adpxFp: false, pubUserId: undefined };
}
