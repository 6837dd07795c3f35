// 5. Memory: bench/pages/memory.js runs load → show → close → remove cycles in one page. Measured
// after a forced GC (CDP HeapProfiler.collectGarbage) at 0 (page ready), 10 and N cycles: the V8
// heap and Blink's (embedder) heap from Runtime.getHeapUsage, documents, nodes and JS event
// listeners from Memory.getDOMCounters (detached nodes still referenced stay counted), and the
// page's observer counts (bench/pages/observers.js). Growth = after N − after 10; the growth in
// the second half of the cycles tells a leak (it keeps growing) from caches filling up (it stops).
import { freshPage } from '../lib/env.mjs';
import { below, figure } from '../lib/stats.mjs';

const AREA = '5 Memory';
const WARM = 10;

async function measure(page, cdp) {
  for (let i = 0; i < 3; i++) {
    await cdp.send('HeapProfiler.collectGarbage');
    await page.waitForTimeout(30);
  }
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  const snapshot = await page.evaluate(() => window.benchMemory.snapshot());
  return { heap: heap.usedSize, embedder: heap.embedderHeapUsedSize, ...dom, ...snapshot };
}

async function once(ctx) {
  const { page, close } = await freshPage(ctx.browser);
  try {
    const cdp = await page.context().newCDPSession(page);
    await page.goto(`${ctx.service.url}/bench/memory.html`);
    await page.evaluate(() => window.benchMemory.setup());
    const at0 = await measure(page, cdp);
    await page.evaluate((n) => window.benchMemory.run(n), WARM);
    const atWarm = await measure(page, cdp);
    const half = Math.round((ctx.opts.cycles - WARM) / 2);
    const started = Date.now();
    await page.evaluate((n) => window.benchMemory.run(n), half);
    const atMid = await measure(page, cdp);
    await page.evaluate((n) => window.benchMemory.run(n), ctx.opts.cycles - WARM - half);
    const perCycle = (Date.now() - started) / (ctx.opts.cycles - WARM);
    const atEnd = await measure(page, cdp);
    return { at0, atWarm, atMid, atEnd, perCycle };
  } finally {
    await close();
  }
}

export async function memory(ctx) {
  const runs = [];
  for (let i = 0; i < ctx.opts.memoryRuns; i++) runs.push(await once(ctx));
  const n = ctx.opts.cycles;
  const pick = (f) => runs.map(f);
  const kb = (bytes) => bytes / 1024;
  const figures = [
    figure(
      AREA,
      `JS heap after ${WARM} cycles`,
      'KB',
      pick((r) => kb(r.atWarm.heap)),
    ),
    figure(
      AREA,
      `JS heap after ${n} cycles`,
      'KB',
      pick((r) => kb(r.atEnd.heap)),
    ),
    figure(
      AREA,
      `JS heap growth ${WARM} → ${n}`,
      'KB',
      pick((r) => kb(r.atEnd.heap - r.atWarm.heap)),
      below(1024, '< 1024'),
    ),
    figure(
      AREA,
      '  of which in the second half',
      'KB',
      pick((r) => kb(r.atEnd.heap - r.atMid.heap)),
    ),
    figure(
      AREA,
      `Blink heap growth ${WARM} → ${n}`,
      'KB',
      pick((r) => kb(r.atEnd.embedder - r.atWarm.embedder)),
    ),
    figure(
      AREA,
      '  of which in the second half',
      'KB',
      pick((r) => kb(r.atEnd.embedder - r.atMid.embedder)),
    ),
    figure(
      AREA,
      'DOM nodes: page ready',
      'nodes',
      pick((r) => r.at0.nodes),
    ),
    figure(
      AREA,
      `DOM nodes after ${WARM} cycles`,
      'nodes',
      pick((r) => r.atWarm.nodes),
    ),
    figure(
      AREA,
      `DOM node growth ${WARM} → ${n}`,
      'nodes',
      pick((r) => r.atEnd.nodes - r.atWarm.nodes),
      {
        text: '≤ 0 (noise)',
        test: (v) => v <= 0,
      },
    ),
    figure(
      AREA,
      `JS event listeners growth ${WARM} → ${n}`,
      'count',
      pick((r) => r.atEnd.jsEventListeners - r.atWarm.jsEventListeners),
      {
        text: '≤ 0',
        test: (v) => v <= 0,
      },
    ),
    figure(
      AREA,
      `documents after ${n}`,
      'count',
      pick((r) => r.atEnd.documents),
    ),
    figure(
      AREA,
      'observations left (IO/RO/MO)',
      'count',
      pick((r) => r.atEnd.observers.observing),
      {
        text: '0',
        test: (v) => v === 0,
      },
    ),
    figure(
      AREA,
      'observers not collected',
      'count',
      pick((r) => r.atEnd.observers.created - r.atEnd.observers.collected),
    ),
    figure(
      AREA,
      'beacons per cycle',
      'count',
      pick((r) => (r.atEnd.beacons - r.atWarm.beacons) / (n - WARM)),
    ),
    figure(
      AREA,
      'time per cycle',
      'ms',
      pick((r) => r.perCycle),
    ),
  ];
  return { figures, runs };
}
