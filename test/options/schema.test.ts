/**
 * The options table (src/options/schema.ts) is the one declaration of each request/unit option:
 * these tests fail when an option is missing from a surface derived from it — the element's
 * attributes and properties, `AdpxConfig` and `resolveConfig`, the launcher's unit, the prefetch
 * key, the framework typings (type-level, checked by `npm run typecheck`), docs/api.md and the
 * README's attribute table.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_DOC, README, readOptions, renderApiDoc, renderReadme } from '../../scripts/options-doc.mjs';
import { AdpxOffersElement } from '../../src/elements/adpx-offers/adpx-offers.js';
import { defineElements } from '../../src/elements/registry.js';
import type { AdpxOffersAttributes, AdpxOffersProperties } from '../../src/frameworks/attributes.js';
import { OPTIONS, optionEntries, type OptionName } from '../../src/options/schema.js';
import { MAX_TIMER_MS } from '../../src/options/values.js';
import { offersRequestKey } from '../../src/client/request.js';
import type { FetchOffersOptions } from '../../src/options/fetch-options.js';
import { resolveConfig } from '../../src/script-api/config.js';
import type { AdpxConfig } from '../../src/script-api/types.js';
import { configureUnit } from '../../src/script-api/unit-dom.js';
import { unitSetup } from '../../src/script-api/launcher-options.js';

type Options = typeof OPTIONS;

/** The unit with the key of the request it makes now: the key its load (UnitLoad) compares. */
function withRequestKey(element: HTMLElement) {
  const unit = element as AdpxOffersElement & { requestOptions(): FetchOffersOptions };
  return Object.assign(unit, { requestKey: () => offersRequestKey(unit.requestOptions()) });
}
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
type Field<F extends string> = {
  [K in OptionName]: Options[K] extends Record<F, infer V extends string> ? V : never;
}[OptionName];

// Type level: `AdpxConfig` has exactly the options' config keys and the launcher's own three; the
// framework typings have every attribute and every property-only option.
export type SurfacesAreComplete = [
  Expect<Equal<keyof AdpxConfig, Field<'config'> | 'callback' | 'settings' | 'styles'>>,
  Expect<Equal<Extract<Field<'attribute'>, keyof AdpxOffersAttributes>, Field<'attribute'>>>,
  Expect<Equal<AdpxOffersAttributes['api-version'], 'v2' | 'v4' | undefined>>,
  Expect<Equal<AdpxOffersAttributes['loyaltyboost'], '0' | '1' | '2' | undefined>>,
  Expect<Equal<AdpxOffersAttributes['dev'], boolean | undefined>>,
  Expect<Equal<AdpxOffersAttributes['consent-timeout'], number | `${number}` | undefined>>,
  Expect<
    Equal<
      keyof AdpxOffersProperties,
      'payload' | 'consent' | 'defaultLanguage' | 'strings' | 'response' | 'overrides'
    >
  >,
];

const ENDPOINT = 'https://offers.example';
const withAttribute = optionEntries().filter(([, spec]) => spec.attribute);

beforeAll(() => defineElements(customElements));

describe('the options table', () => {
  it('is what docs/api.md shows (node scripts/options-doc.mjs regenerates it)', () => {
    expect(
      readFileSync(API_DOC, 'utf8') === renderApiDoc(),
      'docs/api.md: run node scripts/options-doc.mjs',
    ).toBe(true);
  });

  it("is what the README's attribute table shows, one row per option with an attribute", () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme === renderReadme(), 'README.md: run node scripts/options-doc.mjs').toBe(true);
    for (const [, spec] of withAttribute) expect(readme).toContain(`| \`${spec.attribute}\``);
  });

  it('gives every option a doc, a type and a validator; names are unique per surface', () => {
    for (const field of ['property', 'attribute', 'config'] as const) {
      const names = optionEntries().flatMap(([, spec]) => (spec[field] ? [spec[field]] : []));
      expect(new Set(names).size, field).toBe(names.length);
    }
    const docs = new Map(readOptions().map((option) => [option.name, option.doc]));
    for (const [name, spec] of optionEntries()) {
      expect(docs.get(name)?.length, name).toBeGreaterThan(10);
      expect(spec.property || spec.config, name).toBeTruthy();
    }
  });

  it('marks as request options (the unit loads again when one changes) those its doc says are sent', () => {
    const sent = readOptions().flatMap((option) => (option.sent ? [option.name] : []));
    expect(optionEntries().flatMap(([name, spec]) => (spec.request ? [name] : []))).toEqual(sent);
    expect(sent).toEqual(expect.arrayContaining(['accountId', 'placement', 'payload']));
  });

  it("keys an element's request by the request options' values, not by the objects carrying them", () => {
    // The key the unit's load compares to load again or not (UnitLoad: of its request options).
    const unit = withRequestKey(document.createElement('adpx-offers'));
    unit.setAttribute('manual', '');
    // A request the client can build (the key is its URL and body): key, endpoint and placement.
    Object.assign(unit, { apiKey: 'sdk', endpoint: ENDPOINT, placement: 'checkout' });
    unit.payload = { order: 'o-1', total: 12, basket: { deep: true } };
    const key = unit.requestKey();
    unit.payload = { total: '12', order: 'o-1' };
    Object.assign(unit, { debug: true, strings: { close: 'Zu' }, consentTimeout: 9 });
    expect(unit.requestKey()).toBe(key);
    const changes: Array<Partial<AdpxOffersElement>> = [
      { placement: 'confirmation' },
      { dev: true },
      { payload: { order: 'o-2', total: 12 } },
    ];
    for (const change of changes)
      expect(Object.assign(unit, change).requestKey(), 'after each').not.toBe(key);
  });

  it('keys the request by the language it carries: the unit’s language, unless the payload names one', () => {
    const unit = withRequestKey(document.createElement('adpx-offers')) as ReturnType<
      typeof withRequestKey
    > & {
      requestChanged(changed: Map<string, unknown>): boolean;
    };
    Object.assign(unit, { apiKey: 'sdk', endpoint: ENDPOINT, placement: 'checkout' });
    const english = unit.requestKey();
    // Out of the document, no `lang` around it: `defaultLanguage` decides, then `lang` on the unit.
    unit.defaultLanguage = 'de';
    const german = unit.requestKey();
    expect(german).not.toBe(english);
    unit.setAttribute('lang', 'fr');
    const french = unit.requestKey();
    expect(french).not.toBe(german);
    unit.setAttribute('lang', 'fr-CA'); // the same language
    expect(unit.requestKey()).toBe(french);
    unit.payload = { language: 'it' };
    const italian = unit.requestKey();
    unit.setAttribute('lang', 'ja');
    unit.defaultLanguage = 'sv';
    expect(unit.requestKey()).toBe(italian);
    // What an update compares the key for: a `lang` changed (LanguageWatch) or `defaultLanguage`.
    expect(unit.requestChanged(new Map([['language', 'fr']]))).toBe(true);
    expect(unit.requestChanged(new Map([['defaultLanguage', 'de']]))).toBe(true);
    expect(unit.requestChanged(new Map([['strings', {}]]))).toBe(false);
  });

  it('makes the element property and attribute of each option, with its initial value', () => {
    const unit = document.createElement('adpx-offers');
    const declared = (
      AdpxOffersElement as unknown as { elementProperties: Map<string, { attribute: unknown }> }
    ).elementProperties;
    for (const [name, spec] of optionEntries()) {
      if (!spec.property) continue;
      expect(declared.get(spec.property)?.attribute, name).toBe(spec.attribute);
      const initial = typeof spec.initial === 'function' ? spec.initial() : spec.initial;
      expect((unit as unknown as Record<string, unknown>)[spec.property], name).toEqual(initial);
    }
  });

  it.each(withAttribute)('the %s attribute sets its property', async (name, spec) => {
    const unit = document.createElement('adpx-offers');
    unit.setAttribute('manual', '');
    const value = { boolean: '', number: '2500', string: name === 'apiVersion' ? 'v4' : '1' }[
      spec.type as 'string'
    ];
    unit.setAttribute(spec.attribute as string, value);
    const expected = { boolean: true, number: 2500, string: value }[spec.type as 'string'];
    expect((unit as unknown as Record<string, unknown>)[spec.property as string]).toBe(expected);
  });

  it('resolveConfig knows every config key; the launcher writes each unit option onto its unit', () => {
    const given: Record<string, unknown> = { accountId: 'sdk', endpoint: ENDPOINT, callback: () => {} };
    for (const [, spec] of optionEntries())
      if (spec.config && !(spec.config in given)) given[spec.config] = undefined;
    Object.assign(given, {
      pubUserId: 'u-1',
      loyaltyboost: '2',
      creative: '1',
      campaignId: 'c-9',
      dev: true,
    });
    Object.assign(given, { consentTimeout: 900, language: 'de', strings: { close: 'Zu' }, headingLevel: 4 });
    const result = resolveConfig(given, undefined);
    if (!result.ok) throw result.error;
    expect(result.ignored).toEqual([]);
    const unit = document.createElement('adpx-offers');
    configureUnit(unit, result.config, unitSetup({}, {}));
    expect(unit.getAttribute('api-key')).toBe('sdk');
    expect(unit.getAttribute('pub-user-id')).toBe('u-1');
    expect(unit.getAttribute('campaign-id')).toBe('c-9');
    expect(unit.getAttribute('consent-timeout')).toBe('900');
    expect(unit.getAttribute('heading-level')).toBe('4');
    expect(unit.hasAttribute('dev')).toBe(true);
    expect(unit.hasAttribute('debug')).toBe(false);
    expect(unit.defaultLanguage).toBe('de');
    expect(unit.strings).toEqual({ close: 'Zu' });
    for (const [name, spec] of optionEntries()) {
      if (!spec.config || !spec.property || spec.notOnUnit) continue;
      const value = result.config[name as keyof typeof result.config];
      if (spec.attribute && value !== undefined && value !== false)
        expect(unit.hasAttribute(spec.attribute), name).toBe(true);
    }
  });

  it("the request key (the unit's reuse of a load, the prefetch fingerprint) holds every request option", () => {
    const unit = withRequestKey(document.createElement('adpx-offers'));
    const keyOf = () => unit.requestKey();
    const values: Record<string, unknown> = { boolean: true, number: 7, string: 'x', object: { a: 1 } };
    const seen = new Set([keyOf()]);
    for (const [name, spec] of optionEntries()) {
      if (!spec.request || !spec.property) continue;
      const value =
        name === 'apiVersion'
          ? unit.apiVersion === 'v2'
            ? 'v4'
            : 'v2'
          : name === 'loyaltyboost'
            ? '1'
            : values[spec.type];
      (unit as unknown as Record<string, unknown>)[spec.property] = value;
      expect(seen.has(keyOf()), name).toBe(false);
      seen.add(keyOf());
    }
    // The payload by its sent values: key order and keys sent as nothing do not count.
    const before = keyOf();
    unit.payload = { b: 2, a: 1, none: undefined };
    const reordered = keyOf();
    unit.payload = { a: 1, b: 2 };
    expect(keyOf()).toBe(reordered);
    expect(reordered).not.toBe(before);
  });

  it('refuses the same values with the same words on the element and in the launcher', () => {
    const launcher = resolveConfig({ accountId: 's', endpoint: 'ftp://x.example' }, undefined);
    expect(launcher.ok).toBe(false);
    expect(() => OPTIONS.endpoint.parse('ftp://x.example')).toThrow(
      !launcher.ok ? launcher.error.message : '',
    );
    expect(() => OPTIONS.loyaltyboost.parse('3')).toThrow(/loyaltyboost must be one of '0', '1', '2'/);
    expect(MAX_TIMER_MS).toBe(2 ** 31 - 1);
  });
});
