/**
 * DOMPurify and the terms sanitiser in the script tag: the after-card file of engines without the
 * HTML Sanitizer API (`dist/adpx-offers.after-card.dompurify.iife.js`), loaded next to the first
 * file (here Chromium without `setHTML`, see e2e/cases/sanitizer-paths.ts). What the page
 * asked for is read from the requests the browser made and the script elements the SDK inserted.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { SANITIZER_FILE, useSanitizerPath } from './cases/sanitizer-paths.js';
import { events, expect, openTermsPage, recordEvents, test } from './fixtures.js';

const TERMS = '<p>One per household. <a href="https://example.com/terms">Full terms</a></p>';

interface InsertedScript {
  src: string;
  integrity: string;
  crossOrigin: string | null;
  /** The element has fired `load` or `error`: the browser is done with it. */
  settled: boolean;
}

/** Records every script element added to the document (src, integrity, crossorigin, settled). */
async function recordScripts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: InsertedScript[] = [];
    Object.assign(window, { insertedScripts: seen });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLScriptElement) || !node.src) continue;
          const entry = {
            src: node.src,
            integrity: node.integrity,
            crossOrigin: node.crossOrigin,
            settled: false,
          };
          const settle = () => (entry.settled = true);
          node.addEventListener('load', settle);
          node.addEventListener('error', settle);
          seen.push(entry);
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const insertedScripts = (page: Page) =>
  page.evaluate(() => (window as unknown as { insertedScripts: InsertedScript[] }).insertedScripts);

/** A fresh `<adpx-terms>` in #slot. */
async function mount(page: Page): Promise<void> {
  await page.evaluate(async (html) => {
    const terms = document.createElement('adpx-terms');
    terms.html = html;
    document.getElementById('slot')?.replaceChildren(terms);
    await terms.updateComplete;
  }, TERMS);
}

const toggle = (page: Page) => page.getByRole('button', { name: /Terms/ });
const errorsOf = async (page: Page) => (await events(page)).filter((e) => e.type === 'adpx-error');

test.describe('the sanitizer file', () => {
  test.beforeEach(async ({ page }) => {
    await useSanitizerPath(page, 'dompurify');
    await recordEvents(page);
    await recordScripts(page);
  });

  test('loads next to the first file, with its sha384 as integrity, and sanitises', async ({
    page,
    mock,
  }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await openTermsPage(page, mock);
    await mount(page);
    await toggle(page).click();
    await expect(page.getByText('One per household.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Full terms' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(requested.filter((u) => u.endsWith(`/${SANITIZER_FILE}`))).toEqual([
      `${mock.url}/dist/${SANITIZER_FILE}`,
    ]);
    const [script, ...others] = (await insertedScripts(page)).filter((s) => s.src.includes(SANITIZER_FILE));
    expect(others).toEqual([]);
    expect(script?.integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    expect(script?.crossOrigin).toBeNull();
    expect(await errorsOf(page)).toEqual([]);
  });

  test('from another origin (a CDN): resolved from the first file URL, loaded with crossorigin', async ({
    page,
    mock,
  }) => {
    // The page on localhost, the script files on 127.0.0.1: two origins, the same mock service.
    await page.goto(`${mock.url.replace('127.0.0.1', 'localhost')}/cdn.html`);
    await page.addScriptTag({ url: `${mock.url}/dist/adpx-offers.iife.js` });
    await page.waitForFunction(() => customElements.get('adpx-terms') !== undefined);
    await mount(page);
    await toggle(page).click();
    await expect(page.getByText('One per household.')).toBeVisible();
    const script = (await insertedScripts(page)).find((s) => s.src.includes(SANITIZER_FILE));
    expect(script).toMatchObject({ src: `${mock.url}/dist/${SANITIZER_FILE}`, crossOrigin: 'anonymous' });
  });

  test('a file that fails its integrity check is not run: the control says so, error once, a later click retries', async ({
    page,
    mock,
  }) => {
    const sibling = `${mock.url}/dist/${SANITIZER_FILE}`;
    // Served with one byte more than the build hashed: the browser must refuse it.
    await page.route(sibling, async (route) => {
      const response = await route.fetch();
      const body = `${await response.text()};`;
      await route.fulfill({ status: 200, contentType: 'text/javascript', body });
    });
    await openTermsPage(page, mock);
    await mount(page);
    await toggle(page).click();
    await expect(page.getByRole('status')).toHaveText('The terms could not be loaded. Try again.');
    await expect(page.getByText('One per household.')).toBeHidden();
    await toggle(page).click();
    await expect.poll(async () => (await insertedScripts(page)).length).toBeGreaterThanOrEqual(2);
    // Every attempt (the clicks' and the idle-time one, in whatever order) has been refused before
    // the route goes: none is left in flight to meet the unrouted file.
    await expect.poll(async () => (await insertedScripts(page)).every((s) => s.settled)).toBe(true);
    await expect(page.getByRole('status')).toBeVisible();
    const errors = await errorsOf(page);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.detail).toMatchObject({ code: 'render' });

    await page.unroute(sibling);
    await toggle(page).click();
    await expect(page.getByText('One per household.')).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    expect(await errorsOf(page)).toHaveLength(1);
  });

  test('a file that cannot be fetched: the control says so, error once, a later click loads it', async ({
    page,
    mock,
  }) => {
    const sibling = `${mock.url}/dist/${SANITIZER_FILE}`;
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.route(sibling, (route) => route.abort('connectionrefused'));
    await openTermsPage(page, mock);
    await mount(page);
    await toggle(page).click();
    await expect(page.getByRole('status')).toHaveText('The terms could not be loaded. Try again.');
    await expect.poll(async () => (await errorsOf(page)).length).toBe(1);

    await page.unroute(sibling);
    await toggle(page).click();
    await expect(page.getByText('One per household.')).toBeVisible();
    expect(await errorsOf(page)).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });

  test('the native path loads no sanitizer file at all', async ({ browser, mock }) => {
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await openTermsPage(page, mock);
    await mount(page);
    await toggle(page).click();
    await expect(page.getByText('One per household.')).toBeVisible();
    expect(requested.filter((u) => /sanitizer|purify/i.test(u))).toEqual([]);
    await page.close();
  });

  test('in the WebView host page (script written by document.write)', async ({ page, mock }) => {
    await page.goto(
      `${mock.url}/hosts/webview.html?host=android&init=${encodeURIComponent('{"autoShow":true}')}`,
    );
    const card = page.locator('adpx-offers [part~="offer"]');
    await card.locator('[part~="terms-toggle"]').click();
    await expect(card.locator('[part~="terms-content"] a').first()).toBeVisible();
    const script = (await insertedScripts(page)).find((s) => s.src.includes(SANITIZER_FILE));
    expect(script?.src).toBe(`${mock.url}/dist/${SANITIZER_FILE}`);
  });
});

test.describe('the sanitizer file from file:// asset URLs', () => {
  let folder: string;
  test.beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'adpx-assets-'));
    for (const file of [
      'adpx-offers.iife.js',
      'adpx-offers.rest.iife.js',
      'adpx-offers.later.iife.js',
      SANITIZER_FILE,
    ])
      cpSync(join('dist', file), join(folder, 'www', file));
    writeFileSync(
      join(folder, 'www', 'page.html'),
      '<!doctype html><meta charset="utf-8"><main id="slot"></main><script src="adpx-offers.iife.js"></script>',
    );
  });
  test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

  // A WebView's local assets: no network, no CORS, so no integrity check (the browser could not
  // make one: it refuses an integrity attribute on a non-CORS file:// load).
  test('a page and both files under file:// open the terms', async ({ page }) => {
    await useSanitizerPath(page, 'dompurify');
    await recordScripts(page);
    await page.goto(pathToFileURL(join(folder, 'www', 'page.html')).href);
    await page.waitForFunction(() => customElements.get('adpx-terms') !== undefined);
    await mount(page);
    await toggle(page).click();
    await expect(page.getByText('One per household.')).toBeVisible();
    const script = (await insertedScripts(page)).find((s) => s.src.includes(SANITIZER_FILE));
    expect(script).toMatchObject({
      src: pathToFileURL(join(folder, 'www', SANITIZER_FILE)).href,
      integrity: '',
      crossOrigin: null,
    });
  });
});
