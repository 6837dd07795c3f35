import { qrCodeDataUrl } from '../qr.js';
import type { RawOffer, RawOffersResponse } from '../raw-types.js';
import type { OffersAsk } from './validate.js';

/** Applies the request's filters, then keeps the key's number of offers. */
export function selectOffers(
  offers: readonly RawOffer[],
  ask: Omit<OffersAsk, 'dev' | 'placement'>,
): RawOffer[] {
  return offers
    .filter((o) =>
      ask.loyaltyboost === '0' ? !o.is_loyaltyboost : ask.loyaltyboost === '2' ? o.is_loyaltyboost : true,
    )
    .filter((o) => !ask.creativeOnly || (Array.isArray(o.creatives) && o.creatives.length > 0))
    .filter((o) => ask.campaignId === undefined || String(o.campaign_id) === ask.campaignId)
    .slice(0, Math.max(0, ask.offersPerResponse));
}

const TRACKED_PATHS = ['/beacon/', '/click/'];

/** Adds the session (and `dev=1`) to a beacon or click URL on the mock; other URLs are left alone. */
function tag(value: string, base: string, sessionId: string, dev: boolean): string {
  if (typeof value !== 'string' || value === '') return value;
  try {
    const url = new URL(value);
    if (url.origin !== base || !TRACKED_PATHS.some((p) => url.pathname.startsWith(p))) return value;
    url.searchParams.set('s', sessionId);
    if (dev) url.searchParams.set('dev', '1');
    return url.toString();
  } catch {
    return value;
  }
}

/**
 * One offer of one response: its beacon and click URLs carry the session id (and `dev=1`), and its
 * QR code is redrawn so that it still encodes exactly `click_url`.
 */
export function personalise(offer: RawOffer, base: string, sessionId: string, dev: boolean): RawOffer {
  const o = structuredClone(offer);
  const t = (v: string): string => tag(v, base, sessionId, dev);
  const click = t(o.click_url);
  if (click !== o.click_url && o.qr_code_img) o.qr_code_img = qrCodeDataUrl(click);
  o.click_url = click;
  o.pixel = t(o.pixel);
  o.adv_pixel_url = t(o.adv_pixel_url);
  o.save_for_later_url = t(o.save_for_later_url);
  if (o.beacons && typeof o.beacons === 'object') {
    o.beacons = { ...o.beacons, close: t(o.beacons.close), no_thanks_click: t(o.beacons.no_thanks_click) };
  }
  return o;
}

/** The success body: the `data` envelope, with the styles and settings of every mock response. */
export function offersEnvelope(offers: RawOffer[], base: string, sessionId: string): RawOffersResponse {
  return {
    data: {
      session_id: sessionId,
      offers,
      count: offers.length,
      privacy_url: `${base}/privacy`,
      styles: { primary_color: '#5b3df5', background_color: '#ffffff', text_color: '#1f2330' },
      settings: { max_display_time: 600, auto_close: false },
    },
  };
}
