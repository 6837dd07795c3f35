// @vitest-environment node
/**
 * The parts are declared once (parts.ts): every part a template writes is declared for the element
 * that renders it, every declared part is written by a template, and docs/theming.md's table and the
 * manifest are made from the declaration.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { themingWithParts } from '../../scripts/parts.mjs';
import { CARD_PARTS, ELEMENT_PARTS, TERMS_PARTS, UNIT_PARTS } from './parts.js';

const here = fileURLToPath(new URL('.', import.meta.url));

/** The part names written by the templates of one folder: `part="a b"`, `part="a ${x ? 'b' : ''}"`. */
function writtenIn(folder: string): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(join(here, folder))) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.endsWith('.styles.ts')) continue;
    const source = readFileSync(join(here, folder, file), 'utf8');
    for (const [, list = ''] of source.matchAll(/\spart="([^"]+)"/g)) {
      // `part="unit ${inDialog ? 'dialog' : ''}"`: the static names, and the quoted ones of the expression.
      const expressions = [...list.matchAll(/\$\{[^}]*\}/g)].map(([e]) => e).join(' ');
      for (const [, name = ''] of expressions.matchAll(/'([\w-]+)'/g)) names.add(name);
      for (const name of list.replace(/\$\{[^}]*\}/g, ' ').split(/\s+/)) if (name) names.add(name);
    }
  }
  return names;
}

const sorted = (names: Iterable<string>) => [...names].sort();

describe('CSS parts, declared once', () => {
  it.each([
    ['adpx-offers', UNIT_PARTS],
    ['adpx-offer', CARD_PARTS],
    ['adpx-terms', TERMS_PARTS],
  ] as const)('the templates of %s write exactly the parts declared for them', (folder, declared) => {
    expect(sorted(writtenIn(folder))).toEqual(sorted(Object.keys(declared)));
  });

  it('each element exposes the parts of what it renders', () => {
    expect(Object.keys(ELEMENT_PARTS['adpx-offers'])).toEqual([
      ...Object.keys(UNIT_PARTS),
      ...Object.keys(CARD_PARTS),
      ...Object.keys(TERMS_PARTS),
    ]);
    expect(Object.keys(ELEMENT_PARTS['adpx-terms'])).toEqual(Object.keys(TERMS_PARTS));
  });

  it('docs/theming.md lists them as declared (node scripts/parts.mjs)', async () => {
    const { doc, next } = await themingWithParts();
    expect(doc === next, 'the parts table is stale: run node scripts/parts.mjs').toBe(true);
  });

  it('the manifest gives each element its declared parts', () => {
    const manifest = JSON.parse(readFileSync(join(here, '../../custom-elements.json'), 'utf8')) as {
      modules: Array<{ declarations?: Array<{ tagName?: string; cssParts?: Array<{ name: string }> }> }>;
    };
    const declarations = manifest.modules.flatMap((m) => m.declarations ?? []);
    for (const [tag, parts] of Object.entries(ELEMENT_PARTS)) {
      const element = declarations.find((d) => d.tagName === tag);
      expect(element?.cssParts?.map((p) => p.name)).toEqual(Object.keys(parts));
    }
  });
});
