import type { FetchOffersOptions } from '../options/fetch-options.js';
import { createDebugLog } from '../debug.js';
import { resolveConsent } from './consent.js';

/**
 * A fetch's options as consent allows them: the signal keys added to the body (over the same keys
 * in the payload: the consent state is the authority, `setConsent` the way to change it) and, when
 * storage is refused, `adpxFp: false`, so that no id is generated, read or sent, even from the payload.
 */
export async function withConsent<T extends Omit<FetchOffersOptions, 'signal'>>(
  options: T,
  timeoutMs: number,
): Promise<T> {
  const decision = await resolveConsent(timeoutMs, createDebugLog(options.debug));
  const payload = { ...options.payload, ...decision.body };
  return decision.storage ? { ...options, payload } : { ...options, payload, adpxFp: false };
}
