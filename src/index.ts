/**
 * The ESM entry: named exports only, no work at import time. Register the elements with
 * `import 'adpx-offers/define'` (or call `defineElements()`).
 */
export { AdpxOfferElement } from './elements/adpx-offer.js';
export { AdpxOffersElement, UnitStatus, type UnitLayout, type TermsMode } from './elements/adpx-offers.js';
export { defineElements } from './elements/registry.js';
export { AdpxTermsElement } from './elements/terms/adpx-terms.js';
export {
  sanitizeTerms,
  termsSanitizerSupported,
  TERMS_ALLOWED_TAGS,
  TERMS_ALLOWED_ATTR,
  TERMS_ALLOWED_SCHEMES,
} from './sanitize/terms-sanitizer.js';
export { fetchOffers, DEFAULT_TIMEOUT_MS, type FetchOffersInit } from './client/fetch-offers.js';
export {
  validateOffersOptions,
  buildOffersRequest,
  offersPath,
  redactApiKey,
  type OffersRequest,
  type OffersRequestEnv,
} from './client/request.js';
export {
  ADPX_FP_STORAGE_KEY,
  getAdpxFingerprint,
  forgetAdpxFingerprint,
  generateFingerprint,
  type FingerprintStorage,
} from './client/fingerprint.js';
export { OffersError, OffersErrorCode, isOffersError } from './client/errors.js';
export type { FetchOffersOptions } from './client/options.js';
export { normalizeResponse } from './model/normalize.js';
export { TEXT_LIMITS, MODEL_CAPS, truncate } from './model/limits.js';
export { safeHttpUrl, safeQrImage } from './model/urls.js';
export { safeCssColor } from './model/colors.js';
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
export {
  Adpx,
  AdpxController,
  ADPX_VERSION,
  installAdpx,
  clampMargin,
  marginInsets,
  MAX_MARGIN_PERCENT,
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
export { openOfferUrl, type OpenedIn } from './hosts/open-url.js';
