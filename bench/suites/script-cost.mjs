// 2. Script cost: the IIFE on a page (bench/pages/script-cost.html) that inits `window.Adpx` with
// autoLoad and autoShow into an inline slot. Per run, in a fresh context with a trace:
// - evaluate: main-thread time of the IIFE's compile and top-level run (trace);
// - script tag: mark before → mark after the `<script>` (wall clock, includes waiting for bytes);
// - to first offer painted: mark before the script → after the first card's paint (wall clock, it
//   includes the offers request to the local mock service) and the main-thread busy time inside;
// - long tasks (> 50 ms) in that window: the page's PerformanceObserver (untraced load) and the
//   trace, and the longest task;
// - style/layout forced by the SDK's script in that window (count and ms).
import { atMost, figure } from '../lib/stats.mjs';
import { analyseTrace, TRACE_CATEGORIES } from '../lib/trace.mjs';
import { freshPage } from '../lib/env.mjs';

const AREA = '2 Script cost';

/** One page load; with `traced`, the trace's figures too. */
async function load(ctx, traced) {
  const { page, close } = await freshPage(ctx.browser);
  try {
    if (traced) await ctx.browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const painted = page.waitForEvent('console', {
      predicate: (message) => message.text() === 'bench:first-offer-painted',
      timeout: 15_000,
    });
    await page.goto(`${ctx.service.url}/bench/script-cost.html`);
    await painted;
    const marks = await page.evaluate(() => {
      const at = (name) => performance.getEntriesByName(name)[0]?.startTime;
      const end = at('adpx:first-offer-painted');
      return {
        scriptTag: at('adpx:script-end') - at('adpx:script-start'),
        toPaint: end - at('adpx:script-start'),
        observedLongTasks: window.benchLongTasks.filter((t) => t.start < end).length,
      };
    });
    if (!traced) return marks;
    return analyseTrace(await ctx.browser.stopTracing(), {
      from: 'adpx:script-start',
      to: 'adpx:first-offer-painted',
      scriptUrl: 'adpx-offers.iife.js',
    });
  } finally {
    await close();
  }
}

/**
 * Wall-clock figures and the page's own long-task observer come from a plain load; the trace's
 * figures from a second, traced load (tracing slows the page down a little).
 */
async function once(ctx) {
  const plain = await load(ctx, false);
  const traced = await load(ctx, true);
  return { ...plain, ...traced };
}

export async function scriptCost(ctx) {
  const runs = [];
  for (let i = 0; i < ctx.opts.runs; i++) runs.push(await once(ctx));
  const pick = (key) => runs.map((r) => r[key]);
  const figures = [
    figure(AREA, 'IIFE evaluate (compile + run)', 'ms', pick('evaluate'), atMost(3, '≤ 3')),
    figure(AREA, 'script tag, mark to mark', 'ms', pick('scriptTag')),
    figure(AREA, 'script start → first offer painted', 'ms', pick('toPaint')),
    figure(AREA, '  main-thread busy in that window', 'ms', pick('busy')),
    figure(AREA, '  long tasks > 50 ms (PerformanceObserver)', 'count', pick('observedLongTasks'), {
      text: '0',
      test: (v) => v === 0,
    }),
    figure(
      AREA,
      '  long tasks > 50 ms (trace)',
      'count',
      pick('longTasks').map((l) => l.length),
    ),
    figure(AREA, '  longest task (trace)', 'ms', pick('longestTask')),
    figure(AREA, '  style/layout forced by the SDK', 'count', pick('forcedCount')),
    figure(AREA, '  time in forced style/layout', 'ms', pick('forcedMs')),
  ];
  return { figures, runs };
}
