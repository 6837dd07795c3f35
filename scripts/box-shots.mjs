// Screenshots of the unit in each box whose width comes from its content (issue 38; the page is
// e2e/pages/boxes.html): `node scripts/box-shots.mjs` writes docs/shots/boxes/<box>-{390,1280}.png,
// the page down to the bottom of the unit, at that viewport width. Needs a build (`npm run build`)
// and Chromium. Each shot waits for states: the unit shown, its headline drawn, images loaded,
// animations finished.
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { PNG } from 'pngjs';
import { createMockOffersService } from '../dist/server/mock/index.js';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { flatImages, indexedPng, settle } from './png-shots.mjs';

const BOXES = [
  'flex',
  'grid',
  'table',
  'float',
  'inline-block',
  'absolute',
  'fit-content',
  'dialog',
  'popover',
];
const WIDTHS = [390, 1280];
const dir = 'docs/shots/boxes';
mkdirSync(dir, { recursive: true });

const service = await createMockOffersService({
  static: [
    { prefix: '/dist/', dir: 'dist' },
    { prefix: '/', dir: 'e2e/pages' },
  ],
});
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  for (const width of WIDTHS) {
    for (const box of BOXES) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await flatImages(page);
      await page.goto(`${service.url}/boxes.html?box=${box}`);
      await page.waitForFunction(() => document.getElementById('unit')?.state === 'shown');
      await page.locator('#unit [part~="headline"]').filter({ visible: true }).first().waitFor();
      await settle(page);
      // Down to the lowest of the box and the page's content, 16 px below.
      const bottom = await page.evaluate(() =>
        Math.max(
          ...['#box', '#slot'].map(
            (selector) => document.querySelector(selector).getBoundingClientRect().bottom,
          ),
        ),
      );
      const shot = await page.screenshot({ clip: { x: 0, y: 0, width, height: Math.ceil(bottom) + 16 } });
      const file = `${dir}/${box}-${width}.png`;
      writeFileSync(file, indexedPng(PNG.sync.read(shot)));
      console.log(`wrote ${file}`);
      await page.close();
    }
  }
} finally {
  await browser.close();
  await service.close();
}
