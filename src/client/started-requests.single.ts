import type { OffersResponse } from '../model/types.js';

/**
 * The single-file build's registry (vite.config.ts puts it in place of started-requests.ts): that
 * file has no first file that starts a request before the units' code, so nothing is ever kept.
 */
export function keepStartedRequest(_win: object, _key: string, _response: Promise<OffersResponse>): void {}

export function takeStartedRequest(_win: object, _key: string): Promise<OffersResponse> | undefined {
  return undefined;
}
