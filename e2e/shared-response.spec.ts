import type { Page } from '@playwright/test';
import { expect, expectHits, hits, quiet, test, watchFetches } from './fixtures.js';

/**
 * One response, one count (decision 002): the same response object given to two units (or to the
 * launcher's `setApiResponse` and a unit) counts each offer once, whichever unit shows it first;
 * an equal copy is a load of its own and counts again. Asserted on the beacons the mock received.
 *
 * A negative check ends with a person's No thanks in the unit that came second: a click counts the
 * card's impression first when its unit has not counted it (decision 002), so a pixel that unit
 * owed would be on the wire before the click's own beacon, which the test waits for.
 */

type Unit = HTMLElement & { response: unknown; show(): boolean; next(): void };

/** A response as the host's own code would fetch it from the service. */
async function fetchResponse(base: string): Promise<unknown> {
  const answer = await fetch(`${base}/native/v2/offers.json?api_key=test-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ placement: 'checkout' }),
  });
  return answer.json();
}

/** Pixel (and adv pixel, No thanks) counts by offer id. */
function byOffer(mock: Parameters<typeof hits>[0], kind: Parameters<typeof hits>[1]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const b of hits(mock, kind)) out[b.offerId] = (out[b.offerId] ?? 0) + 1;
  return out;
}

function annotate(step: string, mock: Parameters<typeof hits>[0]): void {
  const counts = { pixel: byOffer(mock, 'pixel'), no_thanks_click: byOffer(mock, 'no_thanks_click') };
  test.info().annotations.push({ type: 'beacons', description: `${step}: ${JSON.stringify(counts)}` });
}

const decline = (page: Page, unit: string) => page.locator(`${unit} [part~="decline"]`);

/** Units #a and #b given `raw` (both the same object, or B an equal copy of it), then shown. */
async function showInBoth(page: Page, raw: unknown, given: 'same object' | 'equal copy'): Promise<void> {
  await page.evaluate(
    ({ response, copy }) => {
      const [a, b] = ['a', 'b'].map((id) => document.getElementById(id) as Unit);
      if (!a || !b) throw new Error('no units');
      a.response = response;
      b.response = copy ? structuredClone(response) : response;
      a.show();
      b.show();
    },
    { response: raw, copy: given === 'equal copy' },
  );
}

test.beforeEach(async ({ page, mock }) => {
  await watchFetches(page);
  await page.goto(`${mock.url}/two-units.html`);
});

test('the same object in two units: each offer counted once, whichever unit shows it first', async ({
  page,
  mock,
}) => {
  const raw = await fetchResponse(mock.url);
  await showInBoth(page, raw, 'same object');
  await expect(page.locator('#a [part~="offer"]').getByRole('heading')).toBeVisible();
  await expect(page.locator('#b [part~="offer"]').getByRole('heading')).toBeVisible();
  await expectHits(mock, 'pixel', 1, 1001);
  // B's No thanks on 1001, then B shows 1002 and counts it.
  await decline(page, '#b').click();
  await expectHits(mock, 'no_thanks_click', 1, 1001);
  await expectHits(mock, 'pixel', 1, 1002);
  // A steps to 1002 (counted by B) and a person declines it there.
  await page.evaluate(() => (document.getElementById('a') as Unit).next());
  await decline(page, '#a').click();
  await expectHits(mock, 'no_thanks_click', 1, 1002);
  // A goes on to 1003 and counts it.
  await expectHits(mock, 'pixel', 1, 1003);
  await quiet(page, mock);
  annotate('one object, two units', mock);
  expect(byOffer(mock, 'pixel')).toEqual({ 1001: 1, 1002: 1, 1003: 1 });
  expect(byOffer(mock, 'adv_pixel')).toEqual({ 1001: 1, 1002: 1, 1003: 1 });
  expect(byOffer(mock, 'no_thanks_click')).toEqual({ 1001: 1, 1002: 1 });
});

test('an equal copy (structuredClone, JSON re-parsed) counts again: one pixel per unit', async ({
  page,
  mock,
}) => {
  const raw = await fetchResponse(mock.url);
  await showInBoth(page, raw, 'equal copy');
  await expectHits(mock, 'pixel', 2, 1001);
  await quiet(page, mock);
  annotate('an equal copy', mock);
  expect(byOffer(mock, 'pixel')).toEqual({ 1001: 2 });

  // The same in a JSON string given to each (re-parsed: a new object each time).
  mock.reset();
  await page.evaluate((json) => {
    for (const id of ['a', 'b']) {
      const unit = document.getElementById(id) as Unit;
      unit.response = JSON.parse(json);
      unit.show();
    }
  }, JSON.stringify(raw));
  await expectHits(mock, 'pixel', 2, 1001);
  await quiet(page, mock);
  expect(byOffer(mock, 'pixel')).toEqual({ 1001: 2 });
});

test("the launcher's setApiResponse and a unit given the same object: counted once", async ({
  page,
  mock,
}) => {
  const raw = await fetchResponse(mock.url);
  await page.evaluate((response) => {
    const b = document.getElementById('b') as Unit;
    (window as unknown as { shared: unknown }).shared = response;
    b.response = response;
    b.show();
  }, raw);
  await expectHits(mock, 'pixel', 1, 1001);
  // The same object: the one unit B was given, kept in the page.
  const shown = await page.evaluate(async (endpoint) => {
    const w = window as unknown as { Adpx: NonNullable<Window['Adpx']>; shared: unknown };
    await w.Adpx.init({ accountId: 'test-key', endpoint, autoLoad: false, autoShow: true });
    await w.Adpx.setApiResponse(w.shared);
    return w.Adpx.reload();
  }, mock.url);
  expect(shown).toBe(true);
  // The launcher's unit shows 1001, already counted; a person declines it there.
  await decline(page, 'adpx-offers:not([id])').click();
  await expectHits(mock, 'no_thanks_click', 1, 1001);
  // The launcher goes on to 1002 and counts it.
  await expectHits(mock, 'pixel', 1, 1002);
  await quiet(page, mock);
  annotate('setApiResponse and a unit', mock);
  expect(byOffer(mock, 'pixel')).toEqual({ 1001: 1, 1002: 1 });
  expect(byOffer(mock, 'adv_pixel')).toEqual({ 1001: 1, 1002: 1 });
});
