/**
 * The unit's words in Firefox and WebKit: the counts it writes without `Intl` (0 to 999, in the
 * built-in languages but Arabic: src/i18n/messages.ts, LATIN_DIGITS) must read as this engine's
 * `Intl` writes them. (This test put Arabic out of that list: WebKitGTK writes ٠-٩.) The same file
 * runs on every engine (a project each: playwright.config.ts).
 */
import { digitsIntlWritesOtherwise } from '../e2e/cases/digits.js';
import { LATIN_DIGITS } from '../src/i18n/messages.js';
import { expect, test } from './fixtures.js';
import { waitFor } from './page-helpers.js';

test('counts written without Intl read as this engine’s Intl writes them, in every language it lists', async ({
  ep,
  mock,
}) => {
  await ep.goto(`${mock.url}/engines/unit.html`);
  await waitFor(ep, 'adpx-offer');
  const differing = await ep.evaluate(digitsIntlWritesOtherwise, [...LATIN_DIGITS]);
  expect(LATIN_DIGITS.size).toBe(12);
  expect(differing).toEqual([]);
});
