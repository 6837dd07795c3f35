// `npm run bench` (after a build) and `npm run bench:smoke`: what the SDK costs a host page, measured
// in Chromium on pages served by the mock offers service. Prints one table and writes it as JSON
// (bench/results/bench.json; the smoke run writes bench-smoke.json). Every figure is the median of
// repeated runs, each in a fresh browser context, with min and max. Method and figures:
// docs/performance.md.
//
//   node bench/run.mjs [--smoke] [--runs N] [--cycles N] [--rounds N] [--pairs N]
//                      [--only size,script,render,impression,memory,cls,phone,phone6,network]
//                      [--dist DIR] [--out FILE] [--write-docs [--docs FILE]]
//
// `--write-docs` (`npm run bench -- --write-docs`) also rewrites the figures table of
// docs/performance.md, between its `<!-- bench:table -->` markers, from this run (bench/lib/docs.mjs).
// It needs every suite; a smoke run (one sample of each) may only write to another file
// (`--docs FILE`), which is how to try the writer without a full run.
//
// A missed target is reported, not an error: the exit code is non-zero only when the benchmark
// itself could not run (the smoke run in CI checks exactly that).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser, machine, ROOT, startService, VIEWPORT } from './lib/env.mjs';
import { docsTable, writeDocs } from './lib/docs.mjs';
import { printTable, writeJson } from './lib/report.mjs';
import { measureSizes } from './lib/size.mjs';
import { atMost, figure } from './lib/stats.mjs';
import { cls } from './suites/cls.mjs';
import { impression } from './suites/impression.mjs';
import { memory } from './suites/memory.mjs';
import { network } from './suites/network.mjs';
import { phone } from './suites/phone.mjs';
import { render } from './suites/render.mjs';
import { scriptCost } from './suites/script-cost.mjs';

const FULL = {
  runs: 7,
  pairs: 15,
  cycles: 1000,
  memoryRuns: 3,
  clsRuns: 3,
  phoneRounds: 3,
  phoneRuns: 5,
  networkPairs: 5,
};
const SMOKE = {
  runs: 1,
  pairs: 5,
  cycles: 50,
  memoryRuns: 1,
  clsRuns: 1,
  phoneRounds: 1,
  phoneRuns: 1,
  networkPairs: 1,
};
const SUITES = ['size', 'script', 'render', 'impression', 'memory', 'cls', 'phone', 'phone6', 'network'];
/** Issue 15's targets: the first script-tag file, and the first + the sanitizer file, gzip. */
const IIFE_GZIP_TARGET = 40 * 1024; // issue 27: 40,960 B
const WITH_SANITIZER_GZIP_TARGET = 52 * 1024;

const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    runs: { type: 'string' },
    cycles: { type: 'string' },
    rounds: { type: 'string' },
    pairs: { type: 'string' },
    only: { type: 'string' },
    dist: { type: 'string', default: `${ROOT}dist` },
    out: { type: 'string' },
    'write-docs': { type: 'boolean', default: false },
    docs: { type: 'string', default: `${ROOT}docs/performance.md` },
  },
});

const opts = { ...(args.smoke ? SMOKE : FULL) };
if (args.runs) opts.runs = Number(args.runs);
if (args.cycles) opts.cycles = Math.max(20, Number(args.cycles));
if (args.rounds) opts.phoneRounds = Math.max(1, Number(args.rounds));
if (args.pairs) opts.networkPairs = Math.max(1, Number(args.pairs));
const only = new Set(args.only ? args.only.split(',') : SUITES);
const distDir = resolve(args.dist);
const out = resolve(args.out ?? `${ROOT}bench/results/${args.smoke ? 'bench-smoke' : 'bench'}.json`);

const progress = (text) => process.stderr.write(`bench: ${text}\n`);
const docsFile = resolve(args.docs);

if (args['write-docs'] && args.only) {
  console.error('bench: --write-docs needs every suite: drop --only');
  process.exit(1);
}
if (args['write-docs'] && args.smoke && docsFile === resolve(`${ROOT}docs/performance.md`)) {
  console.error('bench: a smoke run (one sample each) does not write docs/performance.md: give --docs FILE');
  process.exit(1);
}

function sizeFigures(sizes) {
  const kb = (bytes) => bytes / 1024;
  const AREA = '1 Size';
  return [
    figure(AREA, 'IIFE first file minified', 'KB', kb(sizes.iife.min)),
    figure(AREA, 'IIFE first file gzip', 'KB', kb(sizes.iife.gzip), atMost(kb(IIFE_GZIP_TARGET), '≤ 40')),
    figure(AREA, 'IIFE first file brotli', 'KB', kb(sizes.iife.brotli)),
    figure(AREA, 'IIFE sanitizer file gzip (no HTML Sanitizer API)', 'KB', kb(sizes.sanitizer.gzip)),
    figure(
      AREA,
      'IIFE first + sanitizer file gzip',
      'KB',
      kb(sizes.iife.gzip + sizes.sanitizer.gzip),
      atMost(kb(WITH_SANITIZER_GZIP_TARGET), '≤ 52'),
    ),
    figure(AREA, 'IIFE single-file variant gzip', 'KB', kb(sizes.single.gzip)),
    figure(AREA, 'ESM own code, all exports: min', 'KB', kb(sizes.esmIndex.min)),
    figure(AREA, 'ESM own code, all exports: gzip', 'KB', kb(sizes.esmIndex.gzip)),
    figure(AREA, 'ESM own code, elements (define): gzip', 'KB', kb(sizes.esmDefine.gzip)),
  ];
}

async function main() {
  const started = Date.now();
  const sizeFiles = only.has('size') ? ['adpx-offers.sanitizer.iife.js', 'adpx-offers.single.iife.js'] : [];
  for (const file of ['adpx-offers.iife.js', 'index.js', 'server/mock/index.js', ...sizeFiles]) {
    if (!existsSync(`${distDir}/${file}`)) {
      throw new Error(`${distDir}/${file} is missing: run \`npm run build\` first (or use npm run bench)`);
    }
  }
  const figures = [];
  const details = {};
  if (only.has('size')) {
    progress('size');
    details.size = await measureSizes(distDir, ROOT);
    figures.push(...sizeFigures(details.size));
  }
  const service = await startService(distDir);
  const browser = await launchBrowser();
  const chromium = browser.version();
  const ctx = { browser, service, opts, distDir };
  const suites = [
    ['script', scriptCost],
    ['render', render],
    ['impression', impression],
    ['memory', memory],
    ['cls', cls],
    ['phone', phone],
    ['phone6', (c) => phone(c, 6)],
    ['network', network],
  ];
  try {
    for (const [name, suite] of suites) {
      if (!only.has(name)) continue;
      const t = Date.now();
      progress(`${name}…`);
      const result = await suite(ctx);
      figures.push(...result.figures);
      details[name] = result.runs;
      progress(`${name} done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
  } finally {
    await browser.close().catch(() => {});
    await service.close().catch(() => {});
  }
  const seconds = (Date.now() - started) / 1000;
  const report = {
    date: new Date().toISOString(),
    mode: args.smoke ? 'smoke' : 'full',
    chromium,
    node: process.version,
    machine: machine(),
    viewport: VIEWPORT,
    options: opts,
    seconds,
    figures,
    details,
  };
  const header =
    `adpx-offers benchmark (${report.mode}) — Chromium ${report.chromium}, ${report.machine.cores} cores, ` +
    `load ${report.machine.loadavg.map((l) => l.toFixed(1)).join(' ')}, ${opts.runs} runs, ` +
    `${opts.cycles} memory cycles, ${opts.phoneRounds} phone rounds of ${opts.phoneRuns}, ${seconds.toFixed(0)} s`;
  printTable(figures, header);
  writeJson(out, report);
  console.log(`\nwritten: ${out}`);
  // The smoke run also checks that the docs table still finds every figure it shows.
  if (args.smoke && !args.only) docsTable(figures);
  if (args['write-docs']) {
    writeDocs(docsFile, report, ROOT);
    console.log(`written: the figures table of ${docsFile}`);
  }
}

main().catch((error) => {
  console.error(`bench failed: ${error.stack ?? error}`);
  process.exit(1);
});
