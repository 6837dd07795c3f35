import { test as base, expect, type Frame, type Page } from '@playwright/test';
import { createMockOffersService, type BeaconHit, type MockOffersService } from '../src/server/mock/index.js';
import { ADPX_EVENT_NAMES, domEventName } from '../src/events/adpx-event.js';
import { settleAnimations } from '../scripts/animations.mjs';
import { VENDOR_FILES } from './vendor-files.js';

/**
 * Every test gets its own mock offers service on a free loopback port, serving the built script
 * (`/dist/`), the libraries of the hostile pages (`/vendor/`, e2e/vendor-files.ts) and the test
 * pages (`e2e/pages/`). Assertions read what the service received.
 */
export const test = base.extend<{ mock: MockOffersService }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take the other fixtures first.
  mock: async ({}, use) => {
    const mock = await createMockOffersService({
      static: [{ prefix: '/dist/', dir: 'dist' }, ...VENDOR_FILES, { prefix: '/', dir: 'e2e/pages' }],
    });
    await use(mock);
    await mock.close();
  },
});

export { expect };

/**
 * Opens e2e/pages/terms.html and waits until `<adpx-terms>` is defined. The script tag's first file
 * defines it last, from the later file, once the page's first card is settled (decision 016), so a
 * test that calls its methods must not start at the page's `load`.
 */
export async function openTermsPage(page: Page, mock: MockOffersService): Promise<void> {
  await page.goto(`${mock.url}/terms.html`);
  await page.evaluate(() => customElements.whenDefined('adpx-terms'));
}

/** Beacons of one kind the service received, optionally for one offer. */
export function hits(mock: MockOffersService, kind: BeaconHit['kind'], offerId?: number): BeaconHit[] {
  return mock.beacons().filter((b) => b.kind === kind && (offerId === undefined || b.offerId === offerId));
}

/** Waits until the service has received `count` beacons of a kind, then a little longer to catch extras. */
export async function expectHits(
  mock: MockOffersService,
  kind: BeaconHit['kind'],
  count: number,
  offerId?: number,
): Promise<void> {
  await expect.poll(() => hits(mock, kind, offerId).length, { timeout: 5_000 }).toBe(count);
}

/** Collects every `adpx-*` DOM event the page's document sees, in order. */
export async function recordEvents(page: Page): Promise<void> {
  await page.addInitScript((names: string[]) => {
    const log: Array<{ type: string; detail: unknown }> = [];
    (window as unknown as { adpxEvents: typeof log }).adpxEvents = log;
    for (const name of names) {
      document.addEventListener(name, (e) => log.push({ type: e.type, detail: (e as CustomEvent).detail }));
    }
  }, ADPX_EVENT_NAMES.map(domEventName));
}

export async function events(page: Page): Promise<Array<{ type: string; detail: unknown }>> {
  return page.evaluate(
    () => (window as unknown as { adpxEvents: Array<{ type: string; detail: unknown }> }).adpxEvents,
  );
}

/**
 * Resolves when every finite animation on the page, shadow trees included, has finished, so geometry
 * read afterwards is the settled layout (scripts/animations.mjs). Returns how many it waited for.
 */
export function animationsSettled(page: Page): Promise<number> {
  return page.evaluate(settleAnimations);
}

/** What `watchFetches` keeps in each document: the `fetch` calls not yet settled. */
interface FetchWatch {
  adpxFetchesInFlight: number;
}

/**
 * Counts the page's `fetch` calls in flight, in every document it loads (frames included): the
 * SDK's offers POSTs, its files and its beacons (`fetch(…, { keepalive: true })`). Call it before
 * the page is opened; {@link quiet} reads the count.
 */
export async function watchFetches(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as FetchWatch & { fetch: typeof fetch };
    const original = w.fetch;
    w.adpxFetchesInFlight = 0;
    w.fetch = function (this: unknown, ...args: Parameters<typeof fetch>): Promise<Response> {
      w.adpxFetchesInFlight += 1;
      const settle = () => (w.adpxFetchesInFlight -= 1);
      const call = Reflect.apply(original, this, args) as Promise<Response>;
      call.then(settle, settle);
      return call;
    };
  });
}

/**
 * Lets one frame have its turn: two animation frames where the frame renders (so
 * IntersectionObserver callbacks and the work of the frame after have run), then a task (so
 * microtasks, 0 ms timers and queued events such as CSP reports have run). Returns the frame's
 * `fetch` calls in flight, or -1 when `watchFetches` was not installed there.
 */
function frameTurn(frame: Frame): Promise<number> {
  return frame.evaluate(async () => {
    const rendered =
      document.visibilityState === 'visible' && window.innerWidth > 0 && window.innerHeight > 0;
    if (rendered) {
      for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    const count = (window as unknown as Partial<FetchWatch>).adpxFetchesInFlight;
    return typeof count === 'number' ? count : -1;
  });
}

/**
 * Waits until the page is quiet: in every frame, two animation frames and a task have passed and no
 * `fetch` is in flight (see {@link watchFetches}, required), and the mock has no request open. A
 * negative check made afterwards ("nothing more was sent") is made after the page had its chance,
 * not after a guess of how long that takes. Work the page schedules on a timer of its own (a
 * retry's backoff, a dwell clock) is not covered: wait for that work's own state.
 */
export async function quiet(page: Page, mock: MockOffersService): Promise<void> {
  await expect
    .poll(
      async () => {
        let busy = 0;
        for (const frame of page.frames()) {
          if (frame.isDetached()) continue;
          const count = await frameTurn(frame).catch((error: unknown) => {
            // A frame that went away during the turn has nothing left to send.
            if (frame.isDetached()) return 0;
            throw error;
          });
          if (count < 0) throw new Error(`quiet(): call watchFetches(page) before opening ${frame.url()}`);
          busy += count;
        }
        // Apart, so that a failure says which side still has a request open.
        return { pageFetches: busy, mockOpen: mock.inFlight() };
      },
      { timeout: 10_000, intervals: [0, 20, 50, 100] },
    )
    .toEqual({ pageFetches: 0, mockOpen: 0 });
}

/**
 * Waits until every image of the page (shadow trees included) has loaded or failed (`complete`),
 * then until animations have settled: the state in which an image's onerror/onload handler and an
 * animation's events have fired, if anything was going to fire them. A lazy image out of view is
 * never complete: scroll it in first.
 */
export async function imagesSettled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const roots: Array<Document | ShadowRoot> = [document];
        for (let i = 0; i < roots.length; i++) {
          const root = roots[i];
          if (!root) continue;
          for (const element of root.querySelectorAll('*')) {
            if (element.shadowRoot) roots.push(element.shadowRoot);
          }
        }
        return roots.flatMap((root) => [...root.querySelectorAll('img')]).filter((img) => !img.complete)
          .length;
      }),
    )
    .toBe(0);
  await animationsSettled(page);
}

/** Collects the page's `[adpx]` debug lines (units with `debug`), in order, into `lines`. */
export function debugLines(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'debug' && message.text().startsWith('[adpx]')) lines.push(message.text());
  });
  return lines;
}
