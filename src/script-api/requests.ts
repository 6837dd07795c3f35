/** `Adpx.getOffers`: one fetch with the configured endpoint and options, never rejecting. */
import { errorInfo, OffersError } from '../errors.js';
import { fetchOffers } from '../client/fetch-offers.js';
import { withConsent } from '../consent/apply.js';
import { fetchOptionsOf, optionEntries } from '../options/schema.js';
import { isAbsent, MISSING_ENDPOINT } from '../options/values.js';
import type { ResolvedConfig } from './config.js';
import type { AdpxGetOffersResult, AdpxUser } from './types.js';

/** `placement` given in a `getOffers` payload: a non-empty string, else `invalid_request`. */
function payloadPlacement(value: unknown): string {
  if (typeof value === 'string' && value.trim() !== '') return value;
  throw new OffersError('invalid_request', 'payload.placement must be a non-empty string.');
}

/**
 * `Adpx.getOffers`: one fetch with the SDK ID as `api_key`, the configured endpoint and options,
 * and `payload` over the user payload; a body field or request option in `payload` (`placement`,
 * `pub_user_id`, `dev`, `loyaltyboost`, `creative`, `campaignId`) wins over the configured one. Resolves `{ status: true, response }` (the normalised
 * `data` envelope) or `{ status: false, response: { message, code, status? } }`; never rejects.
 */
export async function getOffers(
  sdkId: unknown,
  payload: unknown,
  config: ResolvedConfig,
  user: AdpxUser,
): Promise<AdpxGetOffersResult> {
  try {
    const apiKey = typeof sdkId === 'string' ? sdkId.trim() : '';
    if (!apiKey)
      throw new OffersError('invalid_request', 'The SDK ID is missing: Adpx.getOffers(sdkId, payload?).');
    if (!config.endpoint) throw new OffersError('invalid_request', MISSING_ENDPOINT);
    const extra: AdpxUser =
      typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? { ...payload } : {};
    // The payload may hold the fetch operation's body fields and request options (spec): a
    // field it gives wins over the configured one for this call.
    const request: Record<string, unknown> = fetchOptionsOf(config);
    for (const [, spec] of optionEntries()) {
      if (spec.fetch && spec.payloadKeys?.some((key) => !isAbsent(extra[key])))
        request[spec.fetch] = undefined;
    }
    if (!isAbsent(extra.placement)) request.placement = payloadPlacement(extra.placement);
    const options = await withConsent(
      {
        ...request,
        endpoint: config.endpoint,
        apiKey,
        placement: (request.placement as string | undefined) ?? config.placement,
        payload: { ...user, ...extra },
      },
      config.consentTimeoutMs,
    );
    const response = await fetchOffers(options);
    return { status: true, response };
  } catch (error) {
    return { status: false, response: errorInfo(error) };
  }
}
