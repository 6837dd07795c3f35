/**
 * The ESM entry: named exports only, no work at import time. Register the elements with
 * `import 'adpx-offers/define'` (or call `defineElements()`).
 *
 * Only the public API lives here (docs/api.md): the elements, their registration, the service
 * client, the script-tag API object, the events and the types. Internals stay importable by the
 * project's own modules, not by users, so they can change without a breaking release. The terms
 * sanitiser is not exported: it is loaded on demand when terms first open, and a static re-export
 * here would make every page that imports this entry load it at once.
 */
export { AdpxOfferElement } from './elements/adpx-offer/adpx-offer.js';
export {
  AdpxOffersElement,
  UnitStatus,
  type UnitLayout,
  type TermsMode,
} from './elements/adpx-offers/adpx-offers.js';
export { AdpxTermsElement } from './elements/adpx-terms/adpx-terms.js';
export { defineElements } from './elements/registry.js';
export { fetchOffers } from './consent/fetch-offers.js';
export type { FetchOffersInit } from './client/fetch-offers.js';
export type { FetchOffersOptions } from './options/fetch-options.js';
export { OffersError, OffersErrorCode, isOffersError } from './errors.js';
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
export type { BridgeKind } from './hosts/bridge.js';
export { forget } from './consent/consent.js';
export type { AdpxConsent } from './consent/types.js';
export {
  Adpx,
  ADPX_VERSION,
  type AdpxApi,
  type AdpxCallback,
  type AdpxConfig,
  type AdpxErrorInfo,
  type AdpxGetOffersResult,
  type AdpxPosition,
  type AdpxSettings,
  type AdpxShowCallbacks,
  type AdpxShowOptions,
  type AdpxStyles,
  type AdpxUser,
} from './script-api/index.js';
