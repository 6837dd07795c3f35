import { fetchOffers as fetchFromService, type FetchOffersInit } from '../client/fetch-offers.js';
import { validateOffersOptions } from '../client/request.js';
import type { OffersResponse } from '../model/types.js';
import type { FetchOffersOptions } from '../options/fetch-options.js';
import { DEFAULT_CONSENT_TIMEOUT_MS } from '../options/values.js';
import { withConsent } from './apply.js';

/**
 * `fetchOffers` as the package exports it: the page's consent decision first (the host's
 * `setConsent`, else the page's consent platforms, waited for up to the default `consentTimeout`;
 * GPC always), then one POST of the fetch operation with what that decision allows, as the unit
 * and `Adpx.getOffers` send it: the consent signals in the body, and on a refusal no `adpx_fp`
 * (none made, read or sent) and no `pub_user_id` (docs/privacy.md). Outside a page there is no
 * platform to ask, and the options go as given. Bad options reject before any platform is asked.
 * The proxy handler calls the service client itself: consent is the page's, not the server's.
 */
export async function fetchOffers(
  options: FetchOffersOptions,
  init?: FetchOffersInit,
): Promise<OffersResponse> {
  validateOffersOptions(options);
  return fetchFromService(await withConsent(options, DEFAULT_CONSENT_TIMEOUT_MS), init);
}
