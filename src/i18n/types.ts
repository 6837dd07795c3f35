import type { en } from './locales.js';

/** A message with plural forms: the `Intl.PluralRules` categories a language uses, `other` required. */
export type PluralMessage = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** Every word the SDK itself shows or announces, by stable key (docs/i18n.md): the keys of `en`. */
export type LocaleTable = typeof en;

export type MessageKey = keyof LocaleTable;

/** Overrides of the SDK's words by key (the `strings` property, `AdpxConfig.strings`). */
export type AdpxStrings = Partial<Record<MessageKey, string>>;
