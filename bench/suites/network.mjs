// 8. Network profile: when the first card is painted, from navigation start, on Lighthouse's mobile
// profile (through CDP: CPU slowed 4× with `Emulation.setCPUThrottlingRate`; 150 ms round trip,
// 1.6 Mbps down, 750 kbps up with `Network.emulateNetworkConditions`), in the phone profile's
// fresh phone context. The pages come from the front server (bench/lib/front.mjs), which serves
// scripts gzip as a CDN does and passes the API to the mock service on the same origin.
//
// Shapes, each against the same card written by hand (bench/pages/phone-hand.html: an inline
// script posts and renders):
// - `fetching`: the script tag with an `<adpx-offers>` in the markup (phone-sdk.html);
// - `response`: the same, with the response already in the page (API prefetch, net-response.html);
// - `server-rendered`: not built yet (the server-rendering issue); its row says so, with no figure.
//
// A pair loads the hand page and one SDK page, order alternating; each figure is the median of the
// pairs (at least 5 in a full run), a ratio the median of the pairs' ratios. The probe is the phone
// profile's (first card painted = after the paint of the first frame with the card in the DOM);
// "request sent" is the offers POST's `startTime` in Resource Timing, from navigation start.
import { startFront } from '../lib/front.mjs';
import { freshPage } from '../lib/env.mjs';
import { atMost, figure } from '../lib/stats.mjs';
import { PHONE, probe } from './phone.mjs';

const AREA = '8 Network';
/** Lighthouse's mobile profile ("Slow 4G"): round trip, bits per second down and up, CPU slowdown. */
export const NETWORK = { latency: 150, down: 1.6e6, up: 750e3, cpuSlowdown: 4 };
const PAGES = { hand: 'phone-hand.html', fetching: 'phone-sdk.html', response: 'net-response.html' };
/** The shapes measured; a `null` page is a slot for a shape not built yet. */
const SHAPES = [
  { key: 'fetching', label: 'script tag, fetching', target: 1.5 },
  { key: 'response', label: 'response in the page (API prefetch)', target: 1.3 },
  { key: 'server', label: 'server-rendered', page: null },
];

async function load(ctx, front, side) {
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
    await page.addInitScript(probe);
    const painted = page.waitForEvent('console', {
      predicate: (message) => message.text() === 'bench:first-card-painted',
      timeout: 60_000,
    });
    await page.goto(`${front.url}/bench/${PAGES[side]}`);
    await painted;
    return await page.evaluate(() => {
      const post = performance.getEntriesByType('resource').find((e) => e.name.includes('/offers.json'));
      const scripts = performance
        .getEntriesByType('resource')
        .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
        .map((e) => ({ name: e.name.replace(location.origin, ''), start: e.startTime, end: e.responseEnd }));
      return { painted: window.benchPhone.painted, requestSent: post?.startTime ?? NaN, scripts };
    });
  } finally {
    await close();
  }
}

export async function network(ctx) {
  const front = await startFront(ctx.service, ctx.distDir);
  const built = SHAPES.filter((s) => s.page !== null);
  /** Per shape: its pairs, `{ hand, sdk }` loads. */
  const pairs = Object.fromEntries(built.map((s) => [s.key, []]));
  try {
    for (let i = 0; i < ctx.opts.networkPairs; i++) {
      for (const s of built) {
        const pair = {};
        const order = i % 2 === 0 ? ['hand', s.key] : [s.key, 'hand'];
        for (const side of order) pair[side === 'hand' ? 'hand' : 'sdk'] = await load(ctx, front, side);
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
    if (s.page === null) {
      figures.push({ ...figure(AREA, `${name}: first card painted`, 'ms', []), note: 'not built' });
      continue;
    }
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
        atMost(s.target),
      ),
    );
    if (s.key === 'fetching') {
      figures.push(
        figure(
          AREA,
          `${name}: request sent`,
          'ms',
          own.map((p) => p.sdk.requestSent),
        ),
      );
    }
  }
  return { figures, runs: pairs };
}
