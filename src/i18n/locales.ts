/**
 * The SDK's own words in English: built in, the fallback of every other language and of every
 * missing key. The other languages are in translations.ts, loaded only on a page that needs one.
 * Placeholders: `{current}`, `{total}`, `{count}` (numbers, formatted through `Intl.NumberFormat`)
 * and `{advertiser}`. A plural message lists the `Intl.PluralRules` categories the language uses;
 * `other` is required.
 */
import type { PluralMessage } from './types.js';

export const en = {
  close: 'Close',
  previous: 'Previous',
  next: 'Next',
  previousOffer: 'Previous offer',
  nextOffer: 'Next offer',
  navigation: 'Offer navigation',
  offers: 'Offers',
  offersCount: { one: '{count} offer', other: '{count} offers' } as PluralMessage,
  progress: '{current} of {total}',
  announce: 'Offer {current} of {total}',
  terms: 'Terms and conditions',
  /** Under the terms control when the terms could not be loaded (a click retries). */
  termsUnavailable: 'The terms could not be loaded. Try again.',
  privacy: 'Privacy',
  moreOffers: 'More offers',
  saveForLater: 'Save for later',
  saving: 'Saving…',
  saved: 'Saved',
  savedStatus: 'Offer saved for later.',
  saveFailed: 'Could not save. Try again',
  offerFrom: 'Offer from {advertiser}',
  qrCaption: 'Scan to open on your phone',
  qrAlt: 'QR code: scan to open the offer on your phone',
  qrAltFrom: 'QR code: scan to open the offer from {advertiser} on your phone',
  loyalty: 'Loyalty boost',
  accept: 'Yes, please',
  decline: 'No, thanks',
  endTitle: "That's all for now",
  endBody: 'You have seen every offer picked for you.',
};

/**
 * The languages that have a table (English here, the rest in translations.ts): `zh` is Simplified
 * Chinese, `zh-Hant` Traditional.
 */
export const LANGUAGES: ReadonlySet<string> = new Set(
  'en es fr de it pt nl pl sv ja zh zh-Hant ar he'.split(' '),
);
