// 6. Layout shift of the demo checkout page (demo/index.html, served at `/`), with the unit inline
// (as the page has it) and as a popup (its `layout` set before the script runs), on a desktop and
// a phone-sized viewport. Layout shifts (without recent input) are recorded from navigation until
// the first card is painted + 1 s; CLS is the largest session window (gap < 1 s, span ≤ 5 s).
// The demo's side panel appends beacons and events to two live lists; shifts whose every source is
// inside the panel (`aside.panel`, not the panel itself) are the demo's own and are reported apart
// ("page" leaves them out). The unit's final height is reported too (what a page should reserve).
import { freshPage } from '../lib/env.mjs';
import { figure } from '../lib/stats.mjs';

const AREA = '6 Layout shift';
const SETTLE_MS = 1000;
const ZERO = { text: '0', test: (v) => v === 0 };

export const CLS_VARIANTS = [
  { name: 'inline, 1280×800', layout: 'inline', viewport: { width: 1280, height: 800 } },
  { name: 'inline, 390×844', layout: 'inline', viewport: { width: 390, height: 844 } },
  { name: 'popup, 1280×800', layout: 'popup', viewport: { width: 1280, height: 800 } },
  { name: 'popup, 390×844', layout: 'popup', viewport: { width: 390, height: 844 } },
];

/** Runs in the page before any of its scripts. */
function recordShifts(layout) {
  const state = { shifts: [], paintedAt: undefined };
  window.benchCls = state;
  const describe = (node) => {
    const element = node?.nodeType === 1 ? node : node?.parentElement;
    return {
      node: element ? `${element.nodeName.toLowerCase()}${element.id ? `#${element.id}` : ''}` : String(node),
      demoPanel: Boolean(element?.parentElement?.closest('aside.panel')),
    };
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      const sources = entry.sources.map((s) => describe(s.node));
      state.shifts.push({ value: entry.value, time: entry.startTime, sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  document.addEventListener(
    'adpx-offer-shown',
    () =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          state.paintedAt = performance.now();
          console.info('bench:first-offer-painted');
        };
        channel.port2.postMessage(0);
      }),
    { once: true },
  );
  // The popup variant: the unit's layout, set as soon as it is parsed (before the script runs).
  if (layout === 'inline') return;
  const observer = new MutationObserver(() => {
    const unit = document.getElementById('unit');
    if (!unit) return;
    unit.setAttribute('layout', layout);
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** The largest session window of `shifts` (gap < 1 s, span ≤ 5 s). */
export function cumulativeShift(shifts) {
  let best = 0;
  let current = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const s of [...shifts].sort((a, b) => a.time - b.time)) {
    if (s.time - last >= 1000 || s.time - first >= 5000) {
      current = 0;
      first = s.time;
    }
    current += s.value;
    last = s.time;
    best = Math.max(best, current);
  }
  return best;
}

async function once(ctx, variant) {
  const { page, close } = await freshPage(ctx.browser, { viewport: variant.viewport });
  try {
    await page.addInitScript(recordShifts, variant.layout);
    const painted = page.waitForEvent('console', {
      predicate: (message) => message.text() === 'bench:first-offer-painted',
      timeout: 15_000,
    });
    await page.goto(`${ctx.service.url}/index.html`);
    await painted;
    await page.waitForTimeout(SETTLE_MS);
    const { shifts } = await page.evaluate(() => window.benchCls);
    const { layout, height } = await page.evaluate(() => {
      const unit = document.getElementById('unit');
      return { layout: unit.layout, height: unit.getBoundingClientRect().height };
    });
    if (layout !== variant.layout)
      throw new Error(`cls: the unit's layout is ${layout}, not ${variant.layout}`);
    const ours = shifts.filter((s) => !s.sources.every((src) => src.demoPanel));
    return {
      all: cumulativeShift(shifts),
      unit: cumulativeShift(ours),
      height,
      sources: [...new Set(ours.flatMap((s) => s.sources.map((src) => src.node)))],
    };
  } finally {
    await close();
  }
}

export async function cls(ctx) {
  const figures = [];
  const runs = {};
  for (const variant of CLS_VARIANTS) {
    const results = [];
    for (let i = 0; i < ctx.opts.clsRuns; i++) results.push(await once(ctx, variant));
    runs[variant.name] = results;
    figures.push(
      figure(
        AREA,
        `CLS ${variant.name}, page`,
        'score',
        results.map((r) => r.unit),
        ZERO,
      ),
      figure(
        AREA,
        `CLS ${variant.name}, with the demo's panel`,
        'score',
        results.map((r) => r.all),
      ),
      figure(
        AREA,
        `unit height in the page, ${variant.name}`,
        'px',
        results.map((r) => r.height),
      ),
    );
  }
  return { figures, runs };
}
