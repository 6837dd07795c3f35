/**
 * The engine suite's fixtures: one browser per worker (the project's engine), a fresh page and a
 * fresh mock offers service per test. Assertions read what the mock service received.
 */
import { test as base, expect } from '@playwright/test';
import { createMockOffersService, type BeaconHit, type MockOffersService } from '../src/server/mock/index.js';
import { VENDOR_FILES } from '../e2e/vendor-files.js';
import { type EngineBrowser, type EngineName, type EnginePage, launchEngine } from './driver.js';

export interface EngineOptions {
  engine: EngineName;
}

export const test = base.extend<
  { mock: MockOffersService; ep: EnginePage },
  EngineOptions & { engineBrowser: EngineBrowser }
>({
  engine: ['firefox', { option: true, scope: 'worker' }],
  engineBrowser: [
    async ({ engine }, use) => {
      const browser = await launchEngine(engine);
      await use(browser);
      await browser.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take the other fixtures first.
  mock: async ({}, use) => {
    const mock = await createMockOffersService({
      static: [
        { prefix: '/dist/', dir: 'dist' },
        { prefix: '/engines/', dir: 'e2e-engines/pages' },
        ...VENDOR_FILES,
        { prefix: '/', dir: 'e2e/pages' },
      ],
    });
    await use(mock);
    await mock.close();
  },
  ep: async ({ engineBrowser }, use, info) => {
    info.annotations.push({ type: 'engine', description: `${engineBrowser.name} ${engineBrowser.version}` });
    await use(await engineBrowser.newPage());
    await engineBrowser.closePages();
  },
});

export { expect };

/** Engines are slower than Chromium and share two cores: poll generously, never sleep. */
export const POLL = { timeout: 20_000 } as const;

export function hits(mock: MockOffersService, kind: BeaconHit['kind'], offerId?: number): BeaconHit[] {
  return mock.beacons().filter((b) => b.kind === kind && (offerId === undefined || b.offerId === offerId));
}

/** Beacon counts by kind. */
export function counts(mock: MockOffersService): Record<string, number> {
  const out: Record<string, number> = {};
  for (const b of mock.beacons()) out[b.kind] = (out[b.kind] ?? 0) + 1;
  return out;
}

/** Waits until the service has received `count` beacons of a kind. */
export async function expectHits(
  mock: MockOffersService,
  kind: BeaconHit['kind'],
  count: number,
  offerId?: number,
): Promise<void> {
  await expect.poll(() => hits(mock, kind, offerId).length, POLL).toBe(count);
}

export interface Recorded {
  events: Array<{ type: string; detail: unknown }>;
  logs: string[];
  errors: string[];
}

/** What e2e-engines/pages/record.js kept: adpx-* events, debug lines, page errors. */
export function recorded(ep: EnginePage): Promise<Recorded> {
  return ep.evaluate(() => {
    const w = window as unknown as { adpxEvents: unknown[]; adpxLogs: string[]; adpxErrors: string[] };
    return { events: w.adpxEvents, logs: w.adpxLogs, errors: w.adpxErrors } as Recorded;
  });
}

export async function eventTypes(ep: EnginePage): Promise<string[]> {
  return (await recorded(ep)).events.map((e) => e.type);
}
