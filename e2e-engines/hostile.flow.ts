/**
 * The hostile pages (e2e/pages/hostile/, docs/decisions/014) in Firefox and WebKit: a library that
 * replaced or extended the built-ins, loaded before the SDK and after it. Each page must give what
 * a clean page gives: the offers POST the service received, a rendered card, one impression
 * pixel, and no page error (record.js keeps uncaught errors and unhandled rejections). What the
 * flow reads back from the page is a string: a WebDriver serialises an array or an object with the
 * page's JSON and `for…in`, which these pages changed (Prototype's Array#toJSON, junk on
 * Object.prototype).
 */
import { counts, expect, expectHits, test } from './fixtures.js';
import { waitFor } from './page-helpers.js';

const PAGES = [
  { page: 'mootools', library: 'MooTools 1.6.0 (compat)' },
  { page: 'prototype', library: 'Prototype 1.6.1' },
  { page: 'wrappers', library: 'fetch/JSON/addEventListener wrappers' },
  { page: 'junk', library: 'enumerable junk on Object.prototype and Array.prototype' },
  { page: 'zone', library: 'zone.js 0.16.3' },
  { page: 'ses', library: 'SES 2.3.0 lockdown()' },
  { page: 'frozen', library: 'built-in prototypes frozen by hand' },
] as const;

for (const { page, library } of PAGES) {
  for (const order of ['before', 'after'] as const) {
    test(`${library}, loaded ${order} the SDK: request, card, one pixel, no page error`, async ({
      ep,
      mock,
    }) => {
      await ep.goto(`${mock.url}/hostile/${page}.html?order=${order}&record`);
      await waitFor(ep, '[part~="headline"]');
      const headline = await ep.evaluate(
        () =>
          (window as unknown as { adpxFind(s: string): HTMLElement[] })
            .adpxFind('[part~="headline"]')[0]
            ?.textContent?.trim() ?? '',
      );
      expect(headline).not.toBe('');
      await expectHits(mock, 'pixel', 1);
      const errors = await ep.evaluate(() =>
        (window as unknown as { adpxErrors: string[] }).adpxErrors.join('\n'),
      );

      // Leaving sends the close beacon: once it has arrived, so has anything sent before it.
      await ep.goto(`${mock.url}/landing?left=${page}`);
      await expectHits(mock, 'close', 1);
      expect(counts(mock)).toEqual({ pixel: 1, adv_pixel: 1, close: 1 });
      const requests = mock.requests();
      expect(requests).toHaveLength(1);
      expect(requests[0]?.status).toBe(200);
      const body = requests[0]?.body as Record<string, unknown>;
      expect(body.placement).toBe('checkout');
      expect(Object.values(body).filter((v) => typeof v !== 'string')).toEqual([]);
      expect(errors).toBe('');
    });
  }
}
