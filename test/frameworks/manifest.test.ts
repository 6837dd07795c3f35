// @vitest-environment node
/**
 * custom-elements.json (package.json `customElements`) is generated from the elements' JSDoc by
 * scripts/manifest.mjs. It must be committed up to date, and describe what frameworks and tools
 * read from it: tags, attributes, properties, events, parts and CSS custom properties.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateManifest, MANIFEST_PATH } from '../../scripts/manifest.mjs';
import { optionEntries } from '../../src/options/schema.js';

/** Fields a unit sets on its cards; not for pages and frameworks to bind. */
const UNIT_WIRING = new Set(['ledger', 'frameWidth']);

interface Named {
  name: string;
  description?: string;
  fieldName?: string;
  type?: { text: string };
}
interface ElementDoc {
  kind: string;
  name: string;
  tagName?: string;
  customElement?: boolean;
  summary?: string;
  attributes?: Named[];
  members?: Array<Named & { kind: string; privacy?: string; readonly?: boolean }>;
  events?: Named[];
  cssParts?: Named[];
  cssProperties?: Named[];
}
interface Manifest {
  schemaVersion: string;
  modules: Array<{
    path: string;
    declarations?: ElementDoc[];
    exports?: Array<{ kind: string; name: string }>;
  }>;
}

const root = new URL('../../', import.meta.url);
let fresh = '';
let manifest: Manifest;
const element = (tag: string): ElementDoc => {
  const found = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === tag);
  if (!found) throw new Error(`<${tag}> is not in custom-elements.json`);
  return found;
};
const names = (items: Named[] | undefined) => (items ?? []).map((i) => i.name);

beforeAll(async () => {
  fresh = await generateManifest();
  manifest = JSON.parse(fresh) as Manifest;
});

describe('custom-elements.json', () => {
  it('is up to date with the elements’ JSDoc', () => {
    let committed = '';
    try {
      committed = readFileSync(MANIFEST_PATH, 'utf8');
    } catch {
      // missing counts as stale
    }
    expect(committed === fresh, 'custom-elements.json is stale: run npm run manifest (and commit it)').toBe(
      true,
    );
  });

  it('is named by package.json and shipped with the package', () => {
    const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
      customElements?: string;
      files?: string[];
      exports?: Record<string, unknown>;
    };
    expect(pkg.customElements).toBe('custom-elements.json');
    expect(pkg.files).toContain('custom-elements.json');
    expect(pkg.exports?.['./custom-elements.json']).toBe('./custom-elements.json');
  });

  it('lists <adpx-offers> with its summary, attributes, rich-data properties and public methods', () => {
    const unit = element('adpx-offers');
    expect(unit.name).toBe('AdpxOffersElement');
    expect(unit.customElement).toBe(true);
    expect(unit.summary).toBeTruthy();
    expect(names(unit.attributes)).toEqual(
      expect.arrayContaining([
        'api-key',
        'endpoint',
        'placement',
        'api-version',
        'pub-user-id',
        'loyaltyboost',
        'creative',
        'campaign-id',
        'dev',
        'layout',
        'terms',
        'manual',
      ]),
    );
    expect(unit.attributes?.find((a) => a.name === 'api-key')?.fieldName).toBe('apiKey');
    const members = unit.members ?? [];
    expect(members.filter((m) => m.kind === 'field').map((m) => m.name)).toEqual(
      expect.arrayContaining(['payload', 'response']),
    );
    expect(names(unit.attributes)).not.toContain('payload');
    expect(members.filter((m) => m.kind === 'method').map((m) => m.name)).toEqual(
      expect.arrayContaining(['load', 'show', 'next', 'previous', 'close']),
    );
    expect(members.some((m) => m.privacy === 'private')).toBe(false);
  });

  it('lists the adpx-* events of <adpx-offers> with their AdpxEvent type', () => {
    const events = element('adpx-offers').events ?? [];
    expect(names(events)).toEqual(
      expect.arrayContaining([
        'adpx-ads-found',
        'adpx-no-ads-found',
        'adpx-offer-shown',
        'adpx-impression',
        'adpx-ad-taken',
        'adpx-ad-not-taken',
        'adpx-last-ad-taken',
        'adpx-url-clicked',
        'adpx-closed-ads',
        'adpx-error',
      ]),
    );
    for (const event of events) {
      expect(event.name).toMatch(/^adpx-[a-z-]+$/);
      expect(event.type?.text).toBe(`AdpxEvent<'${event.name.slice(5).replace(/-/g, '_')}'>`);
      expect(event.description, event.name).toBeTruthy();
    }
  });

  it('lists the parts and CSS custom properties of both elements', () => {
    for (const tag of ['adpx-offers', 'adpx-offer']) {
      const doc = element(tag);
      expect(doc.summary, tag).toBeTruthy();
      expect(doc.cssParts?.length, tag).toBeGreaterThan(0);
      expect(doc.cssProperties?.length, tag).toBeGreaterThan(0);
      for (const part of names(doc.cssParts)) expect(part).toMatch(/^[a-z]+(-[a-z]+)*$/);
      for (const prop of names(doc.cssProperties)) expect(prop).toMatch(/^--adpx-[a-z0-9-]+$/);
    }
    expect(names(element('adpx-offers').cssParts)).toContain('close');
    expect(names(element('adpx-offer').events)).toEqual(
      expect.arrayContaining(['adpx-impression', 'adpx-ad-taken']),
    );
  });

  it('points at the published modules and defines each tag there', () => {
    for (const mod of manifest.modules) {
      expect(mod.path).toMatch(/^dist\/elements\/.+\.js$/);
      const tags = (mod.declarations ?? []).flatMap((d) => (d.tagName ? [d.tagName] : []));
      const defined = (mod.exports ?? [])
        .filter((e) => e.kind === 'custom-element-definition')
        .map((e) => e.name);
      expect(defined).toEqual(tags);
    }
  });
});

describe('the framework typings follow the manifest', () => {
  const source = readFileSync(new URL('src/frameworks/attributes.ts', root), 'utf8');
  /** The options' keys, which `AdpxOption{Attributes,Properties}` map from the table. */
  const optionKeys: Record<string, string[]> = {
    AdpxOptionAttributes: optionEntries().flatMap(([, o]) => (o.attribute ? [o.attribute] : [])),
    AdpxOptionProperties: optionEntries().flatMap(([, o]) =>
      o.property && o.attribute === false ? [o.property] : [],
    ),
  };
  /** The keys of one interface of src/frameworks/attributes.ts, those it extends included. */
  const keysOf = (name: string): string[] => {
    const [, base, body = ''] =
      new RegExp(`export interface ${name} (?:extends (\\w+) )?\\{([\\s\\S]*?)\\n\\}`).exec(source) ?? [];
    const own = [...body.matchAll(/^\s*'?([\w-]+)'?\?:/gm)].map((m) => m[1] ?? '');
    return [...own, ...(base ? (optionKeys[base] ?? []) : [])];
  };
  const cases = [
    ['adpx-offers', 'AdpxOffers'],
    ['adpx-offer', 'AdpxOffer'],
    ['adpx-terms', 'AdpxTerms'],
  ] as const;

  it.each(cases)(
    '<%s>: every attribute and attribute-less field is typed for React and Vue',
    (tag, prefix) => {
      const doc = element(tag);
      const typed = [...keysOf(`${prefix}Attributes`), ...keysOf(`${prefix}Properties`)];
      const attributes = names(doc.attributes);
      const attributeFields = new Set((doc.attributes ?? []).map((a) => a.fieldName));
      // Settable fields without an attribute (rich data); the card's ledger and frame width memo
      // are the unit's wiring.
      const properties = (doc.members ?? [])
        .filter(
          (m) =>
            m.kind === 'field' && !m.readonly && !attributeFields.has(m.name) && !UNIT_WIRING.has(m.name),
        )
        .map((m) => m.name);
      expect(typed.sort(), `update src/frameworks/attributes.ts for <${tag}>`).toEqual(
        [...attributes, ...properties].sort(),
      );
    },
  );
});
