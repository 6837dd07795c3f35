/** `Adpx.getOffers`: one fetch with the configured endpoint and options, never rejecting. */
import { errorInfo, OffersError } from '../errors.js';
import { fetchOffers } from '../client/fetch-offers.js';
import { isJsonObject } from '../model/coerce.js';
import { withConsent } from '../consent/apply.js';
import { fetchOptionsOf, optionEntries } from '../options/schema.js';
import { isAbsent, MISSING_ENDPOINT } from '../options/values.js';
import type { ResolvedConfig } from './config.js';
import type { AdpxGetOffersResult, AdpxUser } from './types.js';

const invalid = (message: string) => new OffersError('invalid_request', message);

/**
 * `Adpx.getOffers`: one fetch with the SDK ID as `api_key`, the configured endpoint and options,
 * and `payload` over the user payload; a body field or request option in `payload` (`placement`,
 * `pub_user_id`, `dev`, `loyaltyboost`, `creative`, `campaignId`) wins over the configured one. Resolves `{ status: true, response }` (the normalised
 * `data` envelope) or `{ status: false, response: { message, code, status? } }`; never rejects.
 */
export async function getOffers(
  sdkId: unknown,
  payload: unknown,
  config: ResolvedConfig | undefined,
  user: AdpxUser,
): Promise<AdpxGetOffersResult> {
  try {
    const apiKey = typeof sdkId === 'string' ? sdkId.trim() : '';
    if (!apiKey) throw invalid('The SDK ID is missing: Adpx.getOffers(sdkId, payload?).');
    if (!config?.endpoint) throw invalid(MISSING_ENDPOINT);
    const extra: AdpxUser = isJsonObject(payload) ? { ...payload } : {};
    // The payload may hold the fetch operation's body fields and request options (spec): a
    // field it gives wins over the configured one for this call.
    const request: Record<string, unknown> = fetchOptionsOf(config);
    for (const [, spec] of optionEntries()) {
      if (spec.fetch && spec.payloadKeys?.some((key) => !isAbsent(extra[key])))
        request[spec.fetch] = undefined;
    }
    const { placement } = extra;
    if (!isAbsent(placement) && !(typeof placement === 'string' && placement.trim() !== ''))
      throw invalid('payload.placement must be a non-empty string.');
    if (!isAbsent(placement)) request.placement = placement;
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
