/**
 * `adpx-offers/mock`: a local offers service for the demo, end-to-end tests and offline
 * development. Server side only (Node `http`); never part of the browser bundle.
 */
export { createMockOffersService } from './server.js';
export { fixtureOffers } from './fixtures/index.js';
export { MOCK_IMAGES, type MockImage } from './images/catalog.js';
export { qrCodeAvailable, qrCodeDataUrl, QR_SIZE } from './qr.js';
export { MAX_BODY_BYTES } from './http.js';
export { BeaconKind } from './types.js';
export type {
  BeaconHit,
  FixtureSource,
  MockKeySettings,
  MockOffersService,
  MockOffersServiceOptions,
  OffersRequestRecord,
  ScriptedAnswer,
} from './types.js';
export type {
  RawCreative,
  RawOffer,
  RawOfferBeacons,
  RawOffersData,
  RawOffersResponse,
} from './raw-types.js';
