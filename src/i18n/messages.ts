/**
 * The words of one unit: its language, resolved from the page, and the host's overrides. Numbers
 * and plurals go through `Intl`, so each language writes numbers its own way (`1 000` in French,
 * `1.000` in German) and Polish picks its plural form.
 */
import type { DebugLog } from '../debug.js';
import { en, LANGUAGES } from './locales.js';
import { loadTranslations } from './load-translations.js';
import type { AdpxStrings, LocaleTable, MessageKey, PluralMessage } from './types.js';

/** Languages written right to left among the built-in ones. */
const RTL: ReadonlySet<string> = new Set(['ar', 'he']);
/** Old or alternative tags of built-in languages. */
const ALIASES: Readonly<Record<string, string>> = { iw: 'he' };

/**
 * The built-in language for a BCP 47 tag, or undefined when none fits: `de-AT` → `de`, `iw` → `he`.
 * Chinese goes by its script subtag, else by its region: `zh-Hant`, `zh-Hant-*`, `zh-TW`, `zh-HK`
 * and `zh-MO` → `zh-Hant` (Traditional); `zh`, `zh-Hans-*`, `zh-CN`, `zh-SG` and the rest → `zh`.
 */
export function builtInLanguage(tag: string | null | undefined): string | undefined {
  const subtags = tag?.trim().toLowerCase().split(/[-_]/) ?? [];
  const primary = subtags[0];
  if (!primary) return undefined;
  if (primary === 'zh' && /^(hant|tw|hk|mo)$/.test(subtags[1] ?? '')) return 'zh-Hant';
  const language = ALIASES[primary] ?? primary;
  return LANGUAGES.has(language) ? language : undefined;
}

/**
 * The unit's language: its own `lang`, else the closest ancestor's, else `<html lang>` (all three
 * are what `closest('[lang]')` finds), else the configured `fallback` (`AdpxConfig.language`), else
 * English. A tag with no built-in table counts as absent, so the search goes on. On a server (Lit's
 * DOM shim has attributes but no tree) the element's own `lang` only.
 */
export function resolveLanguage(element: Element, fallback?: string): string {
  for (
    let node: Element | null = element.closest?.('[lang]') ?? (element.getAttribute('lang') ? element : null);
    node;
    node = node.parentElement?.closest('[lang]') ?? null
  ) {
    const language = builtInLanguage(node.getAttribute('lang'));
    if (language) return language;
  }
  return builtInLanguage(fallback) ?? 'en';
}

export function isRtlLanguage(language: string): boolean {
  return RTL.has(language);
}

const KEYS = new Set(Object.keys(en));

/** The host's overrides that name a known key with a string; every other entry gets a debug line. */
export function checkStrings(strings: unknown, log?: DebugLog): AdpxStrings {
  if (strings === undefined || strings === null) return {};
  if (typeof strings !== 'object') {
    log?.('strings must be an object of words by key; ignored');
    return {};
  }
  const clean: Record<string, string> = {};
  for (const [key, value] of Object.entries(strings)) {
    if (!KEYS.has(key)) log?.(`strings.${key} is not a key the SDK uses; ignored`);
    else if (typeof value !== 'string') log?.(`strings.${key} must be a string; ignored`);
    else clean[key] = value;
  }
  return clean as AdpxStrings;
}

type Params = Readonly<Record<string, string | number>>;

/**
 * Built-in languages whose `Intl.NumberFormat` writes 0 to 999 in the digits 0-9 with no separator,
 * the same string as `String(n)`, in every engine: all but Arabic. For them a count in that range
 * (the unit's "2 of 6", "6 offers") is written without an `Intl.NumberFormat`, because the first
 * one a page creates loads ICU's number data: 12-20 ms of main thread in a fresh Chromium page, more
 * than the rest of the first card's script (docs/performance.md). Every other number goes through
 * `Intl.NumberFormat`. Arabic always does: engines disagree on its digits (Chromium and Firefox
 * write 0-9, WebKitGTK with ICU 72 writes ٠-٩). test/i18n/messages.test.ts (Node),
 * e2e/i18n.spec.ts (Chromium) and e2e-engines/words.flow.ts (Firefox, WebKit) compare each
 * language here with `Intl`: one added later that writes its own digits fails them until it is
 * left out.
 */
export const LATIN_DIGITS: ReadonlySet<string> = new Set([...LANGUAGES].filter((code) => code !== 'ar'));

/** One formatter per language, made on first use and shared by every unit that speaks it. */
const formats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

/** The value `cache` holds for `language`, made and kept on first use. */
function made<T>(cache: Map<string, T>, language: string, make: (language: string) => T): T {
  let value = cache.get(language);
  if (value === undefined) cache.set(language, (value = make(language)));
  return value;
}

/** `n` as `language` writes it: through `Intl.NumberFormat` unless the result is plain digits. */
export function formatNumber(language: string, n: number): string {
  if (Number.isInteger(n) && n >= 0 && n < 1000 && LATIN_DIGITS.has(language)) return String(n);
  return made(formats, language, (tag) => new Intl.NumberFormat(tag)).format(n);
}

/** The words of one language with overrides: `t(key, params)`. */
export class Messages {
  readonly rtl: boolean;
  /** The table in use: the language's own, or English while it is not loaded. */
  readonly table: LocaleTable;

  /** The language spoken: the one asked for, or `en` while its table is not here. */
  readonly language: string;

  constructor(
    requested: string,
    private readonly overrides: AdpxStrings = {},
  ) {
    const own = tables.get(requested);
    this.table = own ?? en;
    this.language = own ? requested : 'en';
    this.rtl = isRtlLanguage(this.language);
  }

  /** The message for `key`, placeholders filled: an override, else this language, else English. */
  t(key: MessageKey, params: Params = {}): string {
    const message = this.overrides[key] ?? this.table[key] ?? en[key];
    const text = typeof message === 'string' ? message : this.plural(message, params.count);
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      return typeof value === 'number' ? formatNumber(this.language, value) : value;
    });
  }

  private plural(message: PluralMessage, count: string | number | undefined): string {
    if (typeof count !== 'number') return message.other;
    if (count === 0 && message.zero !== undefined) return message.zero;
    const rules = made(pluralRules, this.language, (tag) => new Intl.PluralRules(tag));
    return message[rules.select(count)] ?? message.other;
  }
}

/** The tables at hand: English always, the others once loaded. */
const tables = new Map<string, LocaleTable>([['en', en]]);
/** Languages whose table could not be loaded: they speak English until a later load succeeds. */
const unavailable = new Set<string>();

/** True when the words of `language` can be given now (its table is here, or English stands in). */
export function languageReady(language: string): boolean {
  return tables.has(language) || unavailable.has(language);
}

/**
 * Loads the table of `language` when it is not here yet. Never rejects: when the tables cannot be
 * loaded (offline, blocked), the language speaks English and the debug log says so.
 */
export async function ensureLanguage(language: string, log?: DebugLog): Promise<void> {
  if (tables.has(language)) return;
  const loaded = await loadTranslations();
  if (loaded) {
    for (const [code, table] of Object.entries(loaded)) tables.set(code, table);
    unavailable.clear();
  } else {
    unavailable.add(language);
    log?.(`the words of "${language}" could not be loaded; the unit speaks English`);
  }
}

const cache = new Map<string, Messages>();

/** The messages for a language and no overrides, shared (most units on a page speak alike). */
export function messagesFor(language: string, overrides?: AdpxStrings): Messages {
  if (overrides && Object.keys(overrides).length > 0) return new Messages(language, overrides);
  // English standing in for a table not loaded (yet) is not kept: the next call may have it.
  if (!tables.has(language)) return new Messages(language);
  return made(cache, language, (tag) => new Messages(tag));
}
