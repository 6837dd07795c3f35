// @vitest-environment node
/**
 * The launcher's `settings`/`styles` keys are declared once: how each is checked and applied in
 * src/script-api/launcher-options.ts, what it is (doc, `@value`, `@maps`, `@deprecated` when
 * refused) on its key in the public types, src/script-api/types.ts. These tests fail when a key the
 * launcher documents is missing from the table, when the types and the table disagree, or when
 * docs/api.md's table is stale (`ADPX_WRITE_DOCS=1 npx vitest run
 * test/script-api/launcher-options.test.ts` rewrites it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LAUNCHER_OPTIONS } from '../../src/script-api/launcher-options.js';

/** Every key the service's launcher host pages and docs use (issue 12). */
const LAUNCHER_KEYS = [
  'settings.ad_position',
  'settings.darken_bg',
  'settings.delay',
  'settings.screen_margin',
  'settings.show_disclaimer',
  'settings.show_close',
  'settings.close_delay',
  'settings.multi_offer_unit',
  'settings.close_ad_on_click_outside',
  'settings.ad_animation',
  'settings.embedded.enabled',
  'settings.embedded.fill_container',
  'settings.embedded.showHeader',
  'settings.embedded.showFooter',
  'settings.embedded.targetElement',
  'settings.enable_offerwall',
  'settings.open_overlay_offerwall',
  'settings.privacy_policy',
  'styles.header.background',
  'styles.header.text',
  'styles.header.textColor',
  'styles.header.fontSize',
  'styles.offerText.font',
  'styles.offerText.fontSize',
  'styles.offerText.textColor',
  ...['buttonYes', 'buttonNo'].flatMap((button) =>
    ['background', 'color', 'hover', 'stroke'].map((key) => `styles.offerText.${button}.${key}`),
  ),
];

interface KeyDoc {
  /** The value it takes: `@value`, else the declared type (`Loose<boolean>` reads as boolean). */
  value: string;
  /** What it becomes on `<adpx-offers>`: `@maps`. */
  maps: string;
  doc: string;
  /** `@deprecated`'s text: a refused key. */
  deprecated?: string;
}

/**
 * Every launcher key of `AdpxSettings` and `AdpxStyles` with its docs, read from the JSDoc of
 * src/script-api/types.ts: a property whose type is an interface of that file or a type literal
 * is a group of keys; a button style's `{button}` is its parent's `@button` tag; the `*_color`
 * keys are the index signature's.
 */
function typedKeys(): Map<string, KeyDoc> {
  const text = readFileSync(new URL('../../src/script-api/types.ts', import.meta.url), 'utf8');
  const source = ts.createSourceFile('types.ts', text, ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const membersOf = (name: string): ts.TypeElement[] => {
    const declaration = interfaces.get(name);
    if (!declaration) throw new Error(`no interface ${name} in types.ts`);
    const inherited = (declaration.heritageClauses ?? []).flatMap((clause) =>
      clause.types.flatMap((type) => membersOf(type.expression.getText(source))),
    );
    return [...inherited, ...declaration.members];
  };
  const jsdoc = (node: ts.Node) => ({
    comment: ts
      .getJSDocCommentsAndTags(node)
      .filter(ts.isJSDoc)
      .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
      .join(' ')
      .trim(),
    tags: new Map(
      ts.getJSDocTags(node).map((tag) => [tag.tagName.text, ts.getTextOfJSDocComment(tag.comment) ?? '']),
    ),
  });
  const keys = new Map<string, KeyDoc>();
  const walk = (
    members: readonly ts.TypeElement[],
    prefix: string,
    button?: { part: string; doc: string },
  ) => {
    for (const member of members) {
      const { comment, tags } = jsdoc(member);
      const isIndex = ts.isIndexSignatureDeclaration(member);
      if (!isIndex && !ts.isPropertySignature(member)) continue;
      const type = member.type;
      if (!type) throw new Error(`${prefix}: a key without a type`);
      const path = `${prefix}.${isIndex ? '*_color' : member.name.getText(source)}`;
      if (ts.isTypeLiteralNode(type)) {
        walk(type.members, path);
        continue;
      }
      const named = ts.isTypeReferenceNode(type) ? interfaces.get(type.typeName.getText(source)) : undefined;
      if (named) {
        const part = tags.get('button');
        walk(membersOf(named.name.text), path, part ? { part, doc: comment.replace(/\.$/, '') } : undefined);
        continue;
      }
      if (!isIndex && /^styles\.[a-z_]+_color$/.test(path)) continue;
      const declared = type
        .getText(source)
        .replace(/^Loose<(.+)>$/, '$1')
        .split(' | ')
        .join(' or ');
      const maps = tags.get('maps') ?? '—';
      keys.set(path, {
        value: tags.get('value') ?? declared,
        maps: button ? maps.replaceAll('{button}', button.part) : maps,
        doc: button ? `${button.doc}: ${comment.charAt(0).toLowerCase()}${comment.slice(1)}` : comment,
        deprecated: tags.get('deprecated'),
      });
    }
  };
  walk(membersOf('AdpxSettings'), 'settings');
  walk(membersOf('AdpxStyles'), 'styles');
  return keys;
}

const TYPED = typedKeys();
/** Each row as what it does: applies its value (`apply`), or is refused (why), or neither. */
const OPTIONS = LAUNCHER_OPTIONS.map(([path, kind, target]) => ({
  path,
  apply: kind !== 'refused' && kind !== 'direct',
  refused: kind === 'refused' ? target : undefined,
}));
type LauncherOption = (typeof OPTIONS)[number];
const declared = OPTIONS.map((option) => option.path);

describe('the launcher options table', () => {
  it.each(LAUNCHER_KEYS)('declares %s', (path) => {
    expect(declared).toContain(path);
  });

  it('declares each key once, and each one either works or says why it is refused', () => {
    expect(new Set(declared).size).toBe(declared.length);
    for (const option of OPTIONS) {
      if (option.path === 'styles.*_color') continue;
      expect(Boolean(option.apply) !== Boolean(option.refused), option.path).toBe(true);
    }
  });

  it('has exactly the keys of AdpxSettings and AdpxStyles', () => {
    expect([...TYPED.keys()].sort()).toEqual([...declared].sort());
  });

  it('documents each working key, and marks each refused one @deprecated with its debug line’s reason', () => {
    for (const option of OPTIONS) {
      const key = TYPED.get(option.path);
      if (option.refused) {
        expect(key?.deprecated, option.path).toBe(`Refused: ${option.refused}.`);
        continue;
      }
      expect(key?.deprecated, option.path).toBeUndefined();
      expect(
        [key?.value, key?.maps, key?.doc].every(
          (text) => text !== undefined && text.trim() !== '' && text !== '—',
        ),
        option.path,
      ).toBe(true);
    }
  });
});

const START =
  '<!-- launcher-options:start (rendered from src/script-api/types.ts and launcher-options.ts) -->';
const END = '<!-- launcher-options:end -->';

function row(option: LauncherOption): string[] {
  const { value, maps, doc } = TYPED.get(option.path) ?? { value: '?', maps: '?', doc: '?' };
  const what = option.refused ? `**Refused** (debug line): ${option.refused}.` : doc;
  return [`\`${option.path}\``, value, maps, what].map((cell) => cell.replaceAll('|', '\\|'));
}

function renderTable(): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const head = ['key', 'value', 'on `<adpx-offers>`', 'what'];
  return [line(head), line(head.map(() => '---')), ...OPTIONS.map((o) => line(row(o)))].join('\n');
}

/** A markdown table's rows as trimmed cells, whatever the column padding. */
function cells(table: string): string[][] {
  return table
    .trim()
    .split('\n')
    .filter((line) => !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

describe('docs/api.md', () => {
  it('lists every launcher option as the table declares it', () => {
    const file = new URL('../../docs/api.md', import.meta.url);
    const doc = readFileSync(file, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(start, 'the launcher options markers in docs/api.md').toBeGreaterThan(-1);
    const expected = renderTable();
    if (process.env.ADPX_WRITE_DOCS === '1') {
      writeFileSync(file, `${doc.slice(0, start + START.length)}\n\n${expected}\n\n${doc.slice(end)}`);
      return;
    }
    expect(cells(doc.slice(start + START.length, end))).toEqual(cells(expected));
  });
});
