import { OffersError } from '../../errors.js';
import { isNormalizedResponse, normalizeEnvelope } from '../../model/normalize.js';
import type { OffersResponse } from '../../model/types.js';

/**
 * Normalises a response supplied by the host (`{ data }` envelope or the data object itself).
 * Throws `OffersError('invalid_response')` when there is nothing usable. The current load given
 * back is recognised before this is called (FlowController.supply), so it keeps its ledger.
 */
export function acceptResponse(raw: unknown): OffersResponse {
  if (typeof raw !== 'object' || raw === null) {
    throw new OffersError('invalid_response', 'The response must be an object');
  }
  // One the normaliser already made (the script API's setApiResponse, prefetch) is taken as is.
  if (isNormalizedResponse(raw)) return raw;
  return normalizeEnvelope(raw);
}
