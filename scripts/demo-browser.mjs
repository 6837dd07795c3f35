// The demo pages (demo/) and the SDK build (dist/) served by the mock offers service on loopback,
// and the system Chromium to look at them: what the screenshot scripts (shots.mjs,
// language-shots.mjs) start from. Needs a build (`npm run build`).
import { chromium } from '@playwright/test';
import { createMockOffersService } from '../dist/server/mock/index.js';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

/** The running service and browser; `close()` stops both. */
export async function openDemo() {
  const service = await createMockOffersService({
    static: [
      { prefix: '/dist/', dir: 'dist' },
      { prefix: '/', dir: 'demo' },
    ],
  });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const close = async () => {
    await browser.close();
    await service.close();
  };
  return { service, browser, close };
}
