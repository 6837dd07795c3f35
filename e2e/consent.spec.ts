import type { Page } from '@playwright/test';
import type { MockOffersService } from '../src/server/mock/index.js';
import { GPP_HEADERS, tcString, tcfPurposes, usSection } from '../test/consent/strings.js';
import { expect, expectHits, hits, test } from './fixtures.js';

/**
 * Consent (docs/privacy.md), asserting what the mock service received (request bodies, beacons and
 * their Cookie header) and what the page's storage holds. Pages: e2e/pages/consent.html (stub CMPs
 * by query), consent-parent.html (a CMP in the top frame), hosts/webview.html (AdpxConfig.consent).
 */

type Body = Record<string, string>;
const bodies = (mock: MockOffersService): Body[] => mock.requests().map((r) => r.body as Body);
const storedKeys = (page: Page) =>
  page.evaluate(() =>
    [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((k) => k.startsWith('adpx')),
  );

async function firstRequest(mock: MockOffersService): Promise<Body> {
  await expect.poll(() => mock.requests().length).toBeGreaterThan(0);
  return bodies(mock)[0] as Body;
}

/** Beacons arrived, and none carried the cookie the page's origin set. */
async function pixelsWithoutCookie(mock: MockOffersService): Promise<void> {
  await expectHits(mock, 'pixel', 1);
  expect(hits(mock, 'pixel').map((b) => b.cookie)).toEqual([undefined]);
}

const refused = tcString(false);
const granted = tcString(true);

test('TCF, GDPR applies, purpose 1 refused: nothing stored, no adpx_fp, gdpr signals sent, beacons without cookies', async ({
  page,
  mock,
}) => {
  await page.goto(`${mock.url}/consent.html?tcf=refuse&tc=${refused}`);
  const body = await firstRequest(mock);
  expect(body).toMatchObject({ gdpr: '1', gdpr_consent: refused });
  expect(body.adpx_fp).toBeUndefined();
  await pixelsWithoutCookie(mock);
  expect(await storedKeys(page)).toEqual([]);
});

test('TCF, purpose 1 granted: adpx_fp stored and sent, beacons carry the cookie', async ({ page, mock }) => {
  await page.goto(`${mock.url}/consent.html?tcf=grant&tc=${granted}`);
  const body = await firstRequest(mock);
  expect(body).toMatchObject({ gdpr: '1', gdpr_consent: granted });
  const stored = await page.evaluate(() => localStorage.getItem('adpx_fp'));
  expect(stored).toMatch(/^[a-z0-9]{32}$/);
  expect(body.adpx_fp).toBe(stored);
  await expectHits(mock, 'pixel', 1);
  expect(hits(mock, 'pixel')[0]?.cookie).toContain('shop_session=abc123');
});

test('a CMP that answers late: the request waits for it', async ({ page, mock }) => {
  await page.goto(`${mock.url}/consent.html?tcf=late&tc=${granted}&timeout=60000`);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { cmpCalls: unknown[] }).cmpCalls.length))
    .toBeGreaterThan(0);
  // The unit is waiting on the CMP's final answer (the UI is shown): nothing has been sent.
  expect(mock.requests()).toHaveLength(0);
  await page.evaluate(() => (window as unknown as { answerTcf(granted: boolean): void }).answerTcf(true));
  const body = await firstRequest(mock);
  expect(body.adpx_fp).toMatch(/^[a-z0-9]{32}$/);
  expect(mock.requests()).toHaveLength(1);
});

test('a CMP that never answers: the request goes out after consent-timeout, restrictive', async ({
  page,
  mock,
}) => {
  await page.goto(`${mock.url}/consent.html?tcf=never&timeout=300`);
  const body = await firstRequest(mock);
  expect(body.adpx_fp).toBeUndefined();
  await pixelsWithoutCookie(mock);
  expect(await storedKeys(page)).toEqual([]);
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

test('GPP: an applicable US section that opts out refuses storage; one that does not, allows it', async ({
  page,
  mock,
}) => {
  const optOut = `${GPP_HEADERS.usnat}~${usSection([1, 1, 1, 1, 1, 1, 1, 2, 2])}`;
  await page.goto(`${mock.url}/consent.html?gpp=${optOut}&sid=7`);
  const body = await firstRequest(mock);
  expect(body).toMatchObject({ gpp: optOut, gpp_sid: '7' });
  expect(body.adpx_fp).toBeUndefined();
  expect(await storedKeys(page)).toEqual([]);

  mock.reset();
  const noOptOut = `${GPP_HEADERS.usnat}~${usSection([1, 1, 1, 1, 1, 1, 2, 2, 2])}`;
  await page.goto(`${mock.url}/consent.html?gpp=${noOptOut}&sid=7`);
  expect((await firstRequest(mock)).adpx_fp).toMatch(/^[a-z0-9]{32}$/);
});

test('a CMP in the parent frame answers through __tcfapiLocator', async ({ page, mock }) => {
  await page.goto(`${mock.url}/consent-parent.html?tc=${refused}`);
  const body = await firstRequest(mock);
  expect(body).toMatchObject({ gdpr: '1', gdpr_consent: refused });
  expect(body.adpx_fp).toBeUndefined();
  expect(
    await page.evaluate(() => (window as unknown as { locatorCalls: number }).locatorCalls),
  ).toBeGreaterThan(0);
  const frame = page.frameLocator('#unit-frame');
  await expect(frame.locator('adpx-offers adpx-offer').first()).toBeVisible();
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
  await page.evaluate(() => document.querySelector('adpx-offers')?.load());
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

test.describe('a GPP-only page whose EU TCF section (2, tcfeuv2) applies', () => {
  /** The page's __gpp stub: a GPP string with section 2 only, and `parsedSections` when given. */
  const gppPage = (mock: MockOffersService, tc: string, parsed?: object) =>
    `${mock.url}/consent.html?gpp=${GPP_HEADERS.tcfeu}~${tc}&sid=2` +
    (parsed ? `&parsed=${encodeURIComponent(JSON.stringify(parsed))}` : '');

  test('parsedSections (array form) without purpose 1: gdpr=1 and the TC string sent, nothing stored', async ({
    page,
    mock,
  }) => {
    const tc = tcfPurposes([2, 3, 4]);
    const core = { Version: 2, PurposeConsent: [false, true, true, true] };
    await page.goto(gppPage(mock, tc, { tcfeuv2: [core] }));
    const body = await firstRequest(mock);
    expect(body).toMatchObject({
      gdpr: '1',
      gdpr_consent: tc,
      gpp: `${GPP_HEADERS.tcfeu}~${tc}`,
      gpp_sid: '2',
    });
    expect(body.adpx_fp).toBeUndefined();
    await pixelsWithoutCookie(mock);
    expect(await storedKeys(page)).toEqual([]);
  });

  test('parsedSections (object form) with purpose 1: the id is stored and sent with gdpr=1', async ({
    page,
    mock,
  }) => {
    const tc = tcfPurposes([1, 2]);
    await page.goto(gppPage(mock, tc, { tcfeuv2: { PurposeConsents: [true, true] } }));
    const body = await firstRequest(mock);
    expect(body).toMatchObject({ gdpr: '1', gdpr_consent: tc });
    expect(body.adpx_fp).toBe(await page.evaluate(() => localStorage.getItem('adpx_fp')));
    expect(body.adpx_fp).toMatch(/^[a-z0-9]{32}$/);
  });

  test('no parsedSections and no readable section: restrictive', async ({ page, mock }) => {
    await page.goto(`${mock.url}/consent.html?gpp=&sid=2`);
    const body = await firstRequest(mock);
    expect(body).toMatchObject({ gdpr: '1', gpp_sid: '2' });
    expect(body.adpx_fp).toBeUndefined();
    expect(await storedKeys(page)).toEqual([]);
  });
});
