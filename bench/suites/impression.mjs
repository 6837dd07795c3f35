// 4. Impression latency: bench/pages/impression.js renders the unit below the fold, waits until it
// has settled, then scrolls the whole card into view at a known time; the latency runs from that
// moment (the rule holds geometrically) to the pixel request: issued by the page (its `fetch` call)
// and received by the mock service (its record, on the same machine clock). A second scenario
// renders the unit in view (inline at the top, and as a popup): from the first card painted to the
// pixel.
import { freshPage } from '../lib/env.mjs';
import { figure } from '../lib/stats.mjs';

const AREA = '4 Impression';

/** Waits (up to 2 s) for the mock service to have recorded a pixel. */
async function receivedPixel(service) {
  for (let i = 0; i < 100; i++) {
    const hit = service.beacons().find((b) => b.kind === 'pixel');
    if (hit) return hit;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

async function once(ctx, scenario = {}) {
  const { page, close } = await freshPage(ctx.browser);
  try {
    ctx.service.reset();
    await page.goto(`${ctx.service.url}/bench/impression.html`);
    const result = await page.evaluate((args) => window.benchImpression(args), scenario);
    if (!result.inView) throw new Error('impression: the card was not fully in view');
    if (result.scrolledAtEpoch === undefined) return result;
    const hit = await receivedPixel(ctx.service);
    return { ...result, received: hit ? hit.at - result.scrolledAtEpoch : NaN };
  } finally {
    await close();
  }
}

export async function impression(ctx) {
  const runs = [];
  const atTop = [];
  const popup = [];
  for (let i = 0; i < ctx.opts.runs; i++) {
    runs.push(await once(ctx));
    atTop.push(await once(ctx, { atTop: true }));
    popup.push(await once(ctx, { popup: true }));
  }
  const pixel = (list) => list.map((r) => r.pixel);
  const figures = [
    figure(AREA, 'in view → pixel request issued', 'ms', pixel(runs)),
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
    figure(AREA, 'rendered in view, inline: painted → pixel issued', 'ms', pixel(atTop)),
    figure(AREA, 'rendered in view, popup: painted → pixel issued', 'ms', pixel(popup)),
  ];
  return { figures, runs: { scrolled: runs, renderedInView: atTop, popup } };
}
