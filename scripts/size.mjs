// Size check of the script-tag build: prints minified, gzip and brotli bytes of each file and fails
// when one is over its gzip budget, or when the first file does not carry the sanitizer file's
// sha384 hash (it loads that file with `integrity`: a stale hash would fail in every browser
// without the HTML Sanitizer API).
//
// Each budget is the file's measured size with a few percent of headroom: enough for a small fix,
// not for a feature nobody weighed. A change that needs more raises the budget in the same commit,
// with the bytes and the reason in its message; lower a budget whenever the size drops. Override
// one with ADPX_SIZE_BUDGET_<NAME> (bytes; NAME = FIRST, SANITIZER, SINGLE, SSR or LOCALES). The targets
// (first file 40,960 B, first + sanitizer 52 KB) and why the first file is above its target are in
// docs/performance.md.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const FILES = [
  { name: 'FIRST', file: 'adpx-offers.iife.js', budget: 46_900 },
  { name: 'SANITIZER', file: 'adpx-offers.sanitizer.iife.js', budget: 12_280 },
  { name: 'SINGLE', file: 'adpx-offers.single.iife.js', budget: 65_250 },
  { name: 'SSR', file: 'adpx-offers.ssr.iife.js', budget: 49_500 },
  { name: 'LOCALES', file: 'adpx-offers.locales.json', budget: 5_050 },
];

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const read = (file) => {
  try {
    return readFileSync(new URL(`../dist/${file}`, import.meta.url));
  } catch {
    console.error(`size: dist/${file} is missing; run \`npm run build\` first`);
    process.exit(1);
  }
};

let failed = false;
const gzipOf = {};
for (const { name, file, budget: fallback } of FILES) {
  const code = read(file);
  const budget = Number(process.env[`ADPX_SIZE_BUDGET_${name}`] ?? fallback);
  const gzip = gzipSync(code, { level: 9 }).length;
  const brotli = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  gzipOf[name] = gzip;
  console.log(
    `${file.padEnd(30)} min ${kb(code.length)}  gzip ${kb(gzip)}  brotli ${kb(brotli)}  (budget ${kb(budget)} gzip)`,
  );
  if (gzip > budget) {
    console.error(`size: ${file}: gzip ${gzip} bytes is over the budget of ${budget} bytes`);
    failed = true;
  }
}
console.log(`first + sanitizer file: gzip ${kb(gzipOf.FIRST + gzipOf.SANITIZER)}`);

const integrity = `sha384-${createHash('sha384').update(read(FILES[1].file)).digest('base64')}`;
if (!read(FILES[0].file).includes(integrity)) {
  console.error(`size: ${FILES[0].file} does not carry ${integrity}, the hash of ${FILES[1].file}`);
  failed = true;
}
if (failed) process.exit(1);
