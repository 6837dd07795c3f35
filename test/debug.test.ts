// @vitest-environment node
/**
 * The debug log (decision 012): a fixed line is a code and its sentence at the call site, printed
 * as written here (the ESM source); the first script-tag file's build drops the sentence
 * (scripts/debug-sentences.mjs), and docs/debug.md lists every code with its sentence.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createDebugLog } from '../src/debug.js';
import { codedLines, dropDebugSentences } from '../scripts/debug-sentences.mjs';

describe('createDebugLog', () => {
  it('prints a code, its sentence and the details', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    createDebugLog(true)('I7', 'dwell clock started, ms:', 1000, 'offer 7');
    expect(debug).toHaveBeenCalledWith('[adpx] I7', 'dwell clock started, ms:', 1000, 'offer 7');
  });

  it('prints any other message as written', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    createDebugLog(true, 'adpx:api')('rule holds: ratio 1.000');
    expect(debug).toHaveBeenCalledWith('[adpx:api] rule holds: ratio 1.000');
  });

  it('prints nothing when off', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    createDebugLog(false)('I7', 1000);
    createDebugLog(undefined)('U2');
    expect(debug).not.toHaveBeenCalled();
  });
});

describe('docs/debug.md', () => {
  const doc = readFileSync(new URL('../docs/debug.md', import.meta.url), 'utf8');
  const documented = new Map(
    [...doc.matchAll(/^\| `([A-Z]\d+)` +\| (.+?) +\|$/gm)].map(([, code = '', text = '']) => [code, text]),
  );

  const sources = readdirSync(new URL('../src', import.meta.url), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8'));
  const written = new Map(
    sources.flatMap((code) => codedLines(code).map((line) => [line.code, line.sentence])),
  );
  /** A code logged bare (`log('S1')`) names nothing at its call site. */
  const bare = sources.flatMap((code) =>
    [...code.matchAll(/\blog\(\s*'([A-Z]\d{1,2})'\s*(?:\)|,(?!\s*['"`]))/g)].map((m) => m[1]),
  );

  it('lists every code with the sentence its call sites write, and no other', () => {
    expect(written.size).toBeGreaterThan(0);
    for (const [code, sentence] of written) expect(documented.get(code), code).toBe(sentence);
    expect([...documented.keys()].filter((code) => !written.has(code))).toEqual([]);
  });

  it('no call site logs a bare code', () => {
    expect(bare).toEqual([]);
  });

  it('one code, one sentence: no code is written with two', () => {
    const all = sources.flatMap((code) => codedLines(code));
    for (const line of all) expect(line.sentence, line.code).toBe(written.get(line.code));
  });
});

describe('the first script-tag file (scripts/debug-sentences.mjs)', () => {
  it('drops the sentence and keeps the code and the details', () => {
    const source = `log('I7', 'dwell clock started, ms:', dwell);\nlog(\n  'H2',\n  "the page's tag failed:",\n  e,\n);`;
    expect(dropDebugSentences(source, 'x.ts')?.code).toBe(`log('I7', dwell);\nlog(\n  'H2',\n  e,\n);`);
    expect(dropDebugSentences(`log('init: a sentence', id)`, 'x.ts')).toBeNull();
  });
});
