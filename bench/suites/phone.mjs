// 7. Phone profile: what a phone pays for the first card, the SDK page against the same card
// written by hand, in one run. Both pages (bench/pages/phone-sdk.html, phone-hand.html) are loaded
// in a fresh context emulating a phone: 390×844 CSS pixels at 3×, mobile viewport and touch
// (Playwright's context options, i.e. CDP `Emulation.setDeviceMetricsOverride` and touch
// emulation), and the CPU slowed 4× (`Emulation.setCPUThrottlingRate`). The SDK page is the
// script-tag file with an `<adpx-offers>` in the markup; the hand-written page sends the same POST
// to the same mock service and draws the same card (bench/pages/baseline-card.js).
//
// A probe (an init script, the same on both pages) records the Long Animation Frames
// (`long-animation-frame`, buffered) and takes "first card painted" as after the paint of the
// first frame after the card is in the DOM (requestAnimationFrame, then a task): the SDK's first
// `adpx-offer-shown` (its card's render), the hand page's return from drawing. The window runs
// from script start (each page's `bench:script-start` mark, in the inline script just before its
// card's scripts) to 3 s after the first card painted; per load: the frames over 50 ms in it (any
// part of them), the longest, the blocking time (sum of their `blockingDuration`) and the first
// card painted, in ms from script start.
//
// The hydrating page (bench/pages/net-server.html, served by the front server, bench/lib/front.mjs,
// which writes `renderOffers`' HTML into it): the card is in the HTML and
// `adpx-offers.ssr.iife.js` (deferred) takes it over; its window runs from its script-start mark
// (just after the unit) to 3 s after the first card painted, so it holds the script's evaluation
// and the take-over. At ×4 only, its loads join each round's alternation (`server` rows).
//
// Rounds: each round loads both pages `runs` times, alternating (the first page swaps every
// load), and takes each figure's median per page; a comparison (SDK − by hand, SDK / by hand) is
// made of the two medians of a round. Figures are the median of the rounds, min and max.
import { freshPage } from '../lib/env.mjs';
import { startFront } from '../lib/front.mjs';
import { atMost, figure, median } from '../lib/stats.mjs';

const AREA = '7 Phone';
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  cpuSlowdown: 4,
};
const TAIL_MS = 3000;
const LONG_MS = 50;
const PAGES = { sdk: 'phone-sdk.html', hand: 'phone-hand.html', server: 'net-server.html' };

/** The probe, run in each page before its own scripts (the network profile's too). */
export function probe() {
  const state = { frames: [], inDom: undefined, painted: undefined };
  // A frame's scripts (LoAF attributes those over 5 ms): which file's task was long.
  const entry = (e) => ({
    start: e.startTime,
    duration: e.duration,
    blocking: e.blockingDuration,
    scripts: (e.scripts ?? []).map((s) => ({ url: s.sourceURL, duration: s.duration })),
  });
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.frames.push(entry(e));
  });
  observer.observe({ type: 'long-animation-frame', buffered: true });
  state.flush = () => {
    for (const e of observer.takeRecords()) state.frames.push(entry(e));
    return state;
  };
  state.cardInDom = () => {
    if (state.inDom !== undefined) return;
    state.inDom = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        state.painted = performance.now();
        // The runner waits for this message: polling the page would run script in the window.
        console.info('bench:first-card-painted');
      };
      channel.port2.postMessage(0);
    });
  };
  document.addEventListener('adpx-offer-shown', () => state.cardInDom(), { once: true });
  window.benchPhone = state;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One load of `side`'s page in a fresh phone context: its figures. */
async function load(ctx, side, cpuSlowdown) {
  const { viewport, deviceScaleFactor, isMobile, hasTouch } = PHONE;
  const { page, close } = await freshPage(ctx.browser, { viewport, deviceScaleFactor, isMobile, hasTouch });
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.addInitScript(probe);
    const painted = page.waitForEvent('console', {
      predicate: (message) => message.text() === 'bench:first-card-painted',
      timeout: 30_000,
    });
    await page.goto(`${side === 'server' ? ctx.front.url : ctx.service.url}/bench/${PAGES[side]}`);
    await painted;
    // The window's tail, plus time for the last frames' entries to be delivered.
    await sleep(TAIL_MS + 300);
    const state = await page.evaluate(() => {
      const { frames, inDom, painted: at } = window.benchPhone.flush();
      const start = performance.getEntriesByName('bench:script-start')[0]?.startTime;
      return { frames, inDom, painted: at, start };
    });
    if (state.start === undefined) throw new Error(`${PAGES[side]} has no bench:script-start mark`);
    const end = state.painted + TAIL_MS;
    const frames = state.frames.filter((f) => f.start + f.duration > state.start && f.start <= end);
    const long = frames.filter((f) => f.duration > LONG_MS);
    // Our scripts: the SDK's files under /dist/ (the hand page's card script is bench/pages').
    const ours = long.flatMap((f) => f.scripts.filter((s) => s.url.includes('/dist/')));
    return {
      oursLongest: Math.max(0, ...ours.map((s) => s.duration)),
      longFrames: long.length,
      longest: Math.max(0, ...long.map((f) => f.duration)),
      blocking: long.reduce((sum, f) => sum + (f.blocking ?? 0), 0),
      painted: state.painted - state.start,
      scriptStart: state.start,
      inDom: state.inDom - state.start,
      frames,
    };
  } finally {
    await close();
  }
}

const KEYS = ['longFrames', 'longest', 'blocking', 'painted', 'oursLongest'];

/** One round: `runs` loads of each page, alternating; each figure's median per page. */
async function round(ctx, index, cpuSlowdown) {
  const sides = ctx.front ? ['sdk', 'hand', 'server'] : ['sdk', 'hand'];
  const loads = Object.fromEntries(sides.map((side) => [side, []]));
  for (let i = 0; i < ctx.opts.phoneRuns; i++) {
    const shift = (index + i) % sides.length;
    const order = [...sides.slice(shift), ...sides.slice(0, shift)];
    for (const side of order) loads[side].push(await load(ctx, side, cpuSlowdown));
  }
  const medians = (side) => Object.fromEntries(KEYS.map((k) => [k, median(loads[side].map((l) => l[k]))]));
  return { ...Object.fromEntries(sides.map((side) => [side, medians(side)])), loads };
}

/** The phone profile at `cpuSlowdown` (4: the figures' profile; 6: how the gap scales). */
export async function phone(ctx, cpuSlowdown = PHONE.cpuSlowdown) {
  const rounds = [];
  const hydrating = cpuSlowdown === PHONE.cpuSlowdown;
  const front = hydrating ? await startFront(ctx.service, ctx.distDir) : undefined;
  try {
    for (let r = 0; r < ctx.opts.phoneRounds; r++)
      rounds.push(await round({ ...ctx, front }, r, cpuSlowdown));
  } finally {
    await front?.close();
  }
  const pick = (f) => rounds.map(f);
  const NO_MORE = { text: '≤ 0', test: (v) => v <= 0 };
  const figures = [
    figure(
      AREA,
      'phone: long animation frames > 50 ms, SDK page',
      'count',
      pick((r) => r.sdk.longFrames),
    ),
    figure(
      AREA,
      'phone: long animation frames > 50 ms, by hand',
      'count',
      pick((r) => r.hand.longFrames),
    ),
    figure(
      AREA,
      'phone: long animation frames, SDK − by hand',
      'count',
      pick((r) => r.sdk.longFrames - r.hand.longFrames),
      NO_MORE,
    ),
    figure(
      AREA,
      'phone: longest frame, SDK page',
      'ms',
      pick((r) => r.sdk.longest),
    ),
    figure(
      AREA,
      'phone: longest frame, by hand',
      'ms',
      pick((r) => r.hand.longest),
    ),
    figure(
      AREA,
      'phone: longest frame, ratio SDK / by hand',
      '×',
      pick((r) => r.sdk.longest / r.hand.longest),
    ),
    figure(
      AREA,
      'phone: blocking time, SDK page',
      'ms',
      pick((r) => r.sdk.blocking),
    ),
    figure(
      AREA,
      'phone: blocking time, by hand',
      'ms',
      pick((r) => r.hand.blocking),
    ),
    figure(
      AREA,
      'phone: blocking time, SDK − by hand',
      'ms',
      pick((r) => r.sdk.blocking - r.hand.blocking),
      NO_MORE,
    ),
    figure(
      AREA,
      'phone: first card painted, SDK page',
      'ms',
      pick((r) => r.sdk.painted),
    ),
    figure(
      AREA,
      'phone: first card painted, by hand',
      'ms',
      pick((r) => r.hand.painted),
    ),
    figure(
      AREA,
      'phone: first card painted, ratio SDK / by hand',
      '×',
      pick((r) => r.sdk.painted / r.hand.painted),
      atMost(1.2),
    ),
    figure(
      AREA,
      'phone: longest task of the SDK (its scripts in long frames)',
      'ms',
      pick((r) => r.sdk.oursLongest),
      atMost(LONG_MS),
    ),
  ];
  if (hydrating) {
    figures.push(
      figure(
        AREA,
        'phone: long animation frames > 50 ms, hydrating page',
        'count',
        pick((r) => r.server.longFrames),
      ),
      figure(
        AREA,
        'phone: long animation frames, hydrating − by hand',
        'count',
        pick((r) => r.server.longFrames - r.hand.longFrames),
        NO_MORE,
      ),
      figure(
        AREA,
        'phone: longest frame, hydrating page',
        'ms',
        pick((r) => r.server.longest),
      ),
      figure(
        AREA,
        'phone: blocking time, hydrating page',
        'ms',
        pick((r) => r.server.blocking),
      ),
      figure(
        AREA,
        'phone: blocking time, hydrating − by hand',
        'ms',
        pick((r) => r.server.blocking - r.hand.blocking),
        NO_MORE,
      ),
      figure(
        AREA,
        'phone: first card painted, hydrating page',
        'ms',
        pick((r) => r.server.painted),
      ),
      figure(
        AREA,
        'phone: longest task of the SDK, hydrating page',
        'ms',
        pick((r) => r.server.oursLongest),
        atMost(LONG_MS),
      ),
    );
    return { figures, runs: rounds };
  }
  // Another slowdown: its own rows, named for it.
  const renamed = figures.map((f) => ({
    ...f,
    area: `${AREA} ×${cpuSlowdown}`,
    name: f.name.replace(/^phone:/, `phone ×${cpuSlowdown}:`),
  }));
  return { figures: renamed, runs: rounds };
}
