/** A message with plural forms: the `Intl.PluralRules` categories a language uses, `other` required. */
export type PluralMessage = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** Every word the SDK itself shows or announces, by stable key (docs/i18n.md). */
export interface LocaleTable {
  close: string;
  previous: string;
  next: string;
  previousOffer: string;
  nextOffer: string;
  navigation: string;
  offers: string;
  offersCount: PluralMessage;
  progress: string;
  announce: string;
  terms: string;
  /** Under the terms control when the terms could not be loaded (a click retries). */
  termsUnavailable: string;
  privacy: string;
  moreOffers: string;
  saveForLater: string;
  saving: string;
  saved: string;
  savedStatus: string;
  saveFailed: string;
  offerFrom: string;
  qrCaption: string;
  qrAlt: string;
  qrAltFrom: string;
  loyalty: string;
  accept: string;
  decline: string;
  endTitle: string;
  endBody: string;
}

export type MessageKey = keyof LocaleTable;

/** Overrides of the SDK's words by key (the `strings` property, `AdpxConfig.strings`). */
export type AdpxStrings = Partial<Record<MessageKey, string>>;
