import { OffersError } from '../../errors.js';
import { isNormalizedResponse, normalizeResponse } from '../../model/normalize.js';
import type { OffersResponse } from '../../model/types.js';
import { hasLedger } from '../../tracking/ledger.js';

const rawCache = new WeakMap<object, OffersResponse>();

/**
 * Normalises a response supplied by the host (`{ data }` envelope or the data object itself). The
 * same raw object always gives the same normalised response (and so the same beacon ledger).
 * Throws `OffersError('invalid_response')` when there is nothing usable.
 */
export function acceptResponse(raw: unknown): OffersResponse {
  if (typeof raw !== 'object' || raw === null) {
    throw new OffersError('invalid_response', 'The response must be an object');
  }
  // A loaded response given back (`unit.response = unit.response`) is the same load: same ledger.
  // One the normaliser already made (the script API's setApiResponse, prefetch) is taken as is.
  if (hasLedger(raw) || isNormalizedResponse(raw)) return raw;
  const cached = rawCache.get(raw);
  if (cached) return cached;
  const response = normalizeResponse('data' in raw ? raw : { data: raw });
  rawCache.set(raw, response);
  return response;
}
