import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockOffersService, type MockOffersService } from '../../src/server/mock/index.js';
import { test as base } from '../fixtures.js';
import { bundleIabCmps } from './bundle.js';

/**
 * Like ../fixtures.ts, plus the IAB's own CMP code under `/iab/` (./bundle.ts: the TCF CMP API,
 * the TCF stub, the GPP CMP API), bundled once per worker into a temporary folder.
 */
export const test = base.extend<{ mock: MockOffersService }, { iabDir: string }>({
  iabDir: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take the other fixtures first.
    async ({}, use) => {
      const dir = await mkdtemp(join(tmpdir(), 'adpx-iab-'));
      await bundleIabCmps(dir);
      await use(dir);
      await rm(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  mock: async ({ iabDir }, use) => {
    const mock = await createMockOffersService({
      static: [
        { prefix: '/dist/', dir: 'dist' },
        { prefix: '/iab/', dir: iabDir },
        { prefix: '/', dir: 'e2e/pages' },
      ],
    });
    await use(mock);
    await mock.close();
  },
});

export { expect, expectHits, hits } from '../fixtures.js';
