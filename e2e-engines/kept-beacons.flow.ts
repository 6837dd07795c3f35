/**
 * No impression lost to a bad network, in Firefox and WebKit (decision 015). Their drivers have no
 * offline switch, so the mock drops every beacon GET for a while (`failBeacons('all')`: the
 * connection is destroyed, the page's fetch rejects as on a lost network). A beacon given up after
 * its retries is kept, and arrives exactly once when the network is back (`online`) or when the
 * site is opened again. Asserted on what the mock received, by the load's session id.
 */
import type { EnginePage } from './driver.js';
import { expect, hits, POLL, test } from './fixtures.js';
import { clickOn, scrollCardIntoView, waitFor, waitForLog } from './page-helpers.js';
import type { MockOffersService } from '../src/server/mock/index.js';

function countsOf(mock: MockOffersService, session: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const b of mock.beacons().filter((hit) => hit.sessionId === session))
    out[b.kind] = (out[b.kind] ?? 0) + 1;
  return out;
}

function sessionOf(ep: EnginePage): Promise<string> {
  return ep.evaluate(
    () =>
      (document.querySelector('adpx-offers') as HTMLElement & { response?: { session_id?: string } }).response
        ?.session_id ?? '',
  );
}

/** Our kept-beacon keys in localStorage, and whether the engine has Web Locks. */
function storage(ep: EnginePage): Promise<{ kept: string[]; locks: boolean }> {
  return ep.evaluate(() => ({
    kept: Object.keys(localStorage).filter((k) => k.startsWith('adpx:beacon:')),
    locks: typeof navigator.locks?.request === 'function',
  }));
}

async function keptLogged(ep: EnginePage, kind: string): Promise<void> {
  await waitForLog(ep, new RegExp(`\\] B1 \\S*/beacon/${kind}/`));
}

test('a network gap as the card comes into view: kept, then sent once on online and never again', async ({
  ep,
  mock,
}) => {
  await ep.goto(`${mock.url}/engines/unit.html?before=3000&debug`);
  await waitFor(ep, '[part~="offer"]');
  await waitForLog(ep, /rule does not hold: ratio 0\.000/);
  const session = await sessionOf(ep);
  mock.failBeacons('all');
  await scrollCardIntoView(ep);
  await keptLogged(ep, 'pixel');
  await keptLogged(ep, 'adv_pixel');
  expect(countsOf(mock, session)).toEqual({});
  const kept = await storage(ep);
  test.info().annotations.push({ type: 'kept', description: JSON.stringify(kept) });
  expect(kept.locks).toBe(true);
  expect(kept.kept).toHaveLength(2);

  // The network is back; the browser says so with `online` (the driver has no switch to flip it).
  mock.failBeacons(0);
  await ep.evaluate(() => dispatchEvent(new Event('online')));
  await expect.poll(() => countsOf(mock, session), POLL).toEqual({ pixel: 1, adv_pixel: 1 });
  expect((await storage(ep)).kept).toEqual([]);

  // Online again later, and the site opened again: nothing of that load twice (its close, of
  // leaving the page, once).
  await ep.evaluate(() => dispatchEvent(new Event('online')));
  await ep.goto(`${mock.url}/engines/unit.html?debug`);
  await expect.poll(() => hits(mock, 'pixel').length, POLL).toBe(2);
  expect(countsOf(mock, session)).toEqual({ pixel: 1, adv_pixel: 1, close: 1 });
});

test('a No thanks and the next pixel lost to the network arrive once when the site is opened again', async ({
  ep,
  mock,
}) => {
  await ep.goto(`${mock.url}/engines/unit.html?debug`);
  await waitFor(ep, '[part~="offer"]');
  const session = await sessionOf(ep);
  await expect.poll(() => countsOf(mock, session), POLL).toEqual({ pixel: 1, adv_pixel: 1 });
  mock.failBeacons('all');
  await clickOn(ep, '[part~="decline"]');
  await keptLogged(ep, 'no_thanks_click');
  await keptLogged(ep, 'pixel');
  await keptLogged(ep, 'adv_pixel');
  expect(countsOf(mock, session)).toEqual({ pixel: 1, adv_pixel: 1 });
  expect((await storage(ep)).kept).toHaveLength(3);

  // Back before the page is left: its close on pagehide goes at once; the kept ones wait for a load.
  mock.failBeacons(0);
  await ep.goto(`${mock.url}/landing?left=1`);
  await expect.poll(() => countsOf(mock, session).close ?? 0, POLL).toBe(1);
  await ep.goto(`${mock.url}/engines/unit.html?debug`);
  await expect
    .poll(() => countsOf(mock, session), POLL)
    .toEqual({ pixel: 2, adv_pixel: 2, no_thanks_click: 1, close: 1 });
  await waitFor(ep, '[part~="offer"]');
  const again = await sessionOf(ep);
  await expect.poll(() => countsOf(mock, again), POLL).toEqual({ pixel: 1, adv_pixel: 1 });
  // Opened once more: still once.
  await ep.goto(`${mock.url}/engines/unit.html?debug`);
  await waitFor(ep, '[part~="offer"]');
  const third = await sessionOf(ep);
  await expect.poll(() => countsOf(mock, third), POLL).toEqual({ pixel: 1, adv_pixel: 1 });
  expect(countsOf(mock, session)).toEqual({ pixel: 2, adv_pixel: 2, no_thanks_click: 1, close: 1 });
});
