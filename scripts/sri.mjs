// Writes dist/sri.json: the Subresource Integrity hash (sha384) of every file of the script-tag
// build, for `<script src="…" integrity="…" crossorigin="anonymous">` from a CDN.
//   node scripts/sri.mjs   (run by `npm run build` after `vite build`)
//
// Which files: every top-level `dist/*.js` that has no `.d.ts` beside it. `tsc` writes a `.d.ts`
// for each ES module it emits; the script-tag build (`adpx-offers.iife.js` and any sibling file it
// loads, such as a lazily loaded chunk) has none. So a new sibling file is hashed without this
// script knowing its name.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SRI_FILE = 'sri.json';

/** `sha384-<base64>` of some bytes, as the `integrity` attribute takes it. */
export function sriOf(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** The script-tag files in `dir`, sorted: top-level `.js` files with no `.d.ts` of the same name. */
export function scriptTagFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => e.name)
    .filter((name) => !existsSync(join(dir, name.replace(/\.js$/, '.d.ts'))))
    .sort();
}

/** `{ "file.js": "sha384-…" }` for the script-tag files of `dir`. Throws when there are none. */
export function integrityManifest(dir) {
  const files = scriptTagFiles(dir);
  if (files.length === 0) throw new Error(`sri: no script-tag file in ${dir}; run vite build first`);
  return Object.fromEntries(files.map((name) => [name, sriOf(readFileSync(join(dir, name)))]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = fileURLToPath(new URL('../dist', import.meta.url));
  const manifest = integrityManifest(dist);
  writeFileSync(join(dist, SRI_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`wrote dist/${SRI_FILE}: ${Object.keys(manifest).join(', ')}`);
}
