// Size check of the script-tag build: prints minified, gzip and brotli bytes of
// dist/adpx-offers.iife.js and fails when gzip is over the budget.
// Budget: ADPX_SIZE_BUDGET (bytes) or the default below, which follows the measured size with a
// few percent of headroom. Measured 2026-11-22: 52,054 B gzip after template minification; then
// 55,223 B with consent (+3.1 KB: the CMP readers, the privacy-string decoders, the rule) and the
// Adpx.cmd queue; 56,801 B with the language layer (+1.6 KB: English built in, the other twelve
// languages in adpx-offers.locales.json, loaded on demand). Issue 15 targets 30 KB for the first
// file, with DOMPurify moving to a sibling file (docs/performance.md). Lower it whenever the size drops.
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DEFAULT_BUDGET = 58 * 1024;
const budget = Number(process.env.ADPX_SIZE_BUDGET ?? DEFAULT_BUDGET);
const file = new URL('../dist/adpx-offers.iife.js', import.meta.url);

let code;
try {
  code = readFileSync(file);
} catch {
  console.error('size: dist/adpx-offers.iife.js is missing; run `npm run build` first');
  process.exit(1);
}
const gzip = gzipSync(code, { level: 9 }).length;
const brotli = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `adpx-offers.iife.js  min ${kb(code.length)}  gzip ${kb(gzip)}  brotli ${kb(brotli)}  (budget ${kb(budget)} gzip)`,
);
if (gzip > budget) {
  console.error(`size: gzip ${gzip} bytes is over the budget of ${budget} bytes`);
  process.exit(1);
}
