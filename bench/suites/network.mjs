// 8. Network profile: when the first card is painted, from navigation start, on Lighthouse's mobile
// profile (through CDP: CPU slowed 4× with `Emulation.setCPUThrottlingRate`; 150 ms round trip,
// 1.6 Mbps down, 750 kbps up with `Network.emulateNetworkConditions`), in the phone profile's
// fresh phone context. The pages come from the front server (bench/lib/front.mjs), which serves
// scripts gzip as a CDN does and passes the API to the mock service on the same origin.
//
// Shapes, each against the same card written by hand (bench/pages/phone-hand.html: an inline
// script posts and renders):
// - `fetching`: the script tag with an `<adpx-offers>` in the markup (phone-sdk.html);
// - `fetchingPreload`: the same with docs/script-tag.md's `<link rel="preload" as="script">` of
//   the rest file beside the tag, its integrity from dist/sri.json (net-fetching-preload.html);
// - `response`: the tag with the response already in the page (API prefetch, net-response.html);
// - `responsePreload`: the same with the preload (net-response-preload.html);
// - `server-rendered`: the unit's HTML from `renderOffers` (adpx-offers/ssr) for the same answer,
//   rendered by the front server, and `adpx-offers.ssr.iife.js` (deferred) taking it over
//   (net-server.html). Its card is in the HTML: "painted" is the paint after the parser reaches it.
//   Its pairs also wait for the take-over (and the hand page for its card) plus 3 s, and report
//   when the card's image arrived (its `responseEnd`; the server writes its sources in the HTML),
//   the layout shift through hydration (every shift without recent input, from navigation) and the
//   long animation frames (> 50 ms) from navigation to the end of that tail, against the hand page;
// - `launcher`: a page written for the service's launcher, `window.AdpxConfig`, the tag and
//   `Adpx.init({ autoShow: true })`, its unit inline in a target (net-launcher.html); its rest
//   file is the one with the script API (`adpx-offers.rest-api.iife.js`).
//
// A pair loads the hand page and one SDK page, order alternating; each figure is the median of the
// pairs (at least 5 in a full run), a ratio the median of the pairs' ratios. The probe is the phone
// profile's (first card painted = after the paint of the first frame with the card in the DOM);
// "request sent" is the offers POST's `startTime` in Resource Timing, from navigation start.
// The targets are judged on the snippet the docs recommend for each page (decision 016): the tag
// alone when the unit fetches, the tag with the preload when the response is in the page; the
// other shape of each is shown for comparison. Every SDK load but the server-rendered
// one also reports the rest file's downloads (the front server's GETs: 1 each load, so a preload
// the page did not use would show as 2) and, with the response in the page, its offers requests
// (0 each load).
import { startFront } from '../lib/front.mjs';
import { freshPage } from '../lib/env.mjs';
import { atMost, figure } from '../lib/stats.mjs';
import { cumulativeShift } from './cls.mjs';
import { PHONE, probe } from './phone.mjs';

const AREA = '8 Network';
/** Lighthouse's mobile profile ("Slow 4G"): round trip, bits per second down and up, CPU slowdown. */
export const NETWORK = { latency: 150, down: 1.6e6, up: 750e3, cpuSlowdown: 4 };
const PAGES = {
  hand: 'phone-hand.html',
  fetching: 'phone-sdk.html',
  fetchingPreload: 'net-fetching-preload.html',
  response: 'net-response.html',
  responsePreload: 'net-response-preload.html',
  server: 'net-server.html',
  launcher: 'net-launcher.html',
};
/** The rest file, which the first file asks for and the preload pages preload. */
const REST = '/dist/adpx-offers.rest.iife.js';
/** The rest file of a page that uses `Adpx` when the tag runs (the launcher page): with the API. */
const REST_API = '/dist/adpx-offers.rest-api.iife.js';
/** After the take-over (or the hand page's card): how long shifts and long frames are watched. */
const TAIL_MS = 3000;
const LONG_MS = 50;
/**
 * The shapes measured. Each target is checked on the snippet docs/script-tag.md recommends for
 * that page: the tag alone for a fetching unit (the preload wins nothing there), the tag with the
 * preload for a page that carries the response (decision 016).
 */
const SHAPES = [
  { key: 'fetching', label: 'script tag, fetching', target: 1.5, fetches: true },
  { key: 'fetchingPreload', label: 'script tag + preload, fetching', fetches: true, preload: true },
  { key: 'response', label: 'response in the page (API prefetch)' },
  { key: 'responsePreload', label: 'response in the page + preload', target: 1.3, preload: true },
  { key: 'server', label: 'server-rendered', target: 0.8, tail: true },
  { key: 'launcher', label: 'launcher page (AdpxConfig, Adpx.init), fetching', fetches: true },
];

/** Runs in the page before its scripts: every layout shift without recent input. */
function recordShifts() {
  const shifts = (window.benchShifts = []);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) shifts.push({ value: entry.value, time: entry.startTime });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** A target met when every load's value is `expected`, not only the median. */
const everyLoad = (values, expected) => ({
  text: `${expected} each load`,
  test: () => values.every((v) => v === expected),
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function load(ctx, front, side, tail = false) {
  const { viewport, deviceScaleFactor, isMobile, hasTouch } = PHONE;
  const { page, close } = await freshPage(ctx.browser, { viewport, deviceScaleFactor, isMobile, hasTouch });
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: NETWORK.cpuSlowdown });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: NETWORK.latency,
      downloadThroughput: NETWORK.down / 8,
      uploadThroughput: NETWORK.up / 8,
    });
    const preloadWarnings = [];
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) preloadWarnings.push(message.text());
    });
    const restFile = side === 'launcher' ? REST_API : REST;
    const restGets = front.gets(restFile);
    await page.addInitScript(probe);
    await page.addInitScript(recordShifts);
    const painted = page.waitForEvent('console', {
      predicate: (message) => message.text() === 'bench:first-card-painted',
      timeout: 60_000,
    });
    await page.goto(`${front.url}/bench/${PAGES[side]}`);
    await painted;
    let after = {};
    if (tail) {
      if (side === 'server') {
        await page.waitForFunction(() => performance.getEntriesByName('bench:taken-over').length > 0, null, {
          timeout: 60_000,
        });
      }
      await sleep(TAIL_MS + 300);
      after = await page.evaluate(() => ({
        takenOver: performance.getEntriesByName('bench:taken-over')[0]?.startTime ?? NaN,
        frames: window.benchPhone.flush().frames,
        shifts: window.benchShifts,
        request: performance.getEntriesByType('resource').some((e) => e.name.includes('/offers.json')),
      }));
      const long = after.frames.filter((f) => f.duration > LONG_MS);
      after = {
        takenOver: after.takenOver,
        longFrames: long.length,
        longest: Math.max(0, ...long.map((f) => f.duration)),
        blocking: long.reduce((sum, f) => sum + (f.blocking ?? 0), 0),
        cls: cumulativeShift(after.shifts),
        offersRequest: after.request,
      };
    }
    const seen = await page.evaluate((rest) => {
      const resources = performance.getEntriesByType('resource');
      const posts = resources.filter((e) => e.name.includes('/offers.json'));
      const scripts = resources
        .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
        .map((e) => ({
          name: e.name.replace(location.origin, ''),
          initiator: e.initiatorType,
          start: e.startTime,
          end: e.responseEnd,
        }));
      return {
        painted: window.benchPhone.painted,
        requestSent: posts[0]?.startTime ?? NaN,
        offersRequests: posts.length,
        restEntries: resources.filter((e) => e.name === `${location.origin}${rest}`).length,
        restLoaded: resources.find((e) => e.name === `${location.origin}${rest}`)?.responseEnd ?? NaN,
        // The card's image (the mock's resized images are under /img/): when its bytes had arrived.
        image: resources.find((e) => new URL(e.name).pathname.startsWith('/img/'))?.responseEnd ?? NaN,
        scripts,
      };
    }, restFile);
    // The page has run the rest file (its card is painted), so every GET of it has been served.
    return { ...seen, ...after, restGets: front.gets(restFile) - restGets, preloadWarnings };
  } finally {
    await close();
  }
}

export async function network(ctx) {
  const front = await startFront(ctx.service, ctx.distDir);
  const built = SHAPES;
  /** Per shape: its pairs, `{ hand, sdk }` loads. */
  const pairs = Object.fromEntries(built.map((s) => [s.key, []]));
  try {
    for (let i = 0; i < ctx.opts.networkPairs; i++) {
      for (const s of built) {
        const pair = {};
        const order = i % 2 === 0 ? ['hand', s.key] : [s.key, 'hand'];
        for (const side of order) {
          pair[side === 'hand' ? 'hand' : 'sdk'] = await load(ctx, front, side, s.tail === true);
        }
        pairs[s.key].push(pair);
      }
    }
  } finally {
    await front.close();
  }
  const hands = built.flatMap((s) => pairs[s.key].map((p) => p.hand));
  const figures = [
    figure(
      AREA,
      'network: first card painted, by hand',
      'ms',
      hands.map((l) => l.painted),
    ),
    figure(
      AREA,
      'network: request sent, by hand',
      'ms',
      hands.map((l) => l.requestSent),
    ),
  ];
  for (const s of SHAPES) {
    const name = `network: ${s.label}`;
    const own = pairs[s.key];
    figures.push(
      figure(
        AREA,
        `${name}: first card painted`,
        'ms',
        own.map((p) => p.sdk.painted),
      ),
      figure(
        AREA,
        `${name}: ratio to by hand`,
        '×',
        own.map((p) => p.sdk.painted / p.hand.painted),
        s.target === undefined ? undefined : atMost(s.target),
      ),
    );
    if (s.tail) {
      const ZERO = { text: '0', test: (v) => v === 0 };
      const NO_MORE = { text: '≤ 0', test: (v) => v <= 0 };
      figures.push(
        figure(
          AREA,
          `${name}: taken over (script run, first update done)`,
          'ms',
          own.map((p) => p.sdk.takenOver),
        ),
        figure(
          AREA,
          `${name}: card image arrived, ratio to by hand`,
          '×',
          own.map((p) => p.sdk.image / p.hand.image),
        ),
        figure(
          AREA,
          `${name}: CLS through hydration`,
          'score',
          own.map((p) => p.sdk.cls),
          ZERO,
        ),
        figure(
          AREA,
          `${name}: offers requests of the unit`,
          'count',
          own.map((p) => (p.sdk.offersRequest ? 1 : 0)),
          ZERO,
        ),
        figure(
          AREA,
          `${name}: long animation frames > 50 ms`,
          'count',
          own.map((p) => p.sdk.longFrames),
        ),
        figure(
          AREA,
          `${name}: long animation frames > 50 ms, by hand`,
          'count',
          own.map((p) => p.hand.longFrames),
        ),
        figure(
          AREA,
          `${name}: long animation frames, server-rendered − by hand`,
          'count',
          own.map((p) => p.sdk.longFrames - p.hand.longFrames),
          NO_MORE,
        ),
        figure(
          AREA,
          `${name}: blocking time, server-rendered − by hand`,
          'ms',
          own.map((p) => p.sdk.blocking - p.hand.blocking),
        ),
      );
    }
    if (s.fetches) {
      figures.push(
        figure(
          AREA,
          `${name}: request sent`,
          'ms',
          own.map((p) => p.sdk.requestSent),
        ),
      );
    } else if (!s.tail) {
      // The response is in the page: the unit sends no request (a template the front server did
      // not fill would leave `response` null, and the unit would fetch, late).
      const sent = own.map((p) => p.sdk.offersRequests);
      figures.push(figure(AREA, `${name}: offers requests`, 'count', sent, everyLoad(sent, 0)));
    }
    if (!s.tail) {
      // The rest file is downloaded once a load: with a preload, the first file's own `<script>`
      // for it takes the preloaded response (its URL, integrity and CORS mode match), and the
      // front server serves one GET. Resource Timing shows one entry for it, the preload's.
      const gets = own.map((p) => p.sdk.restGets);
      figures.push(
        figure(AREA, `${name}: rest file downloads (server GETs)`, 'count', gets, everyLoad(gets, 1)),
        figure(
          AREA,
          `${name}: rest file loaded (responseEnd)`,
          'ms',
          own.map((p) => p.sdk.restLoaded),
        ),
        figure(
          AREA,
          `${name}: rest file in Resource Timing`,
          'count',
          own.map((p) => p.sdk.restEntries),
        ),
      );
    }
    if (s.preload) {
      // Chromium's console says when it will not use a preload (credentials mode or integrity
      // differ from the request that would use it).
      const warned = own.map((p) => p.sdk.preloadWarnings.length);
      figures.push(
        figure(AREA, `${name}: console warnings about the preload`, 'count', warned, everyLoad(warned, 0)),
      );
    }
  }
  return { figures, runs: pairs };
}
