/**
 * What identifies a load of the script API (so that a repeated `init` or `load` does not ask the
 * service twice), and `getOffers`: one fetch with the configured endpoint, never rejecting.
 */
import { isOffersError, OffersError } from '../errors.js';
import { fetchOffers } from '../client/fetch-offers.js';
import { isAbsent } from '../options/values.js';
import { withConsent } from '../consent/apply.js';
import type { PrefetchRequestKey } from '../hosts/prefetch-storage.js';
import { stableStringify } from '../hosts/prefetch-storage.js';
import { fetchOptionsOf, optionEntries } from '../options/schema.js';
import { MISSING_ENDPOINT } from '../options/values.js';
import type { ResolvedConfig } from './config.js';
import type { AdpxErrorInfo, AdpxGetOffersResult, AdpxUser } from './types.js';

/** The error info that callbacks and the `error` event carry. */
export function errorInfo(error: unknown): AdpxErrorInfo {
  const failure = isOffersError(error)
    ? error
    : new OffersError('render', error instanceof Error ? error.message : String(error));
  return {
    message: failure.message,
    code: failure.code,
    ...(failure.status !== undefined ? { status: failure.status } : {}),
  };
}

/** Fields of the prefetch key itself; the other options sent go into its payload by wire key. */
const KEY_FIELDS: ReadonlySet<string> = new Set(['accountId', 'placement', 'endpoint', 'apiVersion', 'dev']);

/**
 * The prefetch storage key of a load. A configured option wins over the same key in the payload,
 * as in the request itself (client/request.ts); an option not configured leaves the payload's key
 * as it is, so `load({ pub_user_id: 'u-1' })` is not the same request as `load()`.
 */
export function prefetchKey(config: ResolvedConfig, payload: AdpxUser): PrefetchRequestKey {
  const sent: AdpxUser = { ...payload };
  for (const [name, spec] of optionEntries()) {
    const value = config[name as keyof ResolvedConfig];
    if (spec.payloadKeys && !KEY_FIELDS.has(name) && !isAbsent(value))
      sent[spec.payloadKeys[0] ?? name] = value;
  }
  return {
    sdkId: config.accountId,
    placement: config.placement,
    endpoint: config.endpoint ?? '',
    apiVersion: config.apiVersion,
    dev: config.dev,
    payload: sent,
  };
}

/** A string equal for two loads exactly when they send the same request. */
export function loadKey(config: ResolvedConfig, payload: AdpxUser): string {
  return stableStringify(prefetchKey(config, payload));
}

/** `placement` given in a `getOffers` payload: a non-empty string, else `invalid_request`. */
function payloadPlacement(value: unknown): string {
  if (typeof value === 'string' && value.trim() !== '') return value;
  throw new OffersError('invalid_request', 'payload.placement must be a non-empty string.');
}

export { MISSING_ENDPOINT };

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
