// The CSS parts of the elements, from their one declaration (src/elements/parts.ts), for the custom
// elements manifest (scripts/manifest.mjs) and the parts table of docs/theming.md:
//   node scripts/parts.mjs          rewrites the table between its markers
//   node scripts/parts.mjs --check  exits 1 when the table is stale
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const PARTS = fileURLToPath(new URL('../src/elements/parts.ts', import.meta.url));
const THEMING = fileURLToPath(new URL('../docs/theming.md', import.meta.url));
const START = '<!-- parts: made by scripts/parts.mjs from src/elements/parts.ts -->';
const END = '<!-- /parts -->';

/** `{ 'adpx-offers': { unit: 'The unit’s box …', … }, … }`, as parts.ts declares it. */
export async function readParts() {
  const js = ts.transpileModule(readFileSync(PARTS, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const module = await import(`data:text/javascript,${encodeURIComponent(js)}`);
  return module.ELEMENT_PARTS;
}

/** The Markdown table: each part once, what it is, and the elements that have it. */
export function partsTable(parts) {
  const rows = new Map();
  for (const [element, table] of Object.entries(parts)) {
    for (const [name, doc] of Object.entries(table)) {
      const row = rows.get(name) ?? { doc, elements: [] };
      row.elements.push(`\`<${element}>\``);
      rows.set(name, row);
    }
  }
  const cells = [
    ['part', 'what it is', 'in'],
    ...[...rows].map(([n, r]) => [`\`${n}\``, r.doc, r.elements.join(' ')]),
  ];
  const widths = cells[0].map((_, i) => Math.max(3, ...cells.map((c) => c[i].length)));
  const line = (c) => `| ${c.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(cells[0]), line(widths.map((w) => '-'.repeat(w))), ...cells.slice(1).map(line)].join('\n');
}

/** docs/theming.md with the table made anew. */
export async function themingWithParts() {
  const doc = readFileSync(THEMING, 'utf8');
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`parts: no ${START} … ${END} in docs/theming.md`);
  return {
    doc,
    next: `${doc.slice(0, start + START.length)}\n\n${partsTable(await readParts())}\n\n${doc.slice(end)}`,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { doc, next } = await themingWithParts();
  if (process.argv.includes('--check')) {
    if (doc !== next) {
      console.error('docs/theming.md: the parts table is stale: run node scripts/parts.mjs');
      process.exit(1);
    }
  } else writeFileSync(THEMING, next);
}
