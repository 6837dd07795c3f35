// `npm run bench:profile`: where the render's main-thread JavaScript goes, by source function.
// Renders the same response as bench/pages/render.html (the SDK through `Adpx.setApiResponse` +
// `reload`, or the hand-written baseline) under the V8 sampling profiler, in fresh pages, and
// prints the self time per function, mapped through the script-tag file's source map to the
// `src/` or `node_modules/` file and line it comes from. Native calls (`setAttribute`, `fetch`…)
// are listed under their own names; `(program)` is the engine's work outside JavaScript (style,
// layout, paint, compile), `(idle)` the wait for frames. This is how the first card's
// `Intl.NumberFormat` cost was found (docs/performance.md).
//
//   node bench/profile.mjs [--side sdk|baseline] [--warm N] [--load] [--runs N] [--top N] [--interval µs] [--dist DIR]
//
// Without --warm, each run profiles the first render of a fresh page (the cold render); with
// --warm N, one render first, then N profiled renders of the same page. With --load, no render:
// each run profiles the page's load, and counts only the samples with the script-tag file on the
// stack, which is the file's top-level run (the IIFE evaluate figure of `npm run bench`, without
// its compile). Run `npm run build` first.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { freshPage, launchBrowser, ROOT, startService } from './lib/env.mjs';

const { values: args } = parseArgs({
  options: {
    side: { type: 'string', default: 'sdk' },
    warm: { type: 'string', default: '0' },
    load: { type: 'boolean', default: false },
    runs: { type: 'string', default: '6' },
    top: { type: 'string', default: '30' },
    interval: { type: 'string', default: '50' },
    dist: { type: 'string', default: `${ROOT}dist` },
  },
});
if (args.side !== 'sdk' && args.side !== 'baseline') throw new Error('--side is sdk or baseline');
const warm = Number(args.warm);
const runs = Number(args.runs);
const distDir = resolve(args.dist);
const SCRIPT = 'adpx-offers.iife.js';
const map = new SourceMap(JSON.parse(readFileSync(`${distDir}/${SCRIPT}.map`, 'utf8')));

/** One render in the page, timed as the render suite times it; the slot is emptied after. */
async function renderOnce(page, side) {
  await page.evaluate(async (side) => {
    const kit = window.benchKit;
    await kit.timeRender(() => {
      const copy = structuredClone(window.benchResponse);
      if (side === 'baseline') {
        window.renderBaselineCard(document.getElementById('baseline'), copy, undefined, {});
        return undefined;
      }
      const shown = kit.nextEvent(document, 'adpx-offer-shown');
      void window.Adpx.setApiResponse(copy).then(() => window.Adpx.reload());
      return shown;
    });
    if (side === 'sdk') window.Adpx.close();
    else document.getElementById('baseline').replaceChildren();
    await kit.afterNextPaint();
  }, side);
}

/** `name src/file.ts:line` for a frame of the SDK's file; the native or page name otherwise. */
function where(frame) {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url.endsWith(SCRIPT)) return frame.url ? `${name} ${frame.url.split('/').pop()}` : name;
  // Both zero-based, as the profiler gives them; `originalLine` too, hence the + 1.
  const found = map.findEntry(frame.lineNumber, frame.columnNumber);
  if (!found.originalSource) return `${name} ${SCRIPT}`;
  const source = found.originalSource.replace(/^.*?\b(src|node_modules)\//, '$1/');
  return `${name} ${source}:${found.originalLine + 1}`;
}

/** Adds a profile's self time per function; with `under`, only samples whose stack passes it. */
function addSamples(profile, under) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const passes = (id) => {
    for (let at = id; at !== undefined; at = parent.get(at)) if (under(nodes.get(at).callFrame)) return true;
    return false;
  };
  profile.samples.forEach((id, i) => {
    if (under && !passes(id)) return;
    const key = where(nodes.get(id).callFrame);
    selfMs.set(key, (selfMs.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
}

/** The page's load under the profiler, from before navigation to its `load` event. */
async function profileLoad(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: Number(args.interval) });
  await cdp.send('Profiler.start');
  await page.goto(`${service.url}/bench/render.html`, { waitUntil: 'load' });
  const { profile } = await cdp.send('Profiler.stop');
  addSamples(profile, (frame) => frame.url.endsWith(SCRIPT));
}

const service = await startService(distDir);
const browser = await launchBrowser();
const selfMs = new Map();
let renders = 0;
try {
  for (let run = 0; run < runs; run++) {
    const { page, close } = await freshPage(browser);
    if (args.load) {
      await profileLoad(page);
      renders += 1;
      await close();
      continue;
    }
    await page.goto(`${service.url}/bench/render.html`);
    await page.evaluate(async () => {
      window.benchResponse = await window.benchSetup();
      await window.benchKit.afterNextPaint();
    });
    if (warm > 0) await renderOnce(page, args.side);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: Number(args.interval) });
    await cdp.send('Profiler.start');
    for (let i = 0; i < Math.max(1, warm); i++) await renderOnce(page, args.side);
    const { profile } = await cdp.send('Profiler.stop');
    renders += Math.max(1, warm);
    addSamples(profile);
    await close();
  }
} finally {
  await browser.close();
  await service.close();
}

const perRender = [...selfMs].map(([key, ms]) => [key, ms / renders]).sort((a, b) => b[1] - a[1]);
const script = perRender.filter(([key]) => key !== '(idle)' && key !== '(program)');
const total = script.reduce((sum, [, ms]) => sum + ms, 0);
const mode = args.load
  ? "the script tag's top-level run (per page load)"
  : warm > 0
    ? `${warm} warm renders per page`
    : 'the first render of each page (cold)';
console.log(`${args.side}: ${runs} pages, ${mode}; self time per render, ms`);
console.log(
  `JavaScript and native calls from it: ${total.toFixed(2)} ms per ${args.load ? 'load' : 'render'}`,
);
for (const [key, ms] of perRender.slice(0, Number(args.top))) {
  console.log(`${ms.toFixed(2).padStart(8)}  ${key}`);
}
