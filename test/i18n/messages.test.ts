import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/locales.js';
import {
  builtInLanguage,
  checkStrings,
  ensureLanguage,
  formatNumber,
  LATIN_DIGITS,
  languageReady,
  Messages,
  resolveLanguage,
} from '../../src/i18n/messages.js';
import { TRANSLATIONS } from '../../src/i18n/translations.js';
import type { MessageKey } from '../../src/i18n/types.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const texts = (value: string | Record<string, string>) =>
  typeof value === 'string' ? [value] : Object.values(value);

beforeAll(() => ensureLanguage('de'));

describe('the tables', () => {
  const keys = Object.keys(en) as MessageKey[];

  it.each(Object.entries(TRANSLATIONS))(
    '%s has every key, with the same placeholders as English',
    (_code, table) => {
      expect(Object.keys(table).sort()).toEqual([...keys].sort());
      for (const key of keys) {
        const wanted = placeholders(texts(en[key])[0] ?? '');
        for (const text of texts(table[key])) {
          expect(text.trim(), key).not.toBe('');
          if (key !== 'offersCount') expect(placeholders(text), `${key}: ${text}`).toEqual(wanted);
        }
      }
    },
  );

  it.each(Object.entries(TRANSLATIONS))(
    '%s gives a plural form for every category its language uses',
    (code, table) => {
      // Every category the language uses has its own form, except the Romance languages' `many`,
      // which only millions select ("1 million d'offres"), where `other` reads right.
      const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
      const forms = table.offersCount as Record<string, string | undefined>;
      const millionsOnly = ['es', 'fr', 'it', 'pt'].includes(code) ? ['many'] : [];
      for (const category of categories) {
        if (!millionsOnly.includes(category)) expect(forms[category], `${code} ${category}`).toBeTruthy();
      }
    },
  );

  it('reads like a checkout, not word by word: a few spot checks', () => {
    expect(TRANSLATIONS.de?.saveForLater).toBe('Für später merken');
    expect(TRANSLATIONS.ja?.offerFrom).toBe('{advertiser}からのオファー');
    expect(TRANSLATIONS.fr?.decline).toBe('Non merci');
  });
});

describe('the words as a native speaker reads them', () => {
  const counts = [1, 2, 3, 5, 11, 12, 22, 25, 100];
  const ar = new Intl.NumberFormat('ar');
  /** Languages with a singular for 1 and one plural for every other count here. */
  const singularPlural: Record<string, [string, string]> = {
    es: ['oferta', 'ofertas'],
    fr: ['offre', 'offres'],
    de: ['Angebot', 'Angebote'],
    it: ['offerta', 'offerte'],
    pt: ['oferta', 'ofertas'],
    nl: ['aanbieding', 'aanbiedingen'],
    sv: ['erbjudande', 'erbjudanden'],
  };
  const offers: Record<string, string[]> = {
    ...Object.fromEntries(
      Object.entries(singularPlural).map(([code, [one, other]]) => [
        code,
        counts.map((n) => `${n} ${n === 1 ? one : other}`),
      ]),
    ),
    // one, few (2-4, 22-24), many (5-21, 25-...): 12 to 14 are many, not few.
    pl: [
      '1 oferta',
      '2 oferty',
      '3 oferty',
      '5 ofert',
      '11 ofert',
      '12 ofert',
      '22 oferty',
      '25 ofert',
      '100 ofert',
    ],
    ja: counts.map((n) => `${n}件のオファー`),
    zh: counts.map((n) => `${n} 个优惠`),
    'zh-Hant': counts.map((n) => `${n} 項優惠`),
    // one and two say no number; few (3-10) takes the plural, many (11-99) the accusative singular,
    // other (100-102, ...) the genitive singular.
    ar: [
      'عرض واحد',
      'عرضان',
      ...[3, 5].map((n) => `${ar.format(n)} عروض`),
      ...[11, 12, 22, 25].map((n) => `${ar.format(n)} عرضًا`),
      `${ar.format(100)} عرض`,
    ],
    he: ['הצעה אחת', 'שתי הצעות', ...counts.slice(2).map((n) => `${n} הצעות`)],
  };

  it.each(Object.entries(offers))('%s: "N offers" in every plural form it has', (code, wanted) => {
    const m = new Messages(code);
    expect(counts.map((count) => m.t('offersCount', { count }))).toEqual(wanted);
  });

  it('"2 of 1,500" with the language\'s own words and number grouping', () => {
    const before: Record<string, string> = {
      es: '2 de ',
      fr: '2 sur ',
      de: '2 von ',
      it: '2 di ',
      pt: '2 de ',
      nl: '2 van ',
      pl: '2 z ',
      sv: '2 av ',
      ja: '2 / ',
      zh: '2/',
      'zh-Hant': '2/',
      ar: `${ar.format(2)} من `,
      he: '2 מתוך ',
    };
    for (const [code, words] of Object.entries(before)) {
      const total = new Intl.NumberFormat(code).format(1500);
      expect(new Messages(code).t('progress', { current: 2, total: 1500 }), code).toBe(words + total);
    }
    // Grouped as each language groups four digits: Spanish and Polish do not, French with a
    // narrow no-break space.
    expect(formatNumber('es', 1500)).toBe('1500');
    expect(formatNumber('pl', 1500)).toBe('1500');
    expect(formatNumber('fr', 1500)).toBe('1\u202f500');
  });

  it('French says one verb through the whole save flow: enregistrer', () => {
    const m = new Messages('fr');
    expect(
      ['saveForLater', 'saving', 'saved', 'savedStatus', 'saveFailed'].map((key) => m.t(key as MessageKey)),
    ).toEqual([
      'Enregistrer pour plus tard',
      'Enregistrement…',
      'Enregistrée',
      'Offre enregistrée pour plus tard.',
      'L’enregistrement a échoué. Réessayez',
    ]);
  });

  it('Japanese announces the position as it is said, not "1 / 6" (spoken by the live region)', () => {
    expect(new Messages('ja').t('announce', { current: 2, total: 6 })).toBe('全6件中2件目のオファー');
    expect(new Messages('ja').t('progress', { current: 2, total: 6 })).toBe('2 / 6');
  });

  it('Traditional Chinese as a Taiwanese checkout says it, full-width punctuation and all', () => {
    const m = new Messages('zh-Hant');
    expect(m.language).toBe('zh-Hant');
    expect(m.rtl).toBe(false);
    const keys: MessageKey[] = ['previous', 'next', 'previousOffer', 'nextOffer', 'terms', 'privacy'];
    expect(keys.map((key) => m.t(key))).toEqual([
      '上一項',
      '下一項',
      '上一項優惠',
      '下一項優惠',
      '條款與細則',
      '隱私權',
    ]);
    expect(m.t('announce', { current: 2, total: 6 })).toBe('第 2 項優惠，共 6 項');
    expect(m.t('progress', { current: 2, total: 6 })).toBe('2/6');
    expect(m.t('offerFrom', { advertiser: 'StreamMax' })).toBe('StreamMax提供的優惠');
    expect(m.t('termsUnavailable')).toBe('無法載入條款與細則，請再試一次');
    expect(
      ['saveForLater', 'saving', 'saved', 'savedStatus', 'saveFailed'].map((k) => m.t(k as MessageKey)),
    ).toEqual(['稍後再看', '儲存中…', '已儲存', '已儲存這項優惠，可以稍後再看。', '無法儲存，請再試一次']);
    expect(m.t('qrAltFrom', { advertiser: 'StreamMax' })).toBe(
      'QR Code：用手機掃描，即可開啟StreamMax提供的優惠',
    );
    expect(m.t('loyalty')).toBe('點數加碼');
  });

  it('Traditional Chinese is not the Simplified table converted: no Simplified form, no half-width punctuation', () => {
    const table = TRANSLATIONS['zh-Hant'];
    expect(table).toBeDefined();
    const words = Object.values(table ?? {})
      .flatMap(texts)
      .join('');
    // Simplified forms of characters these words would use (关個優條載隱這為來碼掃機額積後開換覽謝請試敗).
    expect(words).not.toMatch(/[关个优条载隐这为来码扫机额积后开换览谢请试败维与时们]/);
    // Full-width comma, colon and full stop between Chinese words, as Taiwan writes them.
    expect(words).not.toMatch(/[\u4e00-\u9fff][,:.!?]/);
    // Its own words, not the Simplified ones: only "1/3" is written alike.
    const alike = (Object.keys(en) as MessageKey[]).filter(
      (key) => JSON.stringify(table?.[key]) === JSON.stringify(TRANSLATIONS.zh?.[key]),
    );
    expect(alike).toEqual(['progress']);
  });

  it('previous and next: the visible word is in the accessible name, which agrees with the word for offer', () => {
    const labels = (code: string) => {
      const m = new Messages(code);
      return [m.t('previous'), m.t('next'), m.t('previousOffer'), m.t('nextOffer')];
    };
    // French buttons say "Précédent" and "Suivant"; the names agree with "l’offre" (feminine).
    expect(labels('fr')).toEqual(['Précédent', 'Suivant', 'Offre précédente', 'Offre suivante']);
    // German buttons say "Zurück" and "Weiter": the names start with them (das Angebot, neuter).
    expect(labels('de')).toEqual([
      'Zurück',
      'Weiter',
      'Zurück zum vorherigen Angebot',
      'Weiter zum nächsten Angebot',
    ]);
    expect(labels('it')).toEqual(['Precedente', 'Successiva', 'Offerta precedente', 'Offerta successiva']);
    expect(labels('pt')).toEqual(['Anterior', 'Próxima', 'Oferta anterior', 'Próxima oferta']);
    expect(labels('pl')).toEqual(['Poprzednia', 'Następna', 'Poprzednia oferta', 'Następna oferta']);
    // Hebrew agrees with הצעה (feminine) on the buttons too: the masculine הקודם is not in the
    // name ההצעה הקודמת (its final mem is another letter).
    expect(labels('he')).toEqual(['הקודמת', 'הבאה', 'ההצעה הקודמת', 'ההצעה הבאה']);
    expect(labels('ar')).toEqual(['السابق', 'التالي', 'العرض السابق', 'العرض التالي']);
    // Speech input users say the word they see: every language but Japanese (前へ, 次へ, as every
    // Japanese interface says them) has it in the name.
    for (const code of ['en', ...Object.keys(TRANSLATIONS)].filter((c) => c !== 'ja')) {
      const [previous, next, previousOffer, nextOffer] = labels(code).map((text) => text.toLowerCase());
      expect(previousOffer, code).toContain(previous);
      expect(nextOffer, code).toContain(next);
    }
  });

  it('Arabic and Hebrew isolate the advertiser’s name, so a Latin name keeps its full stop', () => {
    expect(new Messages('ar').t('offerFrom', { advertiser: 'Acme Inc.' })).toBe(
      'عرض من \u2068Acme Inc.\u2069',
    );
    expect(new Messages('he').t('offerFrom', { advertiser: 'Acme Inc.' })).toBe(
      'הצעה מאת \u2068Acme Inc.\u2069',
    );
    // Left-to-right languages need no isolate: the name reads in the sentence's own direction.
    expect(new Messages('de').t('offerFrom', { advertiser: 'Acme Inc.' })).toBe('Angebot von Acme Inc.');
  });
});

describe('Messages', () => {
  it('plural forms through Intl.PluralRules (Polish has three, Arabic six)', async () => {
    await ensureLanguage('pl');
    const pl = new Messages('pl');
    expect([1, 2, 5, 22, 25].map((count) => pl.t('offersCount', { count }))).toEqual([
      '1 oferta',
      '2 oferty',
      '5 ofert',
      '22 oferty',
      '25 ofert',
    ]);
    const ar = new Messages('ar');
    const n = new Intl.NumberFormat('ar');
    expect(ar.t('offersCount', { count: 0 })).toBe('لا توجد عروض');
    expect(ar.t('offersCount', { count: 2 })).toBe('عرضان');
    expect(ar.t('offersCount', { count: 3 })).toBe(`${n.format(3)} عروض`);
    expect(ar.t('offersCount', { count: 11 })).toBe(`${n.format(11)} عرضًا`);
  });

  it('numbers through Intl.NumberFormat', () => {
    expect(new Messages('de').t('progress', { current: 2, total: 1500 })).toBe('2 von 1.500');
    expect(formatNumber('fr', 1500)).toBe(new Intl.NumberFormat('fr').format(1500));
    expect(formatNumber('en', 2.5)).toBe('2.5');
    expect(formatNumber('de', 2.5)).toBe('2,5');
    // A language outside LATIN_DIGITS, as one that writes its own digits would be, asks Intl.
    expect(formatNumber('fa', 12)).toBe(new Intl.NumberFormat('fa').format(12));
    expect(formatNumber('fa', 12)).not.toBe('12');
    // Arabic asks Intl too: engines write it with different digits.
    expect(LATIN_DIGITS.has('ar')).toBe(false);
    expect(formatNumber('ar', 3)).toBe(new Intl.NumberFormat('ar').format(3));
  });

  it('0 to 999 written without Intl read exactly as Intl writes them, in every language listed', () => {
    for (const language of LATIN_DIGITS) {
      const intl = new Intl.NumberFormat(language);
      for (let n = 0; n < 1000; n++)
        expect(formatNumber(language, n), `${language} ${n}`).toBe(intl.format(n));
    }
  });

  it('overrides win, a missing override falls back to the language, then English', () => {
    const m = new Messages('de', { next: 'Los' });
    expect(m.t('next')).toBe('Los');
    expect(m.t('previous')).toBe('Zurück');
    expect(new Messages('xx').t('close')).toBe('Close');
  });

  it('right to left for Arabic and Hebrew only', () => {
    expect(['ar', 'he', 'de', 'ja'].map((code) => new Messages(code).rtl)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('English stands in, and says it is English, for a language whose table is not loaded', () => {
    expect(languageReady('en')).toBe(true);
    const m = new Messages('it-not-loaded');
    expect(m.language).toBe('en');
  });
});

describe('resolving the language', () => {
  it('maps a tag to a built-in language', () => {
    expect(['de-AT', 'iw', 'PT_br', 'ko', '', undefined].map(builtInLanguage)).toEqual([
      'de',
      'he',
      'pt',
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('Chinese: Traditional for Taiwan, Hong Kong, Macao and the Hant script; Simplified otherwise', () => {
    const traditional = [
      'zh-TW',
      'zh-HK',
      'zh-MO',
      'zh-Hant',
      'zh-Hant-TW',
      'zh-Hant-HK',
      'zh-Hant-CN',
      'zh_TW',
      'ZH-hk',
      'zh-TW-u-nu-latn',
    ];
    const simplified = [
      'zh',
      'zh-CN',
      'zh-SG',
      'zh-Hans',
      'zh-Hans-CN',
      'zh-Hans-TW',
      'zh-Hans-HK',
      'zh_CN',
      'zh-MY',
      'zh-tw2',
    ];
    expect(traditional.map(builtInLanguage)).toEqual(traditional.map(() => 'zh-Hant'));
    expect(simplified.map(builtInLanguage)).toEqual(simplified.map(() => 'zh'));
  });

  it('a zh-TW ancestor gives Traditional, a zh-CN unit inside it Simplified', () => {
    document.documentElement.lang = 'zh-TW';
    document.body.innerHTML = '<p id="tw"></p><section lang="zh-CN"><p id="cn"></p></section>';
    expect(resolveLanguage(document.getElementById('tw') as HTMLElement)).toBe('zh-Hant');
    expect(resolveLanguage(document.getElementById('cn') as HTMLElement)).toBe('zh');
    document.documentElement.lang = '';
    expect(resolveLanguage(document.getElementById('tw') as HTMLElement, 'zh-HK')).toBe('zh-Hant');
  });

  it('own lang, then the closest ancestor, then <html lang>, then the fallback, then English', () => {
    document.documentElement.lang = 'fr';
    document.body.innerHTML =
      '<div lang="ko"><section lang="ja"><p id="in"></p></section></div><p id="out"></p>';
    const inner = document.getElementById('in') as HTMLElement;
    expect(resolveLanguage(inner)).toBe('ja');
    inner.lang = 'de-CH';
    expect(resolveLanguage(inner)).toBe('de');
    expect(resolveLanguage(document.getElementById('out') as HTMLElement, 'sv')).toBe('fr');
    document.documentElement.lang = '';
    expect(resolveLanguage(document.getElementById('out') as HTMLElement, 'sv')).toBe('sv');
    expect(resolveLanguage(document.getElementById('out') as HTMLElement)).toBe('en');
    // A language with no table is skipped: the search goes on to the ancestors.
    inner.lang = 'ko';
    document.querySelector('section')?.setAttribute('lang', 'ko');
    expect(resolveLanguage(inner, 'it')).toBe('it');
  });

  it('checkStrings keeps known string keys and logs the rest', () => {
    const lines: string[] = [];
    expect(checkStrings({ close: 'X', nope: 'y', next: 3 }, (line) => lines.push(line))).toEqual({
      close: 'X',
    });
    expect(lines).toEqual([
      'strings.nope is not a key the SDK uses; ignored',
      'strings.next must be a string; ignored',
    ]);
  });
});
