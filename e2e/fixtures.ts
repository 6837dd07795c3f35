import { test as base, expect, type Page } from '@playwright/test';
import { createMockOffersService, type BeaconHit, type MockOffersService } from '../src/server/mock/index.js';
import { ADPX_EVENT_NAMES, domEventName } from '../src/events/adpx-event.js';
import { settleAnimations } from '../scripts/animations.mjs';

/**
 * Every test gets its own mock offers service on a free loopback port, serving the built script
 * (`/dist/`) and the test pages (`e2e/pages/`). Assertions read what the service received.
 */
export const test = base.extend<{ mock: MockOffersService }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take the other fixtures first.
  mock: async ({}, use) => {
    const mock = await createMockOffersService({
      static: [
        { prefix: '/dist/', dir: 'dist' },
        { prefix: '/', dir: 'e2e/pages' },
      ],
    });
    await use(mock);
    await mock.close();
  },
});

export { expect };

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
