/**
 * The offers service's JSON exactly as it travels on the wire (snake_case, before any normalising).
 * The mock serves these shapes; `src/model` turns them into the safe model on the client side.
 */

/** A creative image of an offer, as the service sends it. */
export interface RawCreative {
  id: number;
  url: string;
  /** Pixels. */
  height: number;
  /** Pixels. */
  width: number;
  /** Image format, e.g. `png`. */
  type: string;
  is_primary: boolean;
  /** Width divided by height. */
  aspect_ratio: number;
}

/** Extra event beacons of an offer. */
export interface RawOfferBeacons {
  close: string;
  no_thanks_click: string;
}

/** One offer as the service sends it. Every field of the spec's Offer object is listed. */
export interface RawOffer {
  id: number;
  campaign_id: number;
  advertiser_name: string;
  /** Max 90 chars, ideal 40. */
  title: string;
  /** Max 220 chars, ideal 140. */
  description: string;
  /** Max 160 chars. */
  mini_text: string;
  /** Max 60 chars, ideal 40. */
  short_headline: string;
  /** Max 140 chars. */
  short_description: string;
  click_url: string;
  /** Max 25 chars. */
  cta_yes: string;
  /** Max 25 chars. */
  cta_no: string;
  image: string;
  /** A 228x228 black-on-white PNG QR code of `click_url`, as a `data:image/png;base64,` URL. */
  qr_code_img: string;
  creatives: RawCreative[];
  /** HTML, limited to the spec's allowed elements. */
  terms_and_conditions: string;
  pixel: string;
  adv_pixel_url: string;
  beacons: RawOfferBeacons;
  offerwall_enabled: boolean;
  perkswallet_enabled: boolean;
  save_for_later_url: string;
  offerwall_url: string;
  is_loyaltyboost: boolean;
  /** Max 160 chars; empty when the offer is not a loyalty-boost offer. */
  loyaltyboost_requirements: string;
  tags: string[];
}

/** The `data` envelope of a fetch response. */
export interface RawOffersData {
  session_id: string;
  offers: RawOffer[];
  count: number;
  privacy_url: string;
  styles: { primary_color: string; background_color: string; text_color: string };
  settings: { max_display_time: number; auto_close: boolean };
}

/** The whole JSON body of a successful fetch response. */
export interface RawOffersResponse {
  data: RawOffersData;
}
