/**
 * The offers service's JSON exactly as it travels on the wire (snake_case, before any normalising).
 * The mock serves these shapes; `src/model` turns them into the safe model on the client side.
 * The wire carries every field of the spec's objects, so each raw type is its model type
 * (src/model/types.ts, where each field is documented) with every field present: a field is
 * declared once, and the model and the mock cannot drift apart.
 */
import type {
  Creative,
  OfferBeacons,
  OfferSettings,
  OfferStyles,
  Offer,
  OffersResponse,
} from '../../model/types.js';

/** A creative image of an offer, as the service sends it. */
export type RawCreative = Required<Creative>;

/** Extra event beacons of an offer. */
export type RawOfferBeacons = Required<OfferBeacons>;

/** One offer as the service sends it: every field of the spec's Offer object. */
export type RawOffer = Required<Omit<Offer, 'creatives' | 'beacons'>> & {
  creatives: RawCreative[];
  beacons: RawOfferBeacons;
};

/** The `data` envelope of a fetch response. */
export type RawOffersData = Required<Omit<OffersResponse, 'offers' | 'styles' | 'settings'>> & {
  offers: RawOffer[];
  styles: Required<Pick<OfferStyles, 'primary_color' | 'background_color' | 'text_color'>>;
  settings: Required<OfferSettings>;
};

/** The whole JSON body of a successful fetch response. */
export interface RawOffersResponse {
  data: RawOffersData;
}
