import { expect, expectHits, FRAMEWORKS, hits, test } from './frameworks-fixtures.js';

/**
 * Each framework example (demo/frameworks/<name>, built with the real framework) renders the unit
 * with a payload object set as a property, hears its events and reacts to `adpx-closed-ads`.
 */
for (const name of FRAMEWORKS) {
  test(`${name}: renders the unit, sends the payload property, fires the impression and reacts to close`, async ({
    page,
    mock,
  }) => {
    // Angular binds [endpoint] and [payload] after inserting the element.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    await page.goto(`${mock.url}/frameworks/${name}/`);
    await expect(page.locator(`main[data-framework="${name}"]`)).toBeVisible();
    const card = page.locator('adpx-offers [part~="offer"]');
    await expect(card.getByRole('heading').first()).toBeVisible();

    // The payload object reached the service as body keys: it was set as a property, not as a
    // "[object Object]" attribute.
    await expect.poll(() => mock.requests().length).toBe(1);
    expect(mock.requests()[0]?.query.api_key).toBe('test-key');
    expect(mock.requests()[0]?.body).toMatchObject({
      placement: 'checkout',
      order_id: `${name}-1001`,
      framework: name,
    });
    expect(await page.locator('adpx-offers').getAttribute('payload')).toBeNull();

    // adpx-ads-found and adpx-impression reached the framework's handlers.
    await expectHits(mock, 'pixel', 1);
    await expect(page.locator('#status')).toHaveText('3 offers, 1 seen');

    // Close: the close beacon, then the framework's own "closed" UI from adpx-closed-ads.
    await page.getByRole('button', { name: 'Close' }).click();
    await expectHits(mock, 'close', 1);
    await expect(page.locator('#status')).toHaveText('Offers closed (user)');
    await expect(page.locator('adpx-offers')).toHaveCount(0);
    expect(hits(mock, 'close')[0]?.offerId).toBe(hits(mock, 'pixel')[0]?.offerId);
    expect(errors).toEqual([]);
  });
}
