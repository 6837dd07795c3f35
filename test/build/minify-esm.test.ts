// @vitest-environment node
/**
 * scripts/minify-esm.mjs minifies the template text of the ESM build after tsc, in place, and chains
 * each file's source map onto tsc's. Checked on a module compiled here: the templates lose their
 * indentation, other code and server files stay as they are, and code after a shortened template
 * still maps to its line in the TypeScript source.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import ts from 'typescript';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { minifyEsm } from '../../scripts/minify-esm.mjs';

const SOURCE = [
  "import { html, css } from 'lit';",
  'export const styles = css`',
  '  :host {',
  '    display: block;',
  '  }',
  '`;',
  'export function card(title: string) {',
  '  return html`',
  '    <article>',
  '      <h2>${title}</h2>',
  '    </article>',
  '  `;',
  '}',
  'export const afterTemplates = 42;',
].join('\n');

/** Compiles SOURCE like tsconfig.build.json does (ES2022, source map beside the file). */
function compile(dir: string, name: string): void {
  const out = ts.transpileModule(SOURCE, {
    fileName: `../src/${name}.ts`,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022, sourceMap: true },
  });
  writeFileSync(
    join(dir, `${name}.js`),
    out.outputText.replace(/\/\/# sourceMappingURL=.*/, `//# sourceMappingURL=${name}.js.map`),
  );
  const map = JSON.parse(out.sourceMapText ?? '{}');
  map.file = `${name}.js`;
  writeFileSync(join(dir, `${name}.js.map`), JSON.stringify(map));
}

describe('minify-esm', () => {
  let dist: string;
  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'adpx-esm-'));
    mkdirSync(join(dist, 'elements'));
    mkdirSync(join(dist, 'server'));
    compile(join(dist, 'elements'), 'card');
    compile(join(dist, 'server'), 'mock');
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('minifies the templates of element modules and leaves the server code alone', () => {
    const serverBefore = readFileSync(join(dist, 'server/mock.js'), 'utf8');
    const { files, saved } = minifyEsm(dist);
    expect(files).toBe(1);
    expect(saved).toBeGreaterThan(20);
    const code = readFileSync(join(dist, 'elements/card.js'), 'utf8');
    expect(code).toContain('html `<article><h2>${title}</h2></article>`');
    expect(code).toContain('css `:host{display:block}`');
    expect(code).toContain('export const afterTemplates = 42;');
    expect(code).toMatch(/\/\/# sourceMappingURL=card\.js\.map$/);
    expect(readFileSync(join(dist, 'server/mock.js'), 'utf8')).toBe(serverBefore);
  });

  it('keeps the source map pointing at the TypeScript lines', () => {
    minifyEsm(dist);
    const code = readFileSync(join(dist, 'elements/card.js'), 'utf8');
    const map = new TraceMap(JSON.parse(readFileSync(join(dist, 'elements/card.js.map'), 'utf8')));
    const lines = code.split('\n');
    const line = lines.findIndex((l) => l.includes('afterTemplates'));
    const column = lines[line]?.indexOf('afterTemplates') ?? -1;
    const original = originalPositionFor(map, { line: line + 1, column });
    expect(original.source).toContain('card.ts');
    expect(original.line).toBe(SOURCE.split('\n').findIndex((l) => l.includes('afterTemplates')) + 1);
  });

  it('a second run changes nothing', () => {
    minifyEsm(dist);
    expect(minifyEsm(dist)).toEqual({ files: 0, saved: 0 });
  });
});
