/**
 * The ESM entry: named exports only, no work at import time. Register the elements with
 * `import 'adpx-offers/define'` (or call `defineElements()`).
 */
export { AdpxOfferElement } from './elements/adpx-offer.js';
export { AdpxOffersElement, UnitStatus, type UnitLayout, type TermsMode } from './elements/adpx-offers.js';
export { defineElements } from './elements/registry.js';
export { fetchOffers } from './client/fetch-offers.js';
export { OffersError, OffersErrorCode, isOffersError } from './client/errors.js';
export type { FetchOffersOptions } from './client/options.js';
export { normalizeResponse } from './model/normalize.js';
export type {
  Creative,
  Offer,
  OfferBeacons,
  OfferSettings,
  OfferStyles,
  OffersResponse,
} from './model/types.js';
export {
  AdpxEvent,
  ADPX_EVENT_NAMES,
  domEventName,
  type AdpxEventName,
  type AdpxEventPayloads,
  type CloseReason,
  type OfferProgress,
} from './events/adpx-event.js';
export { detectBridge, type Bridge, type BridgeKind } from './hosts/bridge.js';
