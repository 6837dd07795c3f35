/**
 * What identifies a load of the script API (so that a repeated `init` or `load` does not ask the
 * service twice), and `getOffers`: one fetch with the configured endpoint, never rejecting.
 */
import { isOffersError, OffersError } from '../errors.js';
import { fetchOffers } from '../client/fetch-offers.js';
import { withConsent } from '../consent/apply.js';
import type { PrefetchRequestKey } from '../hosts/prefetch-storage.js';
import { stableStringify } from '../hosts/prefetch-storage.js';
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

/** The prefetch storage key of a load. */
export function prefetchKey(config: ResolvedConfig, payload: AdpxUser): PrefetchRequestKey {
  return {
    sdkId: config.accountId,
    placement: config.placement,
    endpoint: config.endpoint ?? '',
    apiVersion: config.apiVersion,
    dev: config.dev,
    payload: {
      ...payload,
      pub_user_id: config.pubUserId,
      loyaltyboost: config.loyaltyboost,
      creative: config.creative,
      campaignId: config.campaignId,
    },
  };
}

/** A string equal for two loads exactly when they send the same request. */
export function loadKey(config: ResolvedConfig, payload: AdpxUser): string {
  return stableStringify(prefetchKey(config, payload));
}

/** The message when no endpoint is configured. */
export const MISSING_ENDPOINT =
  'The endpoint is missing: set endpoint (the offers service or your proxy) in AdpxConfig or Adpx.init.';

/**
 * `Adpx.getOffers`: one fetch with the SDK ID as `api_key`, the configured endpoint and options,
 * and `payload` over the user payload. Resolves `{ status: true, response }` (the normalised
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
    const extra = typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? payload : {};
    const options = await withConsent(
      {
        endpoint: config.endpoint,
        apiKey,
        apiVersion: config.apiVersion,
        placement: config.placement,
        pubUserId: config.pubUserId,
        loyaltyboost: config.loyaltyboost,
        creative: config.creative,
        campaignId: config.campaignId,
        dev: config.dev ? '1' : undefined,
        payload: { ...user, ...extra },
        debug: config.debug,
      },
      config.consentTimeoutMs,
    );
    const response = await fetchOffers(options);
    return { status: true, response };
  } catch (error) {
    return { status: false, response: errorInfo(error) };
  }
}
