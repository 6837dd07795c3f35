import type { Page } from '@playwright/test';
import { installLifecycleProbe, ofType, probe } from './cases/lifecycle-probe.js';
import { expect, expectHits, hits, test } from './frameworks-fixtures.js';

/**
 * Single-page apps (docs/decisions/010-unit-removal.md): a unit removed by a route change counts as
 * left (close beacon when it was seen, `closed_ads` with reason `removed`, nothing after, nothing
 * held); a unit moved by the framework is not. Asserted on the beacons the mock service received
 * and on a test-only probe of observers, listeners and dispatched events (e2e/cases/lifecycle-probe.ts).
 */

const ROUTE_CHANGES = 20;

/** Takes the unit out of the page and keeps it, as a cached view (Vue's `<KeepAlive>`) does. */
const park = (page: Page) =>
  page.evaluate(() => {
    const unit = document.querySelector('adpx-offers');
    (window as unknown as { parked?: Element }).parked = unit ?? undefined;
    unit?.remove();
  });
/** Puts the parked unit back into `#slot`. */
const unpark = (page: Page) =>
  page.evaluate(() => {
    const unit = (window as unknown as { parked?: Element }).parked;
    if (unit) document.getElementById('slot')?.append(unit);
  });
const unitHeading = (page: Page) => page.locator('adpx-offers [part~="offer"]').getByRole('heading').first();

for (const name of ['react', 'vue'] as const) {
  test(`${name}: ${ROUTE_CHANGES} route changes through the history API: one load, one impression, one close per visit, nothing left behind`, async ({
    page,
    mock,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await installLifecycleProbe(page);
    await page.goto(`${mock.url}/frameworks/${name}/?page=account`);
    await expect(page.locator('#account')).toBeVisible();
    const baseline = await probe(page);
    expect(baseline.intersection + baseline.resize).toBe(0);

    let visits = 0;
    for (let change = 1; change <= ROUTE_CHANGES; change++) {
      const toCheckout = change % 2 === 1;
      if (toCheckout && change % 4 === 3)
        await page.goBack(); // popstate back to the checkout entry
      else await page.getByRole('link', { name: toCheckout ? 'Checkout' : 'Your account' }).click();

      if (toCheckout) {
        visits += 1;
        await expect(unitHeading(page)).toBeVisible();
        await expectHits(mock, 'pixel', visits);
        await expect(page.locator('#status')).toHaveText('3 offers, 1 seen');
        // While shown the unit holds what it needs: the probe sees it (so it can see it go).
        const shown = await probe(page);
        expect(shown.resize).toBeGreaterThan(0);
        expect(shown.listeners).toBeGreaterThan(baseline.listeners);
        if (visits === 1) await moveByFramework(page);
      } else {
        await expect(page.locator('#account')).toBeVisible();
        await expectHits(mock, 'close', visits);
        const left = await probe(page);
        expect(left.intersection).toBe(0);
        expect(left.resize).toBe(0);
        expect(left.listeners).toBe(baseline.listeners);
      }
    }

    // The service's record: one offers request, one pixel and one close per visit, each close in the
    // load (session) of its own pixel.
    expect(visits).toBe(ROUTE_CHANGES / 2);
    expect(mock.requests()).toHaveLength(visits);
    const pixels = hits(mock, 'pixel');
    const closes = hits(mock, 'close');
    expect(pixels).toHaveLength(visits);
    expect(closes).toHaveLength(visits);
    expect(new Set(pixels.map((p) => p.sessionId)).size).toBe(visits);
    expect(closes.map((c) => c.sessionId)).toEqual(pixels.map((p) => p.sessionId));

    // Events: each visit found, impressed and closed once, with reason `removed`; nothing else was
    // dispatched by a unit (or card) out of the document.
    const state = await probe(page);
    expect(ofType(state, 'adpx-ads-found')).toHaveLength(visits);
    expect(ofType(state, 'adpx-impression')).toHaveLength(visits);
    expect(ofType(state, 'adpx-closed-ads').map((e) => e.reason)).toEqual(Array(visits).fill('removed'));
    const detached = state.events.filter((e) => !e.connected);
    expect(detached).toEqual(
      Array(visits).fill({
        type: 'adpx-closed-ads',
        tag: 'adpx-offers',
        connected: false,
        reason: 'removed',
      }),
    );
    expect(errors).toEqual([]);
  });

  test(`${name}: leaving while the offers request is in flight aborts it; nothing fires, nothing is held`, async ({
    page,
    mock,
  }) => {
    await installLifecycleProbe(page);
    await page.goto(`${mock.url}/frameworks/${name}/?page=account`);
    await expect(page.locator('#account')).toBeVisible();
    const baseline = await probe(page);
    mock.queue({ delayMs: 30_000 });
    const aborted = page.waitForEvent('requestfailed', (request) => request.url().includes('/offers.json'));
    await page.getByRole('link', { name: 'Checkout' }).click();
    await expect.poll(() => mock.requests().length).toBe(1);
    await page.getByRole('link', { name: 'Your account' }).click();
    await expect(page.locator('#account')).toBeVisible();
    expect((await aborted).failure()?.errorText).toContain('ERR_ABORTED');

    const state = await probe(page);
    expect(state.events).toEqual([]);
    expect(state.intersection + state.resize).toBe(0);
    expect(state.listeners).toBe(baseline.listeners);
    expect(mock.beacons()).toEqual([]);
  });
}

/**
 * Reorders the checkout's keyed parts twice: React and Vue move the unit's node (removed and
 * inserted in one commit). The same element stays, nothing fires, no second request or impression.
 */
async function moveByFramework(page: Page): Promise<void> {
  const before = await probe(page);
  await page
    .locator('adpx-offers')
    .evaluate((unit) => ((unit as unknown as { probeMark: number }).probeMark = 1));
  await page.locator('#reorder').click();
  await expect(page.locator('#parts > :first-child')).toHaveId('summary');
  await page.locator('#reorder').click();
  await expect(page.locator('#parts > :first-child')).toHaveJSProperty('localName', 'adpx-offers');
  const after = await probe(page);
  expect(after.removals).toBeGreaterThan(before.removals);
  expect(
    await page
      .locator('adpx-offers')
      .evaluate((unit) => (unit as unknown as { probeMark?: number }).probeMark),
  ).toBe(1);
  // A removal is decided at the microtask after it: had the move counted as leaving, its
  // `closed_ads` would be in the record by now.
  expect(after.events).toEqual(before.events);
  await expect(unitHeading(page)).toBeVisible();
}

for (const layout of ['inline', 'popup'] as const) {
  test(`plain DOM, ${layout}: moved within one task is not leaving; re-inserted in a later task is a new visit`, async ({
    page,
    mock,
  }) => {
    await installLifecycleProbe(page);
    await page.goto(`${mock.url}/unit.html?layout=${layout}`);
    await expect(unitHeading(page)).toBeVisible();
    await expectHits(mock, 'pixel', 1);

    // Moves as frameworks make them: insertBefore on a connected node, remove + append.
    await page.evaluate(() => {
      const unit = document.querySelector('adpx-offers');
      const slot = unit?.parentElement;
      if (!unit || !slot) throw new Error('no unit');
      document.body.insertBefore(unit, document.body.firstChild);
      unit.remove();
      slot.append(unit);
    });
    await expect(unitHeading(page)).toBeVisible();
    expect((await probe(page)).events.filter((e) => e.type === 'adpx-closed-ads')).toEqual([]);
    const modal = await page
      .locator('adpx-offers')
      .evaluate((unit) => unit.shadowRoot?.querySelector('dialog')?.matches(':modal') ?? false);
    expect(modal).toBe(layout === 'popup');
    expect(
      await page.locator('adpx-offers').evaluate((unit) => (unit as HTMLElement & { state: string }).state),
    ).toBe('shown');

    // Removed, and inserted again in a later task: it left (close, `removed`), then loads afresh.
    await park(page);
    await expectHits(mock, 'close', 1);
    await unpark(page);
    await expectHits(mock, 'pixel', 2);
    await expect(unitHeading(page)).toBeVisible();

    // Closing it now is the sync point: the close of the second load, and `user`.
    await page.getByRole('button', { name: 'Close' }).first().click();
    await expectHits(mock, 'close', 2);
    expect(mock.requests()).toHaveLength(2);
    const pixels = hits(mock, 'pixel');
    expect(hits(mock, 'close').map((c) => c.sessionId)).toEqual(pixels.map((p) => p.sessionId));
    const closed = ofType(await probe(page), 'adpx-closed-ads');
    expect(closed.map((e) => e.reason)).toEqual(['removed', 'user']);
  });
}

test('plain DOM, popup: back for a new visit before the next frame, the new visit stays up (the old dialog’s late `close` is not a dismissal)', async ({
  page,
  mock,
}) => {
  await installLifecycleProbe(page);
  await page.goto(`${mock.url}/unit.html?layout=popup&manual`);
  await page.evaluate(async () => {
    // The unit's element is defined a few tasks after the page's load (decision 016).
    await customElements.whenDefined('adpx-offers');
    const unit = document.querySelector('adpx-offers') as HTMLElement & {
      load(): Promise<number>;
      show(): boolean;
    };
    await unit.load();
    unit.show();
  });
  await expect(unitHeading(page)).toBeVisible();
  await expectHits(mock, 'pixel', 1);

  // Left (decided at the microtask after the removal: the dialog is closed then, and Chromium
  // reports that `close` at the next frame), and back with a new response, shown, in the same task.
  const states = await page.evaluate(async () => {
    type Unit = HTMLElement & { state: string; response: unknown; show(): boolean };
    const unit = document.querySelector('adpx-offers') as Unit;
    const fresh = JSON.parse(JSON.stringify(unit.response)) as unknown;
    const slot = unit.parentElement;
    unit.remove();
    await Promise.resolve();
    const left = unit.state;
    slot?.append(unit);
    unit.response = fresh;
    unit.show();
    const back = unit.state;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const modal = unit.shadowRoot?.querySelector('dialog')?.matches(':modal') ?? false;
    return { left, back, later: unit.state, modal };
  });
  expect(states).toEqual({ left: 'closed', back: 'shown', later: 'shown', modal: true });
  await expectHits(mock, 'pixel', 2);
  expect(hits(mock, 'close')).toHaveLength(1);
  expect(ofType(await probe(page), 'adpx-closed-ads').map((e) => e.reason)).toEqual(['removed']);
});

/**
 * A unit that stays on the page while the app changes what it asks for (a route change reusing
 * the element, a framework binding a new placement or payload): decisions/010, "Asked again".
 */
test.describe('request options changed after a load', () => {
  test('one new request for options set in a row; the offers on screen count as left; equal values ask nothing', async ({
    page,
    mock,
  }) => {
    await installLifecycleProbe(page);
    await page.goto(`${mock.url}/unit.html`);
    await expect(unitHeading(page)).toBeVisible();
    await expectHits(mock, 'pixel', 1);

    // As a framework binding sets them, in one task: an attribute, another, a payload object.
    await page.evaluate(() => {
      const unit = document.querySelector('adpx-offers');
      if (!unit) throw new Error('no unit');
      unit.setAttribute('placement', 'confirmation');
      unit.setAttribute('loyaltyboost', '2');
      unit.payload = { order_id: 'o-2' };
    });
    await expectHits(mock, 'pixel', 2);
    await expect(unitHeading(page)).toBeVisible();
    expect(mock.requests()).toHaveLength(2);
    expect(mock.requests()[1]?.body).toMatchObject({ placement: 'confirmation', order_id: 'o-2' });
    expect(mock.requests()[1]?.query.loyaltyboost).toBe('2');
    // The first load's offers were seen, then taken away: its close beacon, in its own session.
    await expectHits(mock, 'close', 1);
    const pixels = hits(mock, 'pixel');
    expect(hits(mock, 'close').map((c) => c.sessionId)).toEqual([pixels[0]?.sessionId]);
    expect(pixels[1]?.sessionId).not.toBe(pixels[0]?.sessionId);
    // The unit stayed up for the new offers: found twice, never closed.
    const events = await probe(page);
    expect(ofType(events, 'adpx-ads-found')).toHaveLength(2);
    expect(ofType(events, 'adpx-closed-ads')).toEqual([]);

    // A re-render that sets the same values (a new but equal payload object) starts no load.
    const state = await page.evaluate(async () => {
      const unit = document.querySelector('adpx-offers');
      if (!unit) throw new Error('no unit');
      unit.payload = { order_id: 'o-2' };
      unit.setAttribute('placement', 'confirmation');
      await unit.updateComplete;
      return unit.state;
    });
    expect(state).toBe('shown');
    expect(mock.requests()).toHaveLength(2);
  });

  test('changed while the first load is in flight: that request is aborted and the new one is shown', async ({
    page,
    mock,
  }) => {
    await installLifecycleProbe(page);
    mock.queue({ delayMs: 30_000 });
    const aborted = page.waitForEvent('requestfailed', (request) => request.url().includes('/offers.json'));
    await page.goto(`${mock.url}/unit.html`);
    await expect.poll(() => mock.requests().length).toBe(1);
    await page.evaluate(() =>
      document.querySelector('adpx-offers')?.setAttribute('placement', 'confirmation'),
    );
    await expect.poll(() => mock.requests().length).toBe(2);
    expect((await aborted).failure()?.errorText).toContain('ERR_ABORTED');
    await expect(unitHeading(page)).toBeVisible();
    await expectHits(mock, 'pixel', 1);
    expect(mock.requests()).toHaveLength(2);
    expect(mock.requests()[1]?.body).toMatchObject({ placement: 'confirmation' });
    // Aborted by the new load (swallowed), not timed out (an `error` event): found once, no error.
    const events = await probe(page);
    expect(events.events.map((e) => e.type).filter((type) => type !== 'adpx-offer-shown')).toEqual([
      'adpx-ads-found',
      'adpx-impression',
    ]);
    expect(hits(mock, 'close')).toEqual([]);
  });

  test('manual: a changed option loads nothing by itself; the next load() asks with it', async ({
    page,
    mock,
  }) => {
    await page.goto(`${mock.url}/unit.html?manual`);
    const state = await page.evaluate(async () => {
      // The unit's element is defined a few tasks after the page's load (decision 016).
      await customElements.whenDefined('adpx-offers');
      const unit = document.querySelector('adpx-offers');
      if (!unit) throw new Error('no unit');
      await unit.load();
      unit.show();
      unit.setAttribute('placement', 'confirmation');
      await unit.updateComplete;
      return unit.state;
    });
    expect(state).toBe('shown');
    expect(mock.requests()).toHaveLength(1);
    await page.evaluate(() => document.querySelector('adpx-offers')?.load());
    expect(mock.requests()).toHaveLength(2);
    expect(mock.requests()[1]?.body).toMatchObject({ placement: 'confirmation' });
  });
});

test('plain DOM: a unit given a response (no api-key), parked and inserted again later, shows it again as a new visit', async ({
  page,
  mock,
}) => {
  await installLifecycleProbe(page);
  await page.goto(`${mock.url}/unit.html?manual`);
  // The host fetched the response itself (API prefetch) and gives it to a unit with no api-key.
  await page.evaluate(async () => {
    document.querySelector('adpx-offers')?.remove();
    const answer = await fetch('/native/v2/offers.json?api_key=test-key', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ placement: 'checkout' }),
    });
    const unit = document.createElement('adpx-offers');
    unit.response = (await answer.json()) as unknown;
    document.getElementById('slot')?.append(unit);
  });
  await expect(unitHeading(page)).toBeVisible();
  await expectHits(mock, 'pixel', 1);

  // Parked, as a cached view (Vue's <KeepAlive>) does: it left, seen, so its close beacon.
  await park(page);
  await expectHits(mock, 'close', 1);
  await unpark(page);
  // Back: the supplied response again, as a new load (found, shown, its impression counted anew).
  await expect(unitHeading(page)).toBeVisible();
  await expectHits(mock, 'pixel', 2);
  await page.getByRole('button', { name: 'Close' }).first().click();
  await expectHits(mock, 'close', 2);
  expect(mock.requests()).toHaveLength(1); // the host's own fetch: the unit asked nothing
  const state = await probe(page);
  expect(ofType(state, 'adpx-ads-found')).toHaveLength(2);
  expect(ofType(state, 'adpx-closed-ads').map((e) => e.reason)).toEqual(['removed', 'user']);
});
