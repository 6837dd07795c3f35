import type { Page } from '@playwright/test';
import { events, expect, expectHits, hits, quiet, recordEvents, test, watchFetches } from './fixtures.js';
import { startSsrPage, type SsrPage } from './ssr-server.js';
import { envelope, HOSTILE, offer } from '../test/ssr-conformance/cases.mjs';

/**
 * A unit rendered on the server (`renderOffers`, adpx-offers/ssr) and taken over by the script
 * (docs/api.md, "Server rendering"). The publisher's server (ssr-server.ts) holds the script back:
 * the card is on screen before any script runs; once the script is let through, the unit keeps the
 * server's nodes, sends no request of its own, fires its pixel only when the card is seen, and its
 * CTA works. Everything is asserted at the mock service.
 */

let site: SsrPage | undefined;
test.afterEach(async () => {
  await site?.close();
  site = undefined;
});

const headline = (page: Page) => page.locator('adpx-offers [part~="headline"]:visible').first();
const accept = (page: Page) => page.locator('adpx-offers [part~="accept"]');

/** Keeps the card's nodes (through the open declarative shadow root) for a later identity check. */
async function keepNodes(page: Page): Promise<number> {
  return page.evaluate(() => {
    const w = window as unknown as { kept: Node[]; cardNodes: () => Node[] };
    // The elements, and the texts in them: the take-over keeps the server's text nodes too.
    w.cardNodes = () => {
      const root = document.querySelector('adpx-offers')?.shadowRoot;
      const elements = [
        ...(root?.querySelectorAll('section, [part~="offer"], [part~="headline"], [part~="accept"]') ?? []),
      ];
      return [...elements, ...elements.flatMap((e) => [...e.childNodes].filter((n) => n.nodeType === 3))];
    };
    w.kept = w.cardNodes();
    return w.kept.length;
  });
}

/** True when every node kept before the script is still the one in the unit. */
function sameNodes(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const { kept, cardNodes } = window as unknown as { kept: Node[]; cardNodes: () => Node[] };
    const now = cardNodes();
    return kept.length === now.length && kept.every((node, i) => node === now[i] && node.isConnected);
  });
}

/** Sums the layout shifts of the page from its start (buffered) that CLS counts (no input just before). */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as unknown as { value: number; hadRecentInput: boolean };
        if (!shift.hadRecentInput) w.shifts += shift.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Opens the page (the script held back), keeps the card's nodes, lets the script through and waits
 * for the take-over: the unit is live, no longer `inert`.
 */
async function openAndTakeOver(page: Page, ssr: SsrPage): Promise<void> {
  await page.goto(ssr.url, { waitUntil: 'commit' });
  await expect(headline(page)).toBeVisible();
  await keepNodes(page);
  ssr.release();
  await takenOver(page);
  await expect(page.locator('adpx-offers')).not.toHaveAttribute('inert');
}

/** Resolves once the unit is defined and its first update (the take-over) is done. */
async function takenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => customElements.get('adpx-offers') !== undefined);
  await page.evaluate(() => document.querySelector('adpx-offers')?.updateComplete);
}

test('the card is in the HTML, and the script takes the same nodes over', async ({ page, mock, context }) => {
  await recordEvents(page);
  await watchFetches(page);
  await watchShifts(page);
  const debug: string[] = [];
  page.on('console', (message) => debug.push(message.text()));
  site = await startSsrPage(mock, { above: 1400, attributes: { debug: true } });
  const served = mock.requests().length;
  await page.goto(site.url, { waitUntil: 'commit' });

  // Before any script: the card is painted from the HTML.
  await page.locator('adpx-offers').scrollIntoViewIfNeeded();
  await expect(headline(page)).toBeVisible();
  await expect(headline(page)).not.toBeEmpty();
  expect(await page.evaluate(() => customElements.get('adpx-offers'))).toBeUndefined();
  // The unit, the card, its wide and narrow headlines, its CTA, and the three texts in them.
  expect(await keepNodes(page)).toBe(8);
  // A click now reaches nothing (the unit is inert until the script runs): no navigation, no tab.
  const box = await accept(page).boundingBox();
  if (!box) throw new Error('no accept button');
  let opened = 0;
  context.on('page', () => (opened += 1));
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.evaluate(() => window.scrollTo(0, 0));

  site.release();
  await takenOver(page);
  expect(await sameNodes(page)).toBe(true);
  expect(debug.some((line) => line.includes('S1') || line.includes('taken over'))).toBe(true);
  // No request of the unit's own: the response came with the HTML.
  await quiet(page, mock);
  expect(mock.requests().length).toBe(served);
  // The card is out of view: no pixel yet.
  expect(hits(mock, 'pixel')).toHaveLength(0);
  expect(opened).toBe(0);

  await page.locator('adpx-offers').scrollIntoViewIfNeeded();
  await expectHits(mock, 'pixel', 1);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator('adpx-offers').scrollIntoViewIfNeeded();
  await quiet(page, mock);
  expect(hits(mock, 'pixel')).toHaveLength(1);
  expect(await sameNodes(page)).toBe(true);
  // Nothing moved while the script took the unit over (CLS 0).
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);

  const progress = page.locator('adpx-offers [part~="progress"]');
  const before = [await headline(page).textContent(), await progress.textContent()];
  expect(before[1]).toMatch(/^1\D+\d+$/);
  const popup = context.waitForEvent('page');
  await accept(page).click();
  await (await popup).waitForLoadState();
  await expectHits(mock, 'click', 1);
  // The next offer's texts replace the server's: a render after the take-over still writes them.
  await expect(headline(page)).not.toHaveText(before[0] ?? '');
  await expect(headline(page)).not.toBeEmpty();
  await expect(progress).not.toHaveText(before[1] ?? '');
  const kinds = (await events(page)).map((event) => event.type);
  expect(kinds).toContain('adpx-impression');
  expect(kinds).toContain('adpx-ad-taken');
  expect(mock.requests().length).toBe(served);
});

/** The card's image: whether it has loaded, and the URL it shows. */
const cardImage = (page: Page) =>
  page.evaluate(() => {
    const img = document
      .querySelector('adpx-offers')
      ?.shadowRoot?.querySelector<HTMLImageElement>('img.image');
    return { loaded: !!img?.complete && (img?.naturalWidth ?? 0) > 0, src: img?.currentSrc ?? '' };
  });

test('the card’s image loads with the HTML, and the script keeps it on a phone', async ({ page, mock }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const images: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/img/')) images.push(request.url());
  });
  site = await startSsrPage(mock);
  await page.goto(site.url, { waitUntil: 'commit' });
  // Before any script: the image is in the HTML, sized for a phone's frame, and it has loaded.
  await expect.poll(async () => (await cardImage(page)).loaded).toBe(true);
  expect(await page.evaluate(() => customElements.get('adpx-offers'))).toBeUndefined();
  const { src } = await cardImage(page);
  expect(new URL(src).searchParams.get('width')).toBe('400');
  await keepNodes(page);
  site.release();
  await takenOver(page);
  expect(await sameNodes(page)).toBe(true);
  // The unit measured its frame (no wider than the server's) and kept the image: one download.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  expect((await cardImage(page)).src).toBe(src);
  expect(images).toEqual([src]);
});

test('an image that failed before the script hides its frame once the script takes over', async ({
  page,
  mock,
}) => {
  const response = envelope([
    offer(1, { image: `${mock.url}/img/missing.png`, creatives: [], pixel: `${mock.url}/beacon/pixel/1` }),
  ]);
  site = await startSsrPage(mock, { response });
  await page.goto(site.url, { waitUntil: 'commit' });
  const media = page.locator('adpx-offers [part~="media"]');
  await expect(media).toBeVisible();
  // The image's error came before any listener: it is complete, with nothing to show.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const img = document
          .querySelector('adpx-offers')
          ?.shadowRoot?.querySelector<HTMLImageElement>('img.image');
        return !!img?.complete && img.naturalWidth === 0 && img.hasAttribute('src');
      }),
    )
    .toBe(true);
  site.release();
  await takenOver(page);
  await expect(media).toBeHidden();
  await expect(headline(page)).toBeVisible();
});

test('a unit whose language differs in the browser renders again, and says so', async ({ page, mock }) => {
  const debug: string[] = [];
  page.on('console', (message) => debug.push(message.text()));
  // Rendered in English on the server; the page is German, and the unit has no lang of its own.
  site = await startSsrPage(mock, { pageLang: 'de', attributes: { debug: true } });
  const served = mock.requests().length;
  await page.goto(site.url, { waitUntil: 'commit' });
  await expect(page.locator('adpx-offers [part~="privacy"]')).toHaveText('Privacy');
  await keepNodes(page);
  site.release();
  await takenOver(page);
  await expect(page.locator('adpx-offers [part~="privacy"]')).toHaveText('Datenschutz');
  expect(await sameNodes(page)).toBe(false);
  expect(debug.some((line) => line.includes('S2') && line.includes('language en → de'))).toBe(true);
  expect(mock.requests().length).toBe(served);
});

test('the usual tag takes the unit over too: it loads the rest file with the take-over', async ({
  page,
  mock,
}) => {
  await watchFetches(page);
  const debug: string[] = [];
  page.on('console', (message) => debug.push(message.text()));
  const rests: string[] = [];
  page.on('request', (request) => {
    const file = /adpx-offers\.rest[-a-z]*\.iife\.js$/.exec(request.url());
    if (file) rests.push(file[0]);
  });
  site = await startSsrPage(mock, { script: 'adpx-offers.iife.js', attributes: { debug: true } });
  const served = mock.requests().length;
  await openAndTakeOver(page, site);
  expect(await sameNodes(page)).toBe(true);
  expect(debug.some((line) => line.includes('S1'))).toBe(true);
  // The first file saw the server's unit: the take-over's rest file, and no request of its own.
  expect(rests).toEqual(['adpx-offers.rest-ssr.iife.js']);
  await quiet(page, mock);
  expect(mock.requests().length).toBe(served);
});

test('the file for server-rendered pages takes the unit over after its own evaluation', async ({
  page,
  mock,
}) => {
  // What is there when the file has run (its `load` event fires at the end of its evaluation, in
  // the same task): `window.Adpx` and `<adpx-offer>`, not yet `<adpx-offers>` (issue 36: the
  // take-over is a task of its own, not part of the file's evaluation).
  await watchFetches(page);
  await page.addInitScript(() => {
    document.addEventListener(
      'load',
      (event) => {
        const src = (event.target as HTMLScriptElement).src ?? '';
        if (!src.endsWith('adpx-offers.ssr.iife.js')) return;
        (window as unknown as { atLoad: unknown }).atLoad = {
          adpx: typeof (window as unknown as { Adpx?: { init?: unknown } }).Adpx?.init,
          offer: customElements.get('adpx-offer') !== undefined,
          offers: customElements.get('adpx-offers') !== undefined,
          terms: customElements.get('adpx-terms') !== undefined,
          inert: document.querySelector('adpx-offers')?.hasAttribute('inert'),
        };
      },
      true,
    );
  });
  site = await startSsrPage(mock);
  const served = mock.requests().length;
  await openAndTakeOver(page, site);
  expect(await page.evaluate(() => (window as unknown as { atLoad: unknown }).atLoad)).toEqual({
    adpx: 'function',
    offer: true,
    offers: false,
    terms: false,
    inert: true,
  });
  expect(await sameNodes(page)).toBe(true);
  await page.waitForFunction(() => customElements.get('adpx-terms') !== undefined);
  await quiet(page, mock);
  expect(mock.requests().length).toBe(served);
});

for (const script of ['adpx-offers.ssr.iife.js', 'adpx-offers.iife.js']) {
  test(`${script}: the unit's server state is read once, before <adpx-offers> is defined`, async ({
    page,
    mock,
  }) => {
    // issue 36: the state is read and its response normalised in a task ahead (take-over.ts,
    // `readAhead`), not in the task that defines the element and upgrades the units.
    await page.addInitScript(() => {
      const order: string[] = [];
      (window as unknown as { order: string[] }).order = order;
      const parse = JSON.parse;
      JSON.parse = function (this: unknown, text: string, reviver?: Parameters<typeof parse>[1]) {
        if (typeof text === 'string' && text.includes('"layout"') && text.includes('"response"'))
          order.push('state read');
        return parse.call(this, text, reviver) as unknown;
      } as typeof JSON.parse;
      const registry = customElements;
      const define = registry.define;
      registry.define = function (this: CustomElementRegistry, name, ...rest) {
        if (name === 'adpx-offers') order.push('adpx-offers defined');
        return define.call(this, name, ...rest);
      };
    });
    site = await startSsrPage(mock, { script, attributes: { debug: true } });
    const debug: string[] = [];
    page.on('console', (message) => debug.push(message.text()));
    await openAndTakeOver(page, site);
    expect(await page.evaluate(() => (window as unknown as { order: string[] }).order)).toEqual([
      'state read',
      'adpx-offers defined',
    ]);
    expect(await sameNodes(page)).toBe(true);
    expect(debug.some((line) => line.includes('S1'))).toBe(true);
  });
}

test('a hostile response runs nothing, before or after the script', async ({ page, mock }) => {
  test.setTimeout(120_000); // one page per fragment
  // Every fragment of the conformance table (test/ssr-conformance/cases.mjs) in every field of the
  // first offer, one unit per fragment; each would set `pwned` or open a dialog if it ran.
  const pwned = () => page.evaluate(() => (window as unknown as { pwned?: unknown }).pwned);
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  for (const [fragment, why] of HOSTILE) {
    const fields = Object.fromEntries(
      [
        'title',
        'description',
        'cta_yes',
        'cta_no',
        'advertiser_name',
        'mini_text',
        'image',
        'offerwall_url',
      ].map((field) => [field, fragment]),
    );
    const response = envelope([offer(1, { ...fields, pixel: `${mock.url}/beacon/pixel/1` }), offer(2)], {
      privacy_url: fragment,
    });
    site = await startSsrPage(mock, { response, attributes: { heading: fragment } });
    await page.goto(site.url, { waitUntil: 'commit' });
    await expect(page.locator('adpx-offers [part~="accept"]'), why).toBeAttached();
    site.release();
    await takenOver(page);
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await pwned(), why).toBeUndefined();
    await site.close();
    site = undefined;
  }
  expect(dialogs).toBe(0);
});

test('adpx-offers/define (native modules) loads the take-over and keeps the server’s nodes', async ({
  page,
  mock,
  context,
}) => {
  await recordEvents(page);
  await watchFetches(page);
  await watchShifts(page);
  const debug: string[] = [];
  page.on('console', (message) => debug.push(message.text()));
  site = await startSsrPage(mock, { module: 'define.js', above: 1400, attributes: { debug: true } });
  const served = mock.requests().length;
  await page.goto(site.url, { waitUntil: 'commit' });
  await page.locator('adpx-offers').scrollIntoViewIfNeeded();
  await expect(headline(page)).toBeVisible();
  expect(await keepNodes(page)).toBe(8);
  await page.evaluate(() => window.scrollTo(0, 0));

  site.release();
  await takenOver(page);
  expect(await sameNodes(page)).toBe(true);
  expect(debug.some((line) => line.includes('taken over'))).toBe(true);
  // The take-over came as a chunk of its own, with Lit's hydrate bundled: no @lit-labs package.
  const requested = site.requested();
  expect(requested).toContain('/dist/elements/adpx-offers/take-over.js');
  expect(requested).toContain('/dist/elements/adpx-offers/lit-hydrate.js');
  expect(requested.filter((path) => path.includes('@lit-labs'))).toEqual([]);
  await quiet(page, mock);
  expect(mock.requests().length).toBe(served);
  expect(hits(mock, 'pixel')).toHaveLength(0);

  await page.locator('adpx-offers').scrollIntoViewIfNeeded();
  await expectHits(mock, 'pixel', 1);
  const firstId = hits(mock, 'pixel')[0]?.offerId;
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
  const popup = context.waitForEvent('page');
  await accept(page).click();
  await (await popup).waitForLoadState();
  await expectHits(mock, 'click', 1);
  expect((await events(page)).map((event) => event.type)).toContain('adpx-ad-taken');
  // The server's card counted once (the next offer, shown after the CTA, counts on its own).
  expect(hits(mock, 'pixel', firstId)).toHaveLength(1);
  expect(mock.requests().length).toBe(served);
});

test('adpx-offers/define on a page without a server-rendered unit loads no take-over', async ({
  page,
  mock,
}) => {
  site = await startSsrPage(mock, {
    module: 'define.js',
    unit: `<adpx-offers api-key="test-key" endpoint="${mock.url}" placement="checkout"></adpx-offers>`,
  });
  await page.goto(site.url, { waitUntil: 'commit' });
  site.release();
  await expect(headline(page)).toBeVisible();
  await expectHits(mock, 'pixel', 1);
  const requested = site.requested();
  expect(requested).toContain('/dist/define.js');
  expect(requested.filter((path) => /take-over|lit-hydrate|@lit-labs/.test(path))).toEqual([]);
});

test('adpx-offers/define whose take-over chunk fails to load still defines, and renders the unit anew', async ({
  page,
  mock,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  site = await startSsrPage(mock, {
    module: 'define.js',
    missing: ['/dist/elements/adpx-offers/take-over.js'],
  });
  const served = mock.requests().length;
  await page.goto(site.url, { waitUntil: 'commit' });
  await expect(headline(page)).toBeVisible();
  await keepNodes(page);
  site.release();
  await takenOver(page);
  expect(site.requested()).toContain('/dist/elements/adpx-offers/take-over.js');
  await expect(page.locator('adpx-offers')).not.toHaveAttribute('inert');
  await expect(headline(page)).toBeVisible();
  expect(await sameNodes(page)).toBe(false);
  // Without the take-over it is any unit: it asks the service itself, once.
  await expect.poll(() => mock.requests().length).toBe(served + 1);
  expect(errors).toEqual([]);
});
