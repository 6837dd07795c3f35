// 4. Impression latency: bench/pages/impression.js renders the unit below the fold, waits until it
// has settled, then scrolls the whole card into view at a known time; the latency runs from that
// moment (the rule holds geometrically) to the pixel request: issued by the page (its `fetch` call)
// and received by the mock service (its record, on the same machine clock).
import { freshPage } from '../lib/env.mjs';
import { figure } from '../lib/stats.mjs';

const AREA = '4 Impression';

async function once(ctx) {
  const { page, close } = await freshPage(ctx.browser);
  try {
    ctx.service.reset();
    await page.goto(`${ctx.service.url}/bench/impression.html`);
    const result = await page.evaluate(() => window.benchImpression());
    if (!result.inView) throw new Error('impression: the card was not fully in view after the scroll');
    const hit = ctx.service.beacons().find((b) => b.kind === 'pixel');
    return { ...result, received: hit ? hit.at - result.scrolledAtEpoch : NaN };
  } finally {
    await close();
  }
}

export async function impression(ctx) {
  const runs = [];
  for (let i = 0; i < ctx.opts.runs; i++) runs.push(await once(ctx));
  const figures = [
    figure(
      AREA,
      'in view → pixel request issued',
      'ms',
      runs.map((r) => r.pixel),
    ),
    figure(
      AREA,
      'in view → pixel received by the service',
      'ms',
      runs.map((r) => r.received),
    ),
    figure(
      AREA,
      'in view → impression event',
      'ms',
      runs.map((r) => r.event),
    ),
  ];
  return { figures, runs };
}
