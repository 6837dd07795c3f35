import { readdirSync } from 'node:fs';
import { test as base } from '@playwright/test';
import { createMockOffersService, type MockOffersService } from '../src/server/mock/index.js';
import { animationsSettled, expect, quiet, watchFetches } from './fixtures.js';
import { FRAMEWORKS } from './frameworks-fixtures.js';

/**
 * Every demo page fits a 360 px phone: no horizontal scrolling once its offers are in. The pages
 * are served as `npm start` serves them (scripts/demo.mjs: demo/ at the root, the script under
 * /dist/), plus the framework examples as `npm run build:frameworks` builds them. A page added to
 * demo/ or demo/hosts/ is checked without a change here.
 */

const htmlIn = (dir: string) =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.html'))
    .sort();

const DEMO_PAGES = [
  ...htmlIn('demo'),
  ...htmlIn('demo/hosts').map((file) => `hosts/${file}`),
  ...FRAMEWORKS.map((name) => `frameworks/${name}/`),
];

const test = base.extend<{ mock: MockOffersService }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take the other fixtures first.
  mock: async ({}, use) => {
    const mock = await createMockOffersService({
      static: [
        { prefix: '/dist/', dir: 'dist' },
        ...FRAMEWORKS.map((name) => ({
          prefix: `/frameworks/${name}/`,
          dir: `demo/frameworks/${name}/dist`,
        })),
        { prefix: '/', dir: 'demo' },
      ],
    });
    await use(mock);
    await mock.close();
  },
});

test.use({ viewport: { width: 360, height: 740 } });

for (const path of DEMO_PAGES) {
  test(`${path} at 360 px: nothing scrolls sideways`, async ({ page, mock }) => {
    await watchFetches(page);
    const response = await page.goto(`${mock.url}/${path}`);
    expect(response?.ok(), 'the page is served').toBe(true);
    await quiet(page, mock);
    await animationsSettled(page);
    const wider = await page.evaluate(() => {
      const found: string[] = [];
      for (const el of document.querySelectorAll('body *')) {
        const right = el.getBoundingClientRect().right;
        if (right > innerWidth + 0.5) found.push(`${el.localName}${el.id ? `#${el.id}` : ''} ${right}`);
      }
      return { scrollWidth: document.scrollingElement?.scrollWidth ?? 0, found };
    });
    expect(wider.scrollWidth, wider.found.slice(0, 5).join(', ')).toBeLessThanOrEqual(360);
  });
}
