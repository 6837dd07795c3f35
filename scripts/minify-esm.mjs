// Build step after `tsc -p tsconfig.build.json`: minifies the Lit `html`/`svg`/`css` template text
// of the ESM build in place (dist/**/*.js, not the server code), with the same rules as the
// script-tag build (scripts/minify-templates.mjs), so a card drawn from the npm package has the same
// DOM as one drawn by the script tag: no whitespace-only text nodes, no indentation shipped. Each
// file's source map is chained onto tsc's, so positions still lead to the TypeScript source.
//
//   node scripts/minify-esm.mjs [dist]
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import remapping from '@jridgewell/remapping';
import { minifyTemplates } from './minify-templates.mjs';

/** Server-side entries never render templates; skipping them keeps their files byte-identical. */
const SKIP = new Set(['server']);

/** `.js` files under `dir`, skipping {@link SKIP} at the top level. */
function jsFiles(dir, top = true) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return top && SKIP.has(entry.name) ? [] : jsFiles(path, false);
    return entry.name.endsWith('.js') && !entry.name.endsWith('.iife.js') ? [path] : [];
  });
}

/**
 * Minifies the templates of every ESM file under `dist`; returns the files changed and the bytes
 * saved. A file without Lit templates is left as it is.
 */
export function minifyEsm(dist) {
  let files = 0;
  let saved = 0;
  for (const file of jsFiles(dist)) {
    const code = readFileSync(file, 'utf8');
    const result = minifyTemplates(code, file);
    if (!result) continue;
    writeFileSync(file, result.code);
    const mapFile = `${file}.map`;
    if (existsSync(mapFile)) {
      const tscMap = JSON.parse(readFileSync(mapFile, 'utf8'));
      const chained = remapping([result.map, tscMap], () => null);
      chained.file = tscMap.file;
      chained.sources = tscMap.sources;
      delete chained.sourcesContent;
      writeFileSync(mapFile, JSON.stringify(chained));
    }
    files += 1;
    saved += code.length - result.code.length;
  }
  return { files, saved };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const dist = resolve(process.argv[2] ?? 'dist');
  const { files, saved } = minifyEsm(dist);
  console.log(
    `minify-esm: ${files} files in ${relative(process.cwd(), dist) || '.'}, ${saved} bytes of template text removed`,
  );
}
