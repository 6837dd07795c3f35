/**
 * The unit's words in Firefox and WebKit: the counts it writes without `Intl` (0 to 999, in the
 * built-in languages but Arabic: src/i18n/messages.ts, LATIN_DIGITS) must read as this engine's
 * `Intl` writes them. (This test put Arabic out of that list: WebKitGTK writes ٠-٩.) And a page
 * that switches its `lang`: the unit asks again in the new language (decision 010). The same file
 * runs on every engine (a project each: playwright.config.ts).
 */
import { digitsIntlWritesOtherwise } from '../e2e/cases/digits.js';
import { LATIN_DIGITS } from '../src/i18n/messages.js';
import type { EnginePage } from './driver.js';
import { expect, hits, POLL, test } from './fixtures.js';
import { waitFor } from './page-helpers.js';

test('counts written without Intl read as this engine’s Intl writes them, in every language it lists', async ({
  ep,
  mock,
}) => {
  await ep.goto(`${mock.url}/engines/unit.html`);
  await waitFor(ep, '[part~="offer"]');
  const differing = await ep.evaluate(digitsIntlWritesOtherwise, [...LATIN_DIGITS]);
  expect(LATIN_DIGITS.size).toBe(13);
  expect(differing).toEqual([]);
});

/** The text of the first match through shadow roots (record.js's adpxFind), trimmed. */
function textOf(ep: EnginePage, selector: string): Promise<string | undefined> {
  return ep.evaluate((s) => {
    const find = (window as unknown as { adpxFind(s: string): HTMLElement[] }).adpxFind;
    return find(s)[0]?.textContent?.trim();
  }, selector);
}

test('a page that switches its language: one new request in it replaces the offers, the words follow; a payload’s language wins', async ({
  ep,
  mock,
}) => {
  const languages = () => mock.requests().map((r) => (r.body as Record<string, string>).language);
  const pixels = () => hits(mock, 'pixel');
  await ep.goto(`${mock.url}/engines/unit.html`);
  await expect.poll(() => pixels().length, POLL).toBe(1);
  expect(await textOf(ep, '[part~="progress"]')).toBe('1 of 3');

  await ep.evaluate(() => (document.documentElement.lang = 'de'));
  await expect.poll(() => textOf(ep, '[part~="progress"]'), POLL).toBe('1 von 3');
  await expect.poll(() => pixels().length, POLL).toBe(2);
  expect(languages()).toEqual(['en', 'de']);
  expect(pixels()[1]?.sessionId).not.toBe(pixels()[0]?.sessionId);
  expect(await textOf(ep, '[part~="advertiser"]')).toBe('Angebot von StreamMax');

  // The payload names a language (a new request, as any payload change): the page's next
  // language changes the words only. A reload would hide the offers until its answer came.
  await ep.evaluate(() => {
    const unit = document.querySelector('adpx-offers');
    if (unit) unit.payload = { language: 'it' };
  });
  await expect.poll(() => pixels().length, POLL).toBe(3);
  await ep.evaluate(() => (document.documentElement.lang = 'fr'));
  await expect.poll(() => textOf(ep, '[part~="advertiser"]'), POLL).toBe('Offre de StreamMax');
  expect(await textOf(ep, '[part~="progress"]')).toBe('1 sur 3');
  expect(await ep.evaluate(() => document.querySelector('adpx-offers')?.state)).toBe('shown');
  expect(languages()).toEqual(['en', 'de', 'it']);
});
