// `node bench/frames.mjs`: the long animation frames of one phone-profile page, one by one, with
// the scripts that ran in each (which file, what invoked it, how long, forced style and layout)
// and the frame's own rendering time. What `npm run bench -- --only phone` sums up, taken apart:
// the way to find which of the SDK's tasks is over 50 ms and why.
//
//   node bench/frames.mjs [--page phone-sdk.html | phone-hand.html | net-server.html] [--cpu 4] [--runs 3] [--dist DIR]
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { freshPage, launchBrowser, ROOT, startService } from './lib/env.mjs';
import { startFront } from './lib/front.mjs';
import { PHONE } from './suites/phone.mjs';

const { values: args } = parseArgs({
  options: {
    page: { type: 'string', default: 'phone-sdk.html' },
    cpu: { type: 'string', default: String(PHONE.cpuSlowdown) },
    runs: { type: 'string', default: '3' },
    dist: { type: 'string', default: `${ROOT}dist` },
  },
});

function probe() {
  const frames = [];
  const observer = new PerformanceObserver((list) =>
    frames.push(...list.getEntries().map((e) => e.toJSON())),
  );
  observer.observe({ type: 'long-animation-frame', buffered: true });
  document.addEventListener(
    'adpx-offer-shown',
    () => {
      window.benchShown = performance.now();
    },
    { once: true },
  );
  window.benchFrames = () => [...frames, ...observer.takeRecords().map((e) => e.toJSON())];
}

const service = await startService(resolve(args.dist));
// The hydrating page is served by the front server, which writes the server-rendered unit into it.
const front = args.page === 'net-server.html' ? await startFront(service, resolve(args.dist)) : undefined;
const browser = await launchBrowser();
const { viewport, deviceScaleFactor, isMobile, hasTouch } = PHONE;
const short = (url) => url.replace(/^.*\//, '') || '(page)';

/** `src/file.ts:line` of a character position in one of the SDK's files, through its source map. */
const sources = new Map();
function origin(url, position) {
  const file = url.includes('/dist/') ? `${resolve(args.dist)}/${short(url)}` : undefined;
  if (!file || position < 0 || !existsSync(`${file}.map`)) return '';
  if (!sources.has(file))
    sources.set(file, {
      text: readFileSync(file, 'utf8'),
      map: new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))),
    });
  const { text, map } = sources.get(file);
  const before = text.slice(0, position).split('\n');
  const found = map.findEntry(before.length - 1, before.at(-1).length);
  return found.originalSource
    ? `${found.originalSource.replace(/^.*?\b(src|node_modules)\//, '$1/')}:${found.originalLine + 1}`
    : '';
}
try {
  for (let run = 0; run < Number(args.runs); run++) {
    const { page, close } = await freshPage(browser, { viewport, deviceScaleFactor, isMobile, hasTouch });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(args.cpu) });
    await page.addInitScript(probe);
    await page.goto(`${(front ?? service).url}/bench/${args.page}`);
    await page
      .waitForFunction(
        () => window.benchShown !== undefined || document.querySelector('[data-baseline]'),
        null,
        { timeout: 30_000 },
      )
      .catch(() => {});
    await page.waitForTimeout(3000);
    const { frames, shown, start } = await page.evaluate(() => ({
      frames: window.benchFrames(),
      shown: window.benchShown,
      start: performance.getEntriesByName('bench:script-start')[0]?.startTime ?? 0,
    }));
    console.log(`\nrun ${run + 1}: card shown at ${(shown - start).toFixed(0)} ms after script start`);
    for (const f of frames.filter((f) => f.duration > 50)) {
      const render = f.startTime + f.duration - f.renderStart;
      console.log(
        `  frame at ${(f.startTime - start).toFixed(0)} ms: ${f.duration.toFixed(0)} ms, blocking ${f.blockingDuration.toFixed(0)}, render+style ${f.renderStart ? render.toFixed(0) : 0} ms`,
      );
      for (const s of f.scripts)
        console.log(
          `    ${s.duration.toFixed(0).padStart(4)} ms ${short(s.sourceURL)} ${s.invokerType} ${s.invoker} ${s.sourceFunctionName ?? ''} ${origin(s.sourceURL, s.sourceCharPosition)} (compile ${(s.executionStart - s.startTime).toFixed(0)}, forced layout ${s.forcedStyleAndLayoutDuration.toFixed(0)})`,
        );
    }
    await close();
  }
} finally {
  await browser.close();
  await front?.close?.();
  await service.close?.();
}
