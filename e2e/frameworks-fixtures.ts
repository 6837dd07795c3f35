import { test as base } from '@playwright/test';
import { createMockOffersService, type MockOffersService } from '../src/server/mock/index.js';

/** The framework examples, each built by `npm run build:frameworks` into demo/frameworks/<name>/dist/. */
export const FRAMEWORKS = ['react', 'vue', 'svelte', 'angular'] as const;
export type Framework = (typeof FRAMEWORKS)[number];

/**
 * Like ./fixtures.ts, plus each built example under `/frameworks/<name>/` and the test pages
 * under `/pages/`: one mock offers service per test, so the example's `endpoint` (the page
 * origin) is that service.
 */
export const test = base.extend<{ mock: MockOffersService }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take the other fixtures first.
  mock: async ({}, use) => {
    const mock = await createMockOffersService({
      static: [
        { prefix: '/dist/', dir: 'dist' },
        ...FRAMEWORKS.map((name) => ({
          prefix: `/frameworks/${name}/`,
          dir: `demo/frameworks/${name}/dist`,
        })),
        { prefix: '/', dir: 'e2e/pages' },
      ],
    });
    await use(mock);
    await mock.close();
  },
});

export { expect, expectHits, hits } from './fixtures.js';
