import type {} from '@vitest/browser-playwright';
import type { CDPSession } from '@playwright/test';
import type { BrowserCommand } from 'vitest/node';

/**
 * Browser commands of the component tests (vitest.browser.config.ts): what a test in the page asks
 * Playwright to change about the browser around it. Declared for the tests in test/components/dom.ts.
 */

/** `prefers-color-scheme`, `prefers-reduced-motion` and `forced-colors` of the page. */
const emulateMedia: BrowserCommand<
  [
    media: {
      colorScheme?: 'light' | 'dark' | null;
      reducedMotion?: 'reduce' | 'no-preference' | null;
      forcedColors?: 'active' | 'none' | null;
    },
  ]
> = async ({ page }, media) => {
  await page.emulateMedia(media);
};

const sessions = new WeakMap<object, CDPSession>();

/**
 * The device pixel ratio of the page (a 2x or 3x screen), or the real one again with `null`. Kept
 * in one CDP session per page: the override lasts as long as the session that set it.
 */
const setDeviceScaleFactor: BrowserCommand<[scale: number | null]> = async ({ page }, scale) => {
  const cdp = sessions.get(page) ?? (await page.context().newCDPSession(page));
  sessions.set(page, cdp);
  if (scale === null) await cdp.send('Emulation.clearDeviceMetricsOverride');
  else
    await cdp.send('Emulation.setDeviceMetricsOverride', {
      width: 0,
      height: 0,
      deviceScaleFactor: scale,
      mobile: false,
    });
};

export const commands = { emulateMedia, setDeviceScaleFactor };
