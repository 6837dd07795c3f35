import type { Page } from '@playwright/test';
import { digitsIntlWritesOtherwise } from './cases/digits.js';
import { SANITIZER_FILE, useSanitizerPath } from './cases/sanitizer-paths.js';
import { LATIN_DIGITS } from '../src/i18n/messages.js';
import { installLifecycleProbe, ofType, probe } from './cases/lifecycle-probe.js';
import { expect, expectHits, hits, quiet, test, watchFetches } from './fixtures.js';

/**
 * The unit speaks the page's language (docs/i18n.md): resolved from lang attributes, right to left
 * for Arabic and Hebrew, overridable by key, sent to the service as `language`, and English when
 * the other languages' file cannot be loaded. Page: e2e/pages/i18n.html.
 */

const unit = (page: Page) => page.locator('adpx-offers');
const card = (page: Page) => unit(page).locator('[part~="offer"]').first();
const progress = (page: Page) => unit(page).locator('[part~="progress"]');
const lab = (mockUrl: string, query: string) => `${mockUrl}/i18n.html?${query}`;
const bodies = (mock: { requests(): Array<{ body: unknown }> }) =>
  mock.requests().map((r) => r.body as Record<string, string>);

test('<html lang="de">: German words, German numbers, and language=de sent to the service', async ({
  page,
  mock,
}) => {
  const files: string[] = [];
  page.on('request', (r) => files.push(new URL(r.url()).pathname));
  await page.goto(lab(mock.url, 'html=de'));
  await expect(card(page).locator('[part~="advertiser"]')).toHaveText('Angebot von StreamMax');
  await expect(progress(page)).toHaveText('1 von 3');
  await expect(
    unit(page).getByRole('button', { name: 'Weiter zum nächsten Angebot', exact: true }),
  ).toBeVisible();
  await expect(unit(page).locator('[part~="next"]')).toHaveText('Weiter');
  await expect(card(page).getByRole('button', { name: 'Angebotsbedingungen' })).toBeVisible();
  expect(bodies(mock)[0]?.language).toBe('de');
  expect(files.filter((f) => f.endsWith('adpx-offers.locales.json'))).toHaveLength(1);
  await expectHits(mock, 'pixel', 1);
});

test('a region falls back to its language; the closest lang wins; the unit’s own lang wins over both', async ({
  page,
  mock,
}) => {
  await page.goto(lab(mock.url, 'html=de-AT'));
  await expect(progress(page)).toHaveText('1 von 3');
  await page.goto(lab(mock.url, 'html=en&wrap=ja'));
  await expect(card(page).locator('[part~="advertiser"]')).toHaveText('StreamMaxからのオファー');
  await page.goto(lab(mock.url, 'html=de&wrap=ja&unit=fr'));
  await expect(progress(page)).toHaveText('1 sur 3');
  await expect(unit(page).getByRole('button', { name: 'Offre suivante', exact: true })).toBeVisible();
  await expect(unit(page).getByRole('button', { name: 'Offre précédente', exact: true })).toBeVisible();
  // The buttons say what a French checkout's buttons say; the names agree with "l’offre".
  await expect(unit(page).locator('[part~="next"]')).toHaveText('Suivant');
  await expect(unit(page).locator('[part~="previous"]')).toHaveText('Précédent');
});

test('zh-TW, zh-HK and zh-Hant pages get Traditional Chinese, sent as zh-Hant; zh-CN gets Simplified', async ({
  page,
  mock,
}) => {
  for (const query of ['html=zh-TW', 'html=zh-HK', 'html=en&wrap=zh-Hant', 'html=zh-Hant-TW']) {
    await page.goto(lab(mock.url, query));
    await expect(card(page).locator('[part~="advertiser"]'), query).toHaveText('StreamMax提供的優惠');
    await expect(progress(page)).toHaveText('1/3');
    await expect(unit(page).getByRole('button', { name: '下一項優惠', exact: true })).toBeVisible();
    await expect(unit(page).locator('[part~="next"]')).toHaveText('下一項');
    await expect(card(page).getByRole('button', { name: '條款與細則' })).toBeVisible();
    expect(await unit(page).locator('[part~="unit"]').getAttribute('lang')).toBe('zh-Hant');
  }
  expect(bodies(mock).map((body) => body.language)).toEqual(['zh-Hant', 'zh-Hant', 'zh-Hant', 'zh-Hant']);
  await page.goto(lab(mock.url, 'html=zh-CN'));
  await expect(card(page).locator('[part~="advertiser"]')).toHaveText('来自StreamMax的优惠');
  await expect(unit(page).getByRole('button', { name: '下一个优惠', exact: true })).toBeVisible();
  expect(bodies(mock).at(-1)?.language).toBe('zh');
});

test('Arabic renders right to left with no dir on the page: Next sits on the left', async ({
  page,
  mock,
}) => {
  await page.goto(lab(mock.url, 'html=ar'));
  const next = unit(page).getByRole('button', { name: 'العرض التالي' });
  const previous = unit(page).getByRole('button', { name: 'العرض السابق' });
  await expect(next).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('');
  const direction = await card(page).evaluate(
    (el) => getComputedStyle(el.shadowRoot?.querySelector('[part~="card"]') ?? el).direction,
  );
  expect(direction).toBe('rtl');
  const [a, b] = [await next.boundingBox(), await previous.boundingBox()];
  expect(a && b && a.x < b.x).toBe(true);
});

test('Arabic and Hebrew: a Latin advertiser’s name keeps its full stop at its end', async ({
  page,
  mock,
}) => {
  await page.route(/\/native\/v[24]\/offers\.json/, async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { data: { offers: Array<Record<string, unknown>> } };
    for (const offer of json.data.offers) offer.advertiser_name = 'Acme Inc.';
    await route.fulfill({ response, json });
  });
  for (const language of ['ar', 'he']) {
    await page.goto(lab(mock.url, `html=${language}`));
    const line = card(page).locator('[part~="advertiser"]');
    await expect(line).toContainText('Acme Inc.');
    // Where the name's last letter and the full stop are drawn: read left to right inside the
    // right-to-left line, the stop comes after the "c", not before the "A".
    const [c, stop] = await line.evaluate((p) => {
      const text = p.firstChild as Text;
      const at = (i: number) => {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        return range.getBoundingClientRect().left;
      };
      const end = text.data.lastIndexOf('.');
      return [at(end - 1), at(end)];
    });
    expect(stop, language).toBeGreaterThan(c);
  }
});

test('strings override words by key; an unknown key is ignored with a debug line', async ({ page, mock }) => {
  const debug: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'debug') debug.push(m.text());
  });
  const strings = JSON.stringify({
    next: 'Onward',
    progress: 'Deal {current}/{total}',
    offerFrom: 'Brought to you by {advertiser}',
    colour: 'red',
  });
  await page.goto(lab(mock.url, `html=en&strings=${encodeURIComponent(strings)}`));
  await expect(progress(page)).toHaveText('Deal 1/3');
  await expect(unit(page).locator('[part~="next"]')).toContainText('Onward');
  await expect(card(page).locator('[part~="advertiser"]')).toHaveText('Brought to you by StreamMax');
  await expect(unit(page).getByRole('button', { name: 'Previous offer' })).toBeVisible();
  expect(debug.some((line) => line.includes('strings.colour is not a key the SDK uses'))).toBe(true);
});

test('a language named in the payload is sent as given', async ({ page, mock }) => {
  await page.goto(lab(mock.url, `html=de&payload=${encodeURIComponent('{"language":"it"}')}`));
  await expect(progress(page)).toHaveText('1 von 3');
  expect(bodies(mock)[0]?.language).toBe('it');
});

test('the other languages’ file blocked: the unit speaks English and the page is unharmed', async ({
  page,
  mock,
}) => {
  await page.route(/adpx-offers\.locales\.json/, (route) => route.abort());
  const uncaught: string[] = [];
  page.on('pageerror', (e) => uncaught.push(e.message));
  await page.goto(lab(mock.url, 'html=de'));
  await expect(progress(page)).toHaveText('1 of 3');
  await expect(card(page).locator('[part~="advertiser"]')).toHaveText('Offer from StreamMax');
  expect(uncaught).toEqual([]);
});

test('a unit removed while its words load, offers in hand, fires nothing afterwards', async ({
  page,
  mock,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await watchFetches(page);
  await page.route(/adpx-offers\.locales\.json/, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  const answered = page.waitForResponse(/\/offers\.json/);
  await page.goto(lab(mock.url, 'html=de'));
  await (await answered).finished();
  // The offers are in hand, the words are not: the route change takes the unit away.
  await page.evaluate(() => {
    const unit = document.querySelector('adpx-offers');
    const seen: string[] = [];
    for (const type of ['adpx-ads-found', 'adpx-offer-shown', 'adpx-error'])
      unit?.addEventListener(type, () => seen.push(type));
    (window as unknown as { seen: string[] }).seen = seen;
    unit?.remove();
  });
  release();
  // A second unit waits for the same words (the file is loaded once per page): once it speaks
  // German, the words reached the removed unit's load before it, so whatever that load would do
  // afterwards has had its chance. The second unit goes too, so the page is as the test left it.
  await page.evaluate(() => {
    const other = document.createElement('adpx-offers');
    other.id = 'sentinel';
    for (const [name, value] of [
      ['api-key', 'test-key'],
      ['endpoint', location.origin],
      ['placement', 'checkout'],
    ] as const)
      other.setAttribute(name, value);
    document.getElementById('wrap')?.append(other);
  });
  await expect(page.locator('#sentinel [part~="progress"]')).toHaveText('1 von 3');
  await quiet(page, mock);
  await page.evaluate(() => document.getElementById('sentinel')?.remove());
  expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([]);
  expect(await page.evaluate(() => document.querySelector('adpx-offers'))).toBeNull();
});

test('the script API: AdpxConfig.language and strings reach the unit', async ({ page, mock }) => {
  await page.goto(`${mock.url}/i18n-launcher.html`);
  await expect(progress(page)).toHaveText('1 av 3');
  await expect(unit(page).locator('[part~="next"]')).toContainText('Visa nästa');
  await expect(unit(page).getByRole('button', { name: 'Nästa erbjudande' })).toBeVisible();
  expect(bodies(mock)[0]?.language).toBe('sv');
});

test('terms that cannot be loaded say so in the page’s language, in a part the page can style', async ({
  page,
  mock,
}) => {
  // An engine without the HTML Sanitizer API, and the sanitiser file blocked.
  await useSanitizerPath(page, 'dompurify');
  await page.route(`**/dist/${SANITIZER_FILE}`, (route) => route.abort('connectionrefused'));
  await page.goto(lab(mock.url, 'html=de'));
  await page.addStyleTag({ content: 'adpx-offers::part(terms-status) { color: rgb(1, 2, 3); }' });
  await card(page).getByRole('button', { name: 'Angebotsbedingungen' }).click();
  const status = card(page).locator('[part~="terms-status"]');
  await expect(status).toHaveText(
    'Die Angebotsbedingungen konnten nicht geladen werden. Bitte erneut versuchen',
  );
  await expect(status).toHaveCSS('color', 'rgb(1, 2, 3)');
});

test('counts are written as Chromium’s Intl writes them, without loading its number data for 0 to 999', async ({
  page,
  mock,
}) => {
  // Count the NumberFormat objects made on the page: the first one loads ICU's number data.
  await page.addInitScript(() => {
    const Original = Intl.NumberFormat;
    const counter = window as unknown as { numberFormats: number };
    counter.numberFormats = 0;
    Intl.NumberFormat = new Proxy(Original, {
      construct(target, args: [string?]) {
        counter.numberFormats += 1;
        return new target(...args);
      },
    });
  });
  await page.goto(lab(mock.url, 'html=de'));
  await expect(progress(page)).toHaveText('1 von 3');
  expect(await page.evaluate(() => (window as unknown as { numberFormats: number }).numberFormats)).toBe(0);
  // What the SDK writes without Intl (src/i18n/messages.ts, LATIN_DIGITS) is what Intl writes here.
  const differing = await page.evaluate(digitsIntlWritesOtherwise, [...LATIN_DIGITS]);
  expect(differing).toEqual([]);
});

test.describe('a page that switches its language', () => {
  test('one new request in the new language replaces the offers and the words follow; a lang that leaves the language as it was asks nothing', async ({
    page,
    mock,
  }) => {
    await watchFetches(page);
    await installLifecycleProbe(page);
    await page.goto(lab(mock.url, 'html=de'));
    await expect(progress(page)).toHaveText('1 von 3');
    await expectHits(mock, 'pixel', 1);

    await page.evaluate(() => (document.documentElement.lang = 'fr'));
    await expect(progress(page)).toHaveText('1 sur 3');
    await expect(card(page).locator('[part~="advertiser"]')).toHaveText('Offre de StreamMax');
    await expectHits(mock, 'pixel', 2);
    await quiet(page, mock);
    expect(bodies(mock).map((body) => body.language)).toEqual(['de', 'fr']);
    // The German offers were seen, then replaced: their close beacon in their own session, the new
    // offers' pixel in the new one; found twice, never closed (decision 010).
    const pixels = hits(mock, 'pixel');
    expect(pixels[1]?.sessionId).not.toBe(pixels[0]?.sessionId);
    expect(hits(mock, 'close').map((c) => c.sessionId)).toEqual([pixels[0]?.sessionId]);
    const events = await probe(page);
    expect(ofType(events, 'adpx-ads-found')).toHaveLength(2);
    expect(ofType(events, 'adpx-closed-ads')).toEqual([]);

    // An ancestor's lang is closer than <html lang>: Japanese, asked once more.
    await page.evaluate(() => document.getElementById('wrap')?.setAttribute('lang', 'ja'));
    await expect(card(page).locator('[part~="advertiser"]')).toHaveText('StreamMaxからのオファー');
    await expect.poll(() => mock.requests().length).toBe(3);
    // <html lang> changes under it: the unit still speaks Japanese, nothing is asked.
    await page.evaluate(() => (document.documentElement.lang = 'it'));
    await quiet(page, mock);
    expect(await page.evaluate(() => document.querySelector('adpx-offers')?.state)).toBe('shown');
    expect(bodies(mock).map((body) => body.language)).toEqual(['de', 'fr', 'ja']);
    await expect(progress(page)).toHaveText('1 / 3');
  });

  test('a language named in the payload wins: the words follow the page, nothing is asked again', async ({
    page,
    mock,
  }) => {
    await watchFetches(page);
    await page.goto(lab(mock.url, `html=de&payload=${encodeURIComponent('{"language":"it"}')}`));
    await expect(progress(page)).toHaveText('1 von 3');
    await page.evaluate(() => (document.documentElement.lang = 'fr'));
    await expect(progress(page)).toHaveText('1 sur 3');
    await expect(card(page).locator('[part~="advertiser"]')).toHaveText('Offre de StreamMax');
    await quiet(page, mock);
    expect(bodies(mock).map((body) => body.language)).toEqual(['it']);
    expect(await page.evaluate(() => document.querySelector('adpx-offers')?.state)).toBe('shown');
  });

  test('manual: the words follow at once, the offers wait for the next load(), which asks in the new language', async ({
    page,
    mock,
  }) => {
    await watchFetches(page);
    await page.goto(lab(mock.url, 'html=de&manual'));
    await page.evaluate(async () => {
      // The unit's element is defined a few tasks after the page's load (decision 016).
      await customElements.whenDefined('adpx-offers');
      const unit = document.querySelector('adpx-offers');
      if (!unit) throw new Error('no unit');
      await unit.load();
      unit.show();
    });
    await expect(progress(page)).toHaveText('1 von 3');
    await page.evaluate(() => (document.documentElement.lang = 'fr'));
    await expect(progress(page)).toHaveText('1 sur 3');
    await expect(card(page).locator('[part~="advertiser"]')).toHaveText('Offre de StreamMax');
    await quiet(page, mock);
    expect(bodies(mock).map((body) => body.language)).toEqual(['de']);
    await page.evaluate(() => document.querySelector('adpx-offers')?.load());
    expect(bodies(mock).map((body) => body.language)).toEqual(['de', 'fr']);
  });

  test('the script API: shown offers keep their request, the next Adpx.load() asks in the new language', async ({
    page,
    mock,
  }) => {
    await watchFetches(page);
    await page.goto(`${mock.url}/i18n-launcher.html`);
    await expect(progress(page)).toHaveText('1 av 3');
    await page.evaluate(() => (document.documentElement.lang = 'de'));
    await expect(progress(page)).toHaveText('1 von 3');
    await quiet(page, mock);
    expect(bodies(mock).map((body) => body.language)).toEqual(['sv']);
    expect(await page.evaluate(() => window.Adpx?.load())).toBe(true);
    expect(bodies(mock).map((body) => body.language)).toEqual(['sv', 'de']);
  });

  test('the script API: offers loaded and not shown yet are not reused by Adpx.load() in another language', async ({
    page,
    mock,
  }) => {
    await watchFetches(page);
    await page.goto(`${mock.url}/i18n-launcher.html?ready`);
    await expect.poll(() => page.evaluate(() => window.Adpx?.isReady())).toBe(true);
    await page.evaluate(() => (document.documentElement.lang = 'de'));
    await quiet(page, mock);
    expect(bodies(mock).map((body) => body.language)).toEqual(['sv']);
    expect(await page.evaluate(() => window.Adpx?.load())).toBe(true);
    expect(bodies(mock).map((body) => body.language)).toEqual(['sv', 'de']);
    await page.evaluate(() => window.Adpx?.show());
    await expect(progress(page)).toHaveText('1 von 3');
  });
});
