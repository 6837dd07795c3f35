import { animationsSettled, expect, test } from './fixtures.js';

// The helpers other specs rely on: a helper that waits for nothing makes every assertion after it a
// race (a popup's geometry read mid-rise read 4.7 px off centre under load in Chromium 150).
test.describe('test helpers', () => {
  test('animationsSettled waits for animations inside nested shadow roots', async ({ page }) => {
    await page.setContent('<!doctype html><title>helpers</title><body></body>');
    const started = await page.evaluate(() => {
      const outer = document.body.appendChild(document.createElement('div')).attachShadow({ mode: 'open' });
      const inner = outer.appendChild(document.createElement('div')).attachShadow({ mode: 'open' });
      const box = inner.appendChild(document.createElement('div'));
      // Long enough never to end by itself during the test: the test ends it, once the helper waits.
      const animation = box.animate([{ opacity: 0 }, { opacity: 1 }], 600_000);
      (window as unknown as { probe: Animation }).probe = animation;
      return animation.playState;
    });
    expect(started).toBe('running');
    // The page runs the helper's evaluate up to its wait before the next evaluate (CDP keeps their
    // order), so the helper has seen the animation when the second call finishes it. A 400 ms
    // animation could end before the helper looked, on a loaded machine (CI: 0 seen).
    const settled = animationsSettled(page);
    await page.evaluate(() => (window as unknown as { probe: Animation }).probe.finish());
    expect(await settled).toBeGreaterThanOrEqual(1);
    expect(await page.evaluate(() => (window as unknown as { probe: Animation }).probe.playState)).toBe(
      'finished',
    );
  });

  test('animationsSettled ignores infinite animations and returns at once without any', async ({ page }) => {
    await page.setContent('<!doctype html><title>helpers</title><body></body>');
    await page.evaluate(() => {
      const root = document.body.appendChild(document.createElement('div')).attachShadow({ mode: 'open' });
      root.appendChild(document.createElement('div')).animate([{ opacity: 0 }, { opacity: 1 }], {
        duration: 1000,
        iterations: Infinity,
      });
    });
    expect(await animationsSettled(page)).toBe(0);
  });
});
