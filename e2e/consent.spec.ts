import { readdir, readFile } from 'node:fs/promises';
import type { Frame, Page } from '@playwright/test';
import type { MockOffersService } from '../src/server/mock/index.js';
import { gppString, gppTcfEu, gppUsnat, tcString } from '../test/consent/strings.js';
import { debugLines, quiet, watchFetches } from './fixtures.js';
import { expect, expectHits, hits, test } from './iab/fixtures.js';

/**
 * Consent (docs/privacy.md), asserting what the mock service received (request bodies, beacons and
 * their Cookie header) and what the page's storage holds. The consent platforms are the IAB's own
 * code where it can play the part (e2e/pages/iab-cmp.html: the TCF stub, the TCF and GPP CMP APIs;
 * TC and GPP strings from the IAB's encoders, test/consent/strings.ts). e2e/pages/consent.html
 * keeps hand-written platforms for what that code cannot be: a US Privacy `__uspapi` (no IAB
 * package has one), GPP CMPs whose `parsedSections` differ from the IAB library's, and a GPP CMP
 * with no `parsedSections` at all. hosts/webview.html passes consent through AdpxConfig.consent.
 */

type Body = Record<string, string>;
const bodies = (mock: MockOffersService): Body[] => mock.requests().map((r) => r.body as Body);
const storedKeys = (page: Page | Frame) =>
  page.evaluate(() =>
    [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((k) => k.startsWith('adpx')),
  );

async function firstRequest(mock: MockOffersService): Promise<Body> {
  await expect.poll(() => mock.requests().length).toBeGreaterThan(0);
  return bodies(mock)[0] as Body;
}

/**
 * The unit's `load()`, once its element is defined: the first request may be the early one, sent by
 * the script tag's first file before the rest file defines `<adpx-offers>` (decision 016).
 */
const loadAgain = (page: Page | Frame) =>
  page.evaluate(async () => {
    await customElements.whenDefined('adpx-offers');
    await document.querySelector('adpx-offers')?.load();
  });

/** Beacons arrived, and none carried the cookie the page's origin set. */
async function pixelsWithoutCookie(mock: MockOffersService): Promise<void> {
  await expectHits(mock, 'pixel', 1);
  expect(hits(mock, 'pixel').map((b) => b.cookie)).toEqual([undefined]);
}

const refused = tcString(false);
const granted = tcString(true);
const ID = /^[a-z0-9]{32}$/;

/** The page with the IAB's CMP code, options as its query (e2e/pages/iab-cmp.html). */
const iabPage = (mock: MockOffersService, query: Record<string, string> = {}) =>
  `${mock.url}/iab-cmp.html?${new URLSearchParams(query)}`;

/** What iab-cmp.html gives the test: the CMP's own calls, and the stub's queue. */
type CmpPage = {
  cmp: {
    tcf(tc: string | null, uiVisible?: boolean): Promise<void>;
    gpp(gppString: string, sid: number[]): Promise<void>;
    gppApi: { cmpApiContext: { eventQueue: { size: number } } };
  };
  __tcfapi(): unknown[];
};

test.describe('the IAB’s TCF CMP API (@iabtechlabtcf/cmpapi) on the page', () => {
  test('GDPR applies, purpose 1 refused: nothing stored, no adpx_fp, gdpr signals sent, beacons without cookies', async ({
    page,
    mock,
  }) => {
    await page.goto(iabPage(mock, { tc: refused }));
    const body = await firstRequest(mock);
    expect(body).toMatchObject({ gdpr: '1', gdpr_consent: refused });
    expect(body.adpx_fp).toBeUndefined();
    await pixelsWithoutCookie(mock);
    expect(await storedKeys(page)).toEqual([]);
  });

  test('purpose 1 granted: adpx_fp stored and sent, beacons carry the cookie', async ({ page, mock }) => {
    await page.goto(iabPage(mock, { tc: granted }));
    const body = await firstRequest(mock);
    expect(body).toMatchObject({ gdpr: '1', gdpr_consent: granted });
    const stored = await page.evaluate(() => localStorage.getItem('adpx_fp'));
    expect(stored).toMatch(ID);
    expect(body.adpx_fp).toBe(stored);
    await expectHits(mock, 'pixel', 1);
    expect(hits(mock, 'pixel')[0]?.cookie).toContain('shop_session=abc123');
  });

  test('GDPR does not apply (update(null)): gdpr=0, the id stored and sent', async ({ page, mock }) => {
    await page.goto(iabPage(mock, { gdpr: '0' }));
    const body = await firstRequest(mock);
    expect(body.gdpr).toBe('0');
    expect(body.gdpr_consent).toBeUndefined();
    expect(body.adpx_fp).toMatch(ID);
    expect(await storedKeys(page)).toEqual(['adpx_fp']);
  });

  test('the stub first: the request waits through the banner for the CMP’s answer; a later withdrawal deletes the id at once', async ({
    page,
    mock,
  }) => {
    await watchFetches(page);
    const lines = debugLines(page);
    await page.goto(iabPage(mock, { stub: '1', timeout: '60000' }));
    // The SDK's addEventListener is in the stub's queue: it is waiting, and nothing was sent.
    await expect.poll(() => page.evaluate(() => (window as unknown as CmpPage).__tcfapi().length)).toBe(1);
    // The CMP loads and shows its banner (eventStatus cmpuishown): still no final answer.
    await page.evaluate(() => (window as unknown as CmpPage).cmp.tcf('', true));
    await quiet(page, mock);
    expect(mock.requests()).toHaveLength(0);
    // The visitor accepts (useractioncomplete).
    await page.evaluate((tc) => (window as unknown as CmpPage).cmp.tcf(tc), granted);
    const body = await firstRequest(mock);
    expect(body).toMatchObject({ gdpr: '1', gdpr_consent: granted });
    expect(body.adpx_fp).toMatch(ID);
    expect(await storedKeys(page)).toEqual(['adpx_fp']);

    // The visitor reopens the banner and withdraws: the id goes without waiting for a request.
    await page.evaluate((tc) => (window as unknown as CmpPage).cmp.tcf(tc), refused);
    await expect.poll(() => storedKeys(page)).toEqual([]);
    await loadAgain(page);
    await expect.poll(() => mock.requests().length).toBe(2);
    expect(bodies(mock)[1]).toMatchObject({ gdpr: '1', gdpr_consent: refused });
    expect(bodies(mock)[1]?.adpx_fp).toBeUndefined();
    await expect.poll(() => lines.filter((line) => line.includes('consent (cmp)')).length).toBe(2);
  });

  test('the visitor reopens the banner (cmpuishown) and has not chosen yet: the next request keeps the id', async ({
    page,
    mock,
  }) => {
    await page.goto(iabPage(mock, { tc: granted }));
    const first = await firstRequest(mock);
    expect(first.adpx_fp).toMatch(ID);
    await page.evaluate((tc) => (window as unknown as CmpPage).cmp.tcf(tc, true), granted);
    await loadAgain(page);
    await expect.poll(() => mock.requests().length).toBe(2);
    expect(bodies(mock)[1]).toMatchObject({ gdpr: '1', gdpr_consent: granted, adpx_fp: first.adpx_fp });
    expect(await storedKeys(page)).toEqual(['adpx_fp']);
  });

  test('a response the host supplied (no request): its beacons carry no cookie while the CMP refuses', async ({
    page,
    mock,
  }) => {
    const answer = await fetch(`${mock.url}/native/v2/offers.json?api_key=test-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ placement: 'checkout' }),
    });
    const response: unknown = await answer.json();
    mock.reset();
    await page.goto(iabPage(mock, { tc: refused, supplied: '1' }));
    await page.locator('adpx-offers').waitFor({ state: 'attached' });
    await page.evaluate((raw) => {
      const unit = document.querySelector('adpx-offers');
      if (unit) unit.response = raw;
    }, response);
    await pixelsWithoutCookie(mock);
    expect(mock.requests()).toHaveLength(0);
    expect(await storedKeys(page)).toEqual([]);
  });

  test('the stub alone, its CMP never loads: the request goes out after consent-timeout, restrictive', async ({
    page,
    mock,
  }) => {
    await page.goto(iabPage(mock, { stub: '1', timeout: '300' }));
    const body = await firstRequest(mock);
    expect(body.adpx_fp).toBeUndefined();
    await pixelsWithoutCookie(mock);
    expect(await storedKeys(page)).toEqual([]);
  });
});

test.describe('the IAB’s GPP CMP API (@iabgpp/cmpapi) on the page', () => {
  test('the EU TCF section applies and refuses purpose 1: gdpr=1 and the section as gdpr_consent, nothing stored', async ({
    page,
    mock,
  }) => {
    const gpp = gppTcfEu(refused);
    await page.goto(iabPage(mock, { gpp, sid: '2' }));
    const body = await firstRequest(mock);
    expect(body).toMatchObject({ gdpr: '1', gdpr_consent: refused, gpp, gpp_sid: '2' });
    expect(body.adpx_fp).toBeUndefined();
    await pixelsWithoutCookie(mock);
    expect(await storedKeys(page)).toEqual([]);
  });

  test('the EU TCF section grants purpose 1 (parsedSections as the library gives them): the id stored and sent', async ({
    page,
    mock,
  }) => {
    const gpp = gppTcfEu(granted);
    await page.goto(iabPage(mock, { gpp, sid: '2' }));
    const body = await firstRequest(mock);
    expect(body).toMatchObject({ gdpr: '1', gdpr_consent: granted, gpp, gpp_sid: '2' });
    expect(body.adpx_fp).toBe(await page.evaluate(() => localStorage.getItem('adpx_fp')));
    expect(body.adpx_fp).toMatch(ID);
  });

  test('usnat: an opt-out of sale refuses storage; no opt-out allows it', async ({ page, mock }) => {
    const optOut = gppUsnat(1, 2, 2);
    await page.goto(iabPage(mock, { gpp: optOut, sid: '7' }));
    const body = await firstRequest(mock);
    expect(body).toMatchObject({ gpp: optOut, gpp_sid: '7' });
    expect(body.gdpr).toBeUndefined();
    expect(body.adpx_fp).toBeUndefined();
    expect(await storedKeys(page)).toEqual([]);

    mock.reset();
    const noOptOut = gppUsnat(2, 2, 2);
    await page.goto(iabPage(mock, { gpp: noOptOut, sid: '7' }));
    expect((await firstRequest(mock)).adpx_fp).toMatch(ID);
  });

  test('uspv1 (the US Privacy string as a GPP section): an opt-out of sale refuses storage', async ({
    page,
    mock,
  }) => {
    const gpp = gppString({ uspv1: { Notice: 'Y', OptOutSale: 'Y', LspaCovered: 'N' } });
    await page.goto(iabPage(mock, { gpp, sid: '6' }));
    const body = await firstRequest(mock);
    expect(body).toMatchObject({ gpp, gpp_sid: '6' });
    expect(body.adpx_fp).toBeUndefined();
    expect(await storedKeys(page)).toEqual([]);
  });

  test('not ready at first: the request waits for the signalStatus event; a later opt-out deletes the id at once', async ({
    page,
    mock,
  }) => {
    await watchFetches(page);
    await page.goto(iabPage(mock, { gpp: 'wait', timeout: '60000' }));
    // The SDK's listener is registered with the CMP API, which says 'not ready': nothing is sent.
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as CmpPage).cmp.gppApi.cmpApiContext.eventQueue.size),
      )
      .toBe(1);
    await quiet(page, mock);
    expect(mock.requests()).toHaveLength(0);

    const allowed = gppUsnat(2, 2, 2);
    await page.evaluate((gpp) => (window as unknown as CmpPage).cmp.gpp(gpp, [7]), allowed);
    const body = await firstRequest(mock);
    expect(body).toMatchObject({ gpp: allowed, gpp_sid: '7' });
    expect(body.adpx_fp).toMatch(ID);
    expect(await storedKeys(page)).toEqual(['adpx_fp']);

    // The visitor opts out of sale: the CMP's 'signalStatus' event deletes the id without a request.
    const optOut = gppUsnat(1, 2, 2);
    await page.evaluate((gpp) => (window as unknown as CmpPage).cmp.gpp(gpp, [7]), optOut);
    await expect.poll(() => storedKeys(page)).toEqual([]);
    await loadAgain(page);
    await expect.poll(() => mock.requests().length).toBe(2);
    expect(bodies(mock)[1]).toMatchObject({ gpp: optOut, gpp_sid: '7' });
    expect(bodies(mock)[1]?.adpx_fp).toBeUndefined();
  });

  test('the EU TCF and usnat sections together: both read, both sent', async ({ page, mock }) => {
    const gpp = gppString({ tcfeuv2: granted, usnat: { SaleOptOutNotice: 1, SaleOptOut: 1 } });
    await page.goto(iabPage(mock, { gpp, sid: '2,7' }));
    const body = await firstRequest(mock);
    expect(body).toMatchObject({ gdpr: '1', gdpr_consent: granted, gpp, gpp_sid: '2,7' });
    expect(body.adpx_fp).toBeUndefined();
  });
});

test.describe('the IAB’s CMP code in the parent frame, the unit in an iframe', () => {
  test('TCF through the stub’s __tcfapiLocator and GPP through __gppLocator: both read, both sent', async ({
    page,
    mock,
  }) => {
    const lines = debugLines(page);
    const gpp = gppUsnat(2, 2, 2);
    await page.goto(iabPage(mock, { frame: '1', stub: '1', tc: refused, gpp, sid: '7' }));
    const body = await firstRequest(mock);
    // Refused for what the CMPs said, not for want of an answer.
    await expect
      .poll(() => lines.find((line) => line.includes('consent (cmp)')))
      .toContain('without TCF purpose 1 consent');
    expect(body).toMatchObject({ gdpr: '1', gdpr_consent: refused, gpp, gpp_sid: '7' });
    expect(body.adpx_fp).toBeUndefined();
    expect(await page.evaluate(() => (window as unknown as { gppCalls: string[] }).gppCalls)).toContain(
      'addEventListener',
    );
    const frame = page.frameLocator('#unit-frame');
    await expect(frame.locator('adpx-offers [part~="offer"]').first()).toBeVisible();
    await pixelsWithoutCookie(mock);
  });

  /** The unit's frame, once its page has loaded. */
  const unitFrame = async (page: Page): Promise<Frame> => {
    const frame = await (await page.locator('#unit-frame').elementHandle())?.contentFrame();
    if (!frame) throw new Error('no unit frame');
    return frame;
  };

  test('the CMP loads after the unit asked (the stub queued the call): the request waits for its answer', async ({
    page,
    mock,
  }) => {
    await page.goto(iabPage(mock, { frame: '1', stub: '1', timeout: '60000' }));
    // The unit's calls, posted to the locator, are in the top page's stub queue (its
    // addEventListener, and the getTCData it repeats while it waits).
    await expect
      .poll(() => page.evaluate(() => (window as unknown as CmpPage).__tcfapi().length))
      .toBeGreaterThan(0);
    expect(mock.requests()).toHaveLength(0);
    await page.evaluate((tc) => (window as unknown as CmpPage).cmp.tcf(tc), granted);
    const body = await firstRequest(mock);
    expect(body).toMatchObject({ gdpr: '1', gdpr_consent: granted });
    expect(body.adpx_fp).toMatch(ID);
    expect(await storedKeys(await unitFrame(page))).toEqual(['adpx_fp']);
  });

  test('a withdrawal in the parent’s CMP is read by the unit’s next request', async ({ page, mock }) => {
    await page.goto(iabPage(mock, { frame: '1', stub: '1', tc: granted }));
    expect((await firstRequest(mock)).adpx_fp).toMatch(ID);
    const frame = await unitFrame(page);
    expect(await storedKeys(frame)).toEqual(['adpx_fp']);

    await page.evaluate((tc) => (window as unknown as CmpPage).cmp.tcf(tc), refused);
    await loadAgain(frame);
    await expect.poll(() => mock.requests().length).toBe(2);
    expect(bodies(mock)[1]).toMatchObject({ gdpr: '1', gdpr_consent: refused });
    expect(bodies(mock)[1]?.adpx_fp).toBeUndefined();
    expect(await storedKeys(frame)).toEqual([]);
  });

  test('GPP alone in the parent: its EU TCF section granting purpose 1 lets the unit store its id', async ({
    page,
    mock,
  }) => {
    const gpp = gppTcfEu(granted);
    await page.goto(iabPage(mock, { frame: '1', gpp, sid: '2' }));
    const body = await firstRequest(mock);
    expect(body).toMatchObject({ gdpr: '1', gdpr_consent: granted, gpp, gpp_sid: '2' });
    expect(body.adpx_fp).toMatch(ID);
  });
});

test('the SDK’s built files hold nothing of the IAB libraries (devDependencies for the tests only)', async () => {
  // A string each library carries and the SDK does not.
  const markers = ['Unable to encode TCModel', 'CmpApi Disabled', 'setGdprApplies', 'listenerRegistered'];
  for (const file of await readdir('dist', { recursive: true })) {
    if (!/\.(js|mjs)$/.test(file)) continue;
    const code = await readFile(`dist/${file}`, 'utf8');
    for (const marker of markers) expect(code.includes(marker), `${marker} in dist/${file}`).toBe(false);
  }
});

test('Global Privacy Control on: gpc=1 sent, no adpx_fp, nothing stored', async ({ page, mock }) => {
  await page.goto(`${mock.url}/consent.html?gpc=1`);
  const body = await firstRequest(mock);
  expect(body.gpc).toBe('1');
  expect(body.adpx_fp).toBeUndefined();
  await pixelsWithoutCookie(mock);
  expect(await storedKeys(page)).toEqual([]);
});

test('US Privacy opt-out: us_privacy sent, no adpx_fp', async ({ page, mock }) => {
  await page.goto(`${mock.url}/consent.html?usp=1YYN`);
  const body = await firstRequest(mock);
  expect(body.us_privacy).toBe('1YYN');
  expect(body.adpx_fp).toBeUndefined();
  expect(await storedKeys(page)).toEqual([]);
});

test('Adpx.setConsent switching from allowed to refused mid-page deletes the id; the next request has none', async ({
  page,
  mock,
}) => {
  await page.goto(`${mock.url}/consent.html`);
  const first = await firstRequest(mock);
  expect(first.adpx_fp).toMatch(/^[a-z0-9]{32}$/);
  expect(await storedKeys(page)).toEqual(['adpx_fp']);

  await page.evaluate(() => window.Adpx?.setConsent({ storage: false }));
  expect(await storedKeys(page)).toEqual([]);
  await loadAgain(page);
  await expect.poll(() => mock.requests().length).toBe(2);
  expect(bodies(mock)[1]?.adpx_fp).toBeUndefined();
  expect(await storedKeys(page)).toEqual([]);
});

test('Adpx.forget() deletes what the SDK stored, and leaves the page’s own keys', async ({ page, mock }) => {
  await page.goto(`${mock.url}/consent.html`);
  await firstRequest(mock);
  await page.evaluate(() => localStorage.setItem('cart', '2'));
  expect(await storedKeys(page)).toEqual(['adpx_fp']);
  await page.evaluate(() => window.Adpx?.forget());
  expect(await storedKeys(page)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('2');
});

for (const [name, consent] of [
  ['passes consent through AdpxConfig', { gdprApplies: true, tcString: refused }],
  ['passes only a TC string: GDPR applies, purpose 1 is read from it', { tcString: refused }],
] as const) {
  test(`a WebView host ${name}`, async ({ page, mock }) => {
    const config = JSON.stringify({ consent });
    await page.goto(
      `${mock.url}/hosts/webview.html?host=ios&config=${encodeURIComponent(config)}&init=${encodeURIComponent('{"autoShow":true}')}`,
    );
    const body = await firstRequest(mock);
    expect(body).toMatchObject({ gdpr: '1', gdpr_consent: refused });
    expect(body.adpx_fp).toBeUndefined();
    await expectHits(mock, 'pixel', 1);
    expect(await storedKeys(page)).toEqual([]);
  });
}

test.describe('a GPP CMP other than the IAB library, whose EU TCF section (2, tcfeuv2) applies', () => {
  /**
   * consent.html's hand-written __gpp: other CMPs give `parsedSections` as the GPP spec writes them
   * (an array of segments, `PurposeConsent`), which the IAB library does not produce (its
   * `PurposeConsents`, one object, is in the tests above), or give none at all.
   */
  const gppPage = (mock: MockOffersService, gpp: string, parsed?: object) =>
    `${mock.url}/consent.html?gpp=${gpp}&sid=2` +
    (parsed ? `&parsed=${encodeURIComponent(JSON.stringify(parsed))}` : '');

  test('parsedSections (the spec’s array form) without purpose 1: gdpr=1 and the TC string sent, nothing stored', async ({
    page,
    mock,
  }) => {
    const tc = tcString([2, 3, 4]);
    const gpp = gppTcfEu(tc);
    const core = { Version: 2, PurposeConsent: [false, true, true, true] };
    await page.goto(gppPage(mock, gpp, { tcfeuv2: [core] }));
    const body = await firstRequest(mock);
    expect(body).toMatchObject({ gdpr: '1', gdpr_consent: tc, gpp, gpp_sid: '2' });
    expect(body.adpx_fp).toBeUndefined();
    await pixelsWithoutCookie(mock);
    expect(await storedKeys(page)).toEqual([]);
  });

  test('no parsedSections and no readable section: restrictive', async ({ page, mock }) => {
    await page.goto(gppPage(mock, ''));
    const body = await firstRequest(mock);
    expect(body).toMatchObject({ gdpr: '1', gpp_sid: '2' });
    expect(body.adpx_fp).toBeUndefined();
    expect(await storedKeys(page)).toEqual([]);
  });
});

test.describe('a GPP 1.0 CMP (no signalStatus): ready when loaded with no banner shown (decision 008)', () => {
  /** consent.html's hand-written GPP 1.0 `__gpp` (no IAB package implements 1.0 any more). */
  const gpp10Page = (mock: MockOffersService, mode: 'loaded' | 'banner', gpp: string, timeout: string) =>
    `${mock.url}/consent.html?gpp10=${mode}&gpp=${gpp}&sid=7&timeout=${timeout}`;

  test('loaded, no banner: its usnat section read at once, not after consent-timeout', async ({
    page,
    mock,
  }) => {
    const allowed = gppUsnat(2, 2, 2);
    // A consent-timeout longer than the test: a request that waited it out would never come.
    await page.goto(gpp10Page(mock, 'loaded', allowed, '600000'));
    const body = await firstRequest(mock);
    expect(body).toMatchObject({ gpp: allowed, gpp_sid: '7' });
    expect(body.adpx_fp).toMatch(ID);

    mock.reset();
    const optOut = gppUsnat(1, 2, 2);
    await page.goto(gpp10Page(mock, 'loaded', optOut, '600000'));
    const refusedBody = await firstRequest(mock);
    expect(refusedBody).toMatchObject({ gpp: optOut, gpp_sid: '7' });
    expect(refusedBody.adpx_fp).toBeUndefined();
    expect(await storedKeys(page)).toEqual([]);
  });

  test('the banner shown: the request waits for the visitor’s choice, then reads it', async ({
    page,
    mock,
  }) => {
    await watchFetches(page);
    await page.goto(gpp10Page(mock, 'banner', '', '600000'));
    await quiet(page, mock);
    expect(mock.requests()).toHaveLength(0);
    const optOut = gppUsnat(2, 2, 1);
    await page.evaluate(
      (gpp) => (window as unknown as { gpp10Choose(g: string): void }).gpp10Choose(gpp),
      optOut,
    );
    const body = await firstRequest(mock);
    expect(body).toMatchObject({ gpp: optOut, gpp_sid: '7' });
    expect(body.adpx_fp).toBeUndefined();
    expect(await storedKeys(page)).toEqual([]);
  });
});
