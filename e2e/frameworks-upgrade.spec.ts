import type { Page } from '@playwright/test';
import { expect, expectHits, test } from './frameworks-fixtures.js';

/**
 * Upgrade safety: frameworks may create `<adpx-offers>` and set its properties before the script
 * that defines it has run (lazy loading), or set properties after inserting it (Angular binds
 * after its creation pass). Either way the element must use them.
 */

/** A blank page on the mock's origin; `/dist/adpx-offers.iife.js` is loaded only when a test says. */
async function blankPage(page: Page, origin: string): Promise<void> {
  await page.route(`${origin}/upgrade.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><link rel="icon" href="data:,"><title>Upgrade</title></head><body></body></html>',
    }),
  );
  await page.goto(`${origin}/upgrade.html`);
  expect(await page.evaluate(() => customElements.get('adpx-offers'))).toBeUndefined();
}

/** Runs the script-tag build, which defines the elements (and upgrades those already in the page). */
async function defineElements(page: Page): Promise<void> {
  await page.addScriptTag({ url: '/dist/adpx-offers.iife.js' });
  await page.waitForFunction(() => customElements.get('adpx-offers') !== undefined);
}

const cardHeading = (page: Page) => page.locator('adpx-offers [part~="offer"]').getByRole('heading').first();

test('payload set before the element is defined is sent with the first load', async ({ page, mock }) => {
  await blankPage(page, mock.url);
  await page.evaluate((endpoint) => {
    const unit = document.createElement('adpx-offers');
    unit.setAttribute('api-key', 'test-key');
    unit.setAttribute('endpoint', endpoint);
    unit.setAttribute('placement', 'checkout');
    unit.payload = { order_id: 'before-define' };
    document.body.append(unit);
  }, mock.url);
  await defineElements(page);
  await expect(cardHeading(page)).toBeVisible();
  expect(mock.requests()).toHaveLength(1);
  expect(mock.requests()[0]?.body).toMatchObject({ placement: 'checkout', order_id: 'before-define' });
  expect(await page.evaluate(() => document.querySelector('adpx-offers')?.payload)).toEqual({
    order_id: 'before-define',
  });
});

test('response set before the element is defined is rendered without fetching', async ({ page, mock }) => {
  await blankPage(page, mock.url);
  const total = await page.evaluate(async (endpoint) => {
    const answer = await fetch(`${endpoint}/native/v2/offers.json?api_key=test-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ placement: 'checkout' }),
    });
    const raw = (await answer.json()) as { data: { offers: unknown[] } };
    const unit = document.createElement('adpx-offers');
    const log: unknown[] = [];
    (window as unknown as { found: unknown[] }).found = log;
    unit.addEventListener('adpx-ads-found', (e) => log.push(e.detail));
    unit.response = raw;
    document.body.append(unit);
    return raw.data.offers.length;
  }, mock.url);
  await defineElements(page);
  await expect(cardHeading(page)).toBeVisible();
  await expectHits(mock, 'pixel', 1);
  expect(mock.requests()).toHaveLength(1); // the host's own fetch, none from the element
  expect(await page.evaluate(() => (window as unknown as { found: unknown[] }).found)).toEqual([{ total }]);
  expect(await page.evaluate(() => document.querySelector('adpx-offers')?.response?.count)).toBe(total);
});

test('endpoint and payload bound right after insertion (Angular’s order) are used by the load', async ({
  page,
  mock,
}) => {
  await blankPage(page, mock.url);
  await defineElements(page);
  await page.evaluate((endpoint) => {
    const unit = document.createElement('adpx-offers');
    unit.setAttribute('api-key', 'test-key');
    unit.setAttribute('placement', 'checkout');
    document.body.append(unit);
    unit.endpoint = endpoint;
    unit.payload = { order_id: 'after-insert' };
  }, mock.url);
  await expect(cardHeading(page)).toBeVisible();
  expect(mock.requests()).toHaveLength(1);
  expect(mock.requests()[0]?.body).toMatchObject({ order_id: 'after-insert' });
});

test('response set on a defined element before it is inserted (React 19’s and Vue’s order): its events reach listeners added after it and the document', async ({
  page,
  mock,
}) => {
  await blankPage(page, mock.url);
  await defineElements(page);
  const total = await page.evaluate(async (endpoint) => {
    const answer = await fetch(`${endpoint}/native/v2/offers.json?api_key=test-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ placement: 'checkout' }),
    });
    const raw = (await answer.json()) as { data: { offers: unknown[] } };
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    for (const type of ['adpx-ads-found', 'adpx-error']) {
      document.addEventListener(type, (e) => heard.push(`document ${e.type}`));
    }
    // A valid response, then a listener (a prop after `response` in the JSX), then the insertion.
    const good = document.createElement('adpx-offers');
    good.response = raw;
    good.addEventListener('adpx-ads-found', (e) => heard.push(`element ${e.type}`));
    document.body.append(good);
    // An invalid one, the same way.
    const bad = document.createElement('adpx-offers');
    bad.response = { data: { offers: 'not a list' } };
    bad.addEventListener('adpx-error', (e) => heard.push(`element ${e.type}`));
    document.body.append(bad);
    return raw.data.offers.length;
  }, mock.url);
  expect(total).toBeGreaterThan(0);
  await expect(cardHeading(page)).toBeVisible();
  await expectHits(mock, 'pixel', 1);
  expect(await page.evaluate(() => (window as unknown as { heard: string[] }).heard)).toEqual([
    'element adpx-ads-found',
    'document adpx-ads-found',
    'element adpx-error',
    'document adpx-error',
  ]);
  expect(mock.requests()).toHaveLength(1); // the host's own fetch
});
