import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { createMockOffersService, type MockOffersService } from '../src/server/mock/index.js';
import { expectHits, hits } from './fixtures.js';

/**
 * The README's page snippets, pasted as a publisher pastes them: each ```html block and the ESM
 * ```js block run unchanged but for the example URLs (the CDN file is the build's, the example
 * endpoint is the mock service) and `YOUR_SDK_ID`, a key the mock knows. Each must reach the
 * service and get an offer seen.
 */
const SDK_ID = 'YOUR_SDK_ID';

const test = base.extend<{ mock: MockOffersService }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take the other fixtures first.
  mock: async ({}, use) => {
    const mock = await createMockOffersService({
      keys: { [SDK_ID]: { offersPerResponse: 3 } },
      static: [
        { prefix: '/dist/', dir: 'dist' },
        { prefix: '/node_modules/', dir: 'node_modules' },
      ],
    });
    await use(mock);
    await mock.close();
  },
});

const readme = readFileSync('README.md', 'utf8');
const blocks = (lang: string): string[] =>
  [...readme.matchAll(new RegExp('^```' + lang + '\\n([\\s\\S]*?)^```', 'gm'))].map((m) => m[1] ?? '');
/** The README's ```html block holding `text`, and its first ```js block (the ESM entry). */
const htmlBlock = (text: string): string => blocks('html').find((block) => block.includes(text)) ?? '';
const esm = blocks('js')[0] ?? '';
/** The offer whose pixel the service received first. */
const seenOffer = (mock: MockOffersService) => hits(mock, 'pixel')[0]?.offerId;

/** The snippet as it runs here: the example URLs point at the build and the mock. */
const localised = (snippet: string, mock: MockOffersService) =>
  snippet
    .replaceAll(
      /src="(?:https:\/\/cdn\.example\.com\/)?adpx-offers\.iife\.js"/g,
      'src="/dist/adpx-offers.iife.js"',
    )
    .replaceAll('https://offers-proxy.example.com', mock.url);

/** Opens `body` as a page of the mock's origin; returns the page's console lines. */
async function open(page: Page, mock: MockOffersService, body: string, head = ''): Promise<string[]> {
  const console: string[] = [];
  page.on('console', (message) => console.push(message.text()));
  page.on('pageerror', (error) => console.push(`pageerror: ${error.message}`));
  await page.route(`${mock.url}/readme.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`,
    }),
  );
  await page.goto(`${mock.url}/readme.html`);
  return console;
}

/** One offers request with the SDK ID, and the first offer's pixel. */
async function expectOfferSeen(mock: MockOffersService): Promise<unknown> {
  await expectHits(mock, 'pixel', 1);
  const [request, ...more] = mock.requests();
  expect(more).toEqual([]);
  expect(request?.query.api_key).toBe(SDK_ID);
  return request?.body;
}

test('the README has the page snippets this spec runs', () => {
  expect(blocks('html')).toHaveLength(3);
  expect(esm).toContain("import 'adpx-offers/define'");
});

test('script tag: the element in the markup loads and shows an offer', async ({ page, mock }) => {
  const snippet = htmlBlock('<adpx-offers');
  const console = await open(page, mock, localised(snippet, mock));
  await expect(page.locator('adpx-offers [part~="headline"]').first()).toBeVisible();
  expect(await expectOfferSeen(mock)).toMatchObject({ placement: 'checkout' });
  expect(console.filter((line) => line.startsWith('pageerror'))).toEqual([]);
});

test('window.Adpx: AdpxConfig, AdpxUser and init with a callback', async ({ page, mock }) => {
  const snippet = htmlBlock('window.AdpxConfig');
  const console = await open(page, mock, localised(snippet, mock));
  const body = await expectOfferSeen(mock);
  expect(body).toMatchObject({ placement: 'checkout', email: 'ada@example.com', orderid: 'NW-20931' });
  await expect
    .poll(() => console)
    .toContain(`impression {current: 1, total: 3, offer_id: ${seenOffer(mock)}}`);
  expect(console).toContain('ads_found {total: 3}');
});

test('window.Adpx: calls queued before the script has loaded', async ({ page, mock }) => {
  const snippet = htmlBlock('Adpx.cmd.push');
  const console = await open(page, mock, localised(snippet, mock));
  await expectOfferSeen(mock);
  expect(console.filter((line) => line.startsWith('pageerror'))).toEqual([]);
});

test('the element from the ESM entry, with an adpx-impression listener', async ({ page, mock }) => {
  // The package's exports as a bundler resolves them, for a browser without one.
  const imports = {
    'adpx-offers/define': '/dist/define.js',
    'adpx-offers': '/dist/index.js',
    lit: '/node_modules/lit/index.js',
    'lit/': '/node_modules/lit/',
    'lit-html': '/node_modules/lit-html/lit-html.js',
    'lit-html/': '/node_modules/lit-html/',
    'lit-element/': '/node_modules/lit-element/',
    '@lit/reactive-element': '/node_modules/@lit/reactive-element/reactive-element.js',
    '@lit/reactive-element/': '/node_modules/@lit/reactive-element/',
    dompurify: '/node_modules/dompurify/dist/purify.es.mjs',
  };
  const unit = `<adpx-offers endpoint="${mock.url}" api-key="${SDK_ID}" placement="checkout"></adpx-offers>`;
  const console = await open(
    page,
    mock,
    `${unit}<script type="module">${esm}</script>`,
    `<script type="importmap">${JSON.stringify({ imports })}</script>`,
  );
  await expectOfferSeen(mock);
  await expect.poll(() => console).toContain(`seen ${seenOffer(mock)}`);
});
