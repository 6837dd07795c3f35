/**
 * The normalised model of an offers response. Field names follow the service specification
 * (snake_case) so that publishers who know the service read the same names here.
 *
 * Everything in this model has passed `normalizeResponse`: strings are within the spec's limits,
 * every URL is absolute http(s) (the QR image may be a `data:image/png|jpeg;base64` URL), and
 * colours in `styles` are valid CSS colours. Text fields are plain text, never HTML; only
 * `terms_and_conditions` is HTML, and it is sanitised again at render time.
 */

/** An additional creative image of an offer. */
export interface Creative {
  id?: number;
  url: string;
  /** Pixels. */
  width?: number;
  /** Pixels. */
  height?: number;
  /** Image format, e.g. `png`. */
  type?: string;
  is_primary: boolean;
  /** Width divided by height. */
  aspect_ratio?: number;
}

/** Extra beacons of an offer. */
export interface OfferBeacons {
  /** Fired when the offer container is dismissed or the user scrolls past all offers. */
  close?: string;
  /** Fired when the user clicks the negative CTA. */
  no_thanks_click?: string;
}

/** One offer, ready to render. */
export interface Offer {
  id: number;
  campaign_id?: number;
  advertiser_name?: string;

  /** Max 90 chars, ideal 40. */
  title?: string;
  /** Max 220 chars, ideal 140. */
  description?: string;
  /** Max 160 chars. */
  mini_text?: string;
  /** Max 60 chars, ideal 40. */
  short_headline?: string;
  /** Max 140 chars. */
  short_description?: string;

  click_url?: string;
  /** Max 25 chars. */
  cta_yes?: string;
  /** Max 25 chars. */
  cta_no?: string;

  image?: string;
  /** A QR code of `click_url` (the service sends a 228x228 black-on-white PNG `data:` URL). */
  qr_code_img?: string;
  creatives: Creative[];

  /** Raw HTML from the service. Never render it without the terms sanitiser. */
  terms_and_conditions?: string;

  pixel?: string;
  adv_pixel_url?: string;
  beacons: OfferBeacons;

  offerwall_enabled: boolean;
  perkswallet_enabled: boolean;
  save_for_later_url?: string;
  offerwall_url?: string;

  is_loyaltyboost: boolean;
  /** Max 160 chars; the service sends it empty when the offer is not a loyalty-boost offer. */
  loyaltyboost_requirements?: string;

  tags: string[];
}

/** Colours from the response's `styles`; only valid CSS colours survive normalising. */
export interface OfferStyles {
  primary_color?: string;
  background_color?: string;
  text_color?: string;
  /** Any other `*_color` key the service sends. */
  [key: string]: string | undefined;
}

/** Display configuration from the response's `settings`. */
export interface OfferSettings {
  /** Seconds after which the unit closes itself (with the close beacon). */
  max_display_time?: number;
  auto_close?: boolean;
}

/** The `data` envelope of a fetch response, normalised. */
export interface OffersResponse {
  session_id?: string;
  offers: Offer[];
  /** Recomputed from the offers kept. */
  count: number;
  privacy_url?: string;
  styles: OfferStyles;
  settings: OfferSettings;
}
