/**
 * API prefetch: a response the host fetched natively, given to `Adpx.setApiResponse`. Accepted as
 * the service's JSON (`{ data }`), the `data` object itself, or either as a JSON string (what a
 * native host passes most easily); always validated by the normaliser.
 */
import { OffersError } from '../errors.js';
import { isJsonObject } from '../model/coerce.js';
import { normalizeEnvelope } from '../model/normalize.js';
import type { OffersResponse } from '../model/types.js';

/** Longest JSON string accepted (the mock service refuses bodies over 64 KiB; responses are larger). */
const MAX_JSON_LENGTH = 2 * 1024 * 1024;

export function hostResponse(raw: unknown): OffersResponse {
  let value = raw;
  if (typeof value === 'string') {
    if (value.length > MAX_JSON_LENGTH)
      throw new OffersError('invalid_response', 'The response is too large.');
    try {
      value = JSON.parse(value);
    } catch {
      throw new OffersError('invalid_response', 'The response is not valid JSON.');
    }
  }
  if (!isJsonObject(value)) throw new OffersError('invalid_response', 'The response must be an object.');
  return normalizeEnvelope(value);
}
