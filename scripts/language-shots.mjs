// Screenshots of the offer unit in German, Japanese and Arabic on a 360 px phone, for the demo
// gallery (demo/shots/unit-<lang>-360.png). Needs a build (`npm run build`) and Chromium; run with
// `node scripts/language-shots.mjs`. Each shot is the real unit against the mock offers service,
// the page's <html lang> set to the language.
import { settleAnimations } from './animations.mjs';
import { openDemo } from './demo-browser.mjs';

const LANGUAGES = ['de', 'ja', 'ar'];
const { service, browser, close } = await openDemo();
try {
  for (const language of LANGUAGES) {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 }, deviceScaleFactor: 2 });
    await page.goto(`${service.url}/language.html?lang=${language}`);
    const card = page.locator('adpx-offers [part~="offer"]').first();
    await card.getByRole('heading').waitFor();
    // Settled: every finite animation has finished and the image has loaded.
    await page.evaluate(settleAnimations);
    await page.waitForFunction(() => {
      const img = document.querySelector('adpx-offers')?.shadowRoot?.querySelector('img');
      return !img || img.complete;
    });
    const path = `demo/shots/unit-${language}-360.png`;
    await page.locator('adpx-offers').screenshot({ path });
    console.log(`wrote ${path}`);
    await page.close();
  }
} finally {
  await close();
}
