// @vitest-environment node
/**
 * The launcher's `settings`/`styles` keys are declared once (src/script-api/launcher-options.ts).
 * These tests fail when a key the launcher documents is missing from that table, when the
 * `AdpxSettings`/`AdpxStyles` types and the table disagree, or when docs/api.md's table is stale
 * (`ADPX_WRITE_DOCS=1 npx vitest run test/script-api/launcher-options.test.ts` rewrites it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LAUNCHER_DOCS } from '../../src/script-api/launcher-docs.js';
import { launcherOptions, type LauncherOption } from '../../src/script-api/launcher-options.js';
import type { AdpxSettings, AdpxStyles } from '../../src/script-api/types.js';

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

type DeepRequired<T> = {
  [K in keyof T]-?: NonNullable<T[K]> extends infer V
    ? V extends { nodeType: number } | string | number | boolean
      ? V
      : DeepRequired<V>
    : never;
};

/** One value for every key of the types: adding a key to a type without adding it here fails typecheck. */
const button = { background: '#000', color: '#fff', hover: '#111', stroke: '#222' };
const typedSettings: DeepRequired<AdpxSettings> = {
  ad_position: 'top',
  screen_margin: 5,
  darken_bg: false,
  close_ad_on_click_outside: true,
  backdrop_dismiss: true,
  show_close: true,
  close_delay: 2,
  delay: 1,
  max_display_time: 30,
  auto_close: true,
  multi_offer_unit: true,
  enable_offerwall: true,
  offerwall: true,
  show_qr: true,
  terms: 'modal',
  target: '#slot',
  embedded: {
    enabled: true,
    targetElement: '#slot',
    showHeader: true,
    fill_container: true,
    showFooter: true,
  },
  ad_animation: 'fade',
  open_overlay_offerwall: false,
  privacy_policy: 'https://example.com/privacy',
  show_disclaimer: true,
};
const typedStyles: DeepRequired<AdpxStyles> = {
  primary_color: '#000',
  background_color: '#fff',
  text_color: '#111',
  header: { text: 'Hi', background: '#000', textColor: '#fff', fontSize: 18 },
  offerText: { font: 'serif', fontSize: 16, textColor: '#111', buttonYes: button, buttonNo: button },
};

function leafPaths(value: unknown, prefix: string): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafPaths(child, `${prefix}.${key}`));
}

const OPTIONS = launcherOptions();
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

  it('documents each key, and only those', () => {
    expect(Object.keys(LAUNCHER_DOCS).sort()).toEqual([...declared].sort());
    for (const [path, doc] of Object.entries(LAUNCHER_DOCS)) {
      expect(
        [doc.type, doc.maps, doc.doc].every((text) => text.trim() !== ''),
        path,
      ).toBe(true);
    }
  });

  it('matches AdpxSettings and AdpxStyles key for key', () => {
    const typed = [...leafPaths(typedSettings, 'settings'), ...leafPaths(typedStyles, 'styles')].map(
      (path) => (/^styles\.[a-z_]+_color$/.test(path) ? 'styles.*_color' : path),
    );
    expect([...new Set(typed)].sort()).toEqual([...declared].sort());
  });
});

const START = '<!-- launcher-options:start (rendered from src/script-api/launcher-options.ts) -->';
const END = '<!-- launcher-options:end -->';

function row(option: LauncherOption): string[] {
  const { type, maps, doc } = LAUNCHER_DOCS[option.path as keyof typeof LAUNCHER_DOCS];
  const what = option.refused ? `**Refused** (debug line): ${option.refused}.` : doc;
  return [`\`${option.path}\``, type, maps, what].map((cell) => cell.replaceAll('|', '\\|'));
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
