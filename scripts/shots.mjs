// Before / after screenshots of the demo pages, for reviewing a visual change in the repository:
// `node scripts/shots.mjs <label>` writes docs/shots/<label>/gallery-{360,1280}.png (the gallery
// page at that viewport width: its inline unit, its list unit down to the second card, the first
// row of its standalone cards) and languages-{360,1280}.png (language.html's unit in German,
// Japanese and Arabic). Needs a build (`npm run build`) and Chromium. Each shot waits for states:
// every unit shown, every card's headline rendered, images loaded, animations finished. The files
// are 256-colour PNGs with flat placeholder pictures, a few dozen KB each.
import { mkdirSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { openDemo } from './demo-browser.mjs';
import { flatImages, indexedPng, settle } from './png-shots.mjs';

const label = process.argv[2];
if (!label || !/^[\w-]+$/.test(label)) {
  console.error('usage: node scripts/shots.mjs <label>   (for example before, after)');
  process.exit(1);
}
const WIDTHS = [360, 1280];
const LANGUAGES = ['de', 'ja', 'ar'];
const dir = `docs/shots/${label}`;
mkdirSync(dir, { recursive: true });

/**
 * The pictures in one, on the gallery's background with a 16 px margin: side by side, or one
 * under the other (`stacked`).
 */
function compose(images, stacked) {
  const gap = 16;
  const along = (image) => (stacked ? image.height : image.width);
  const across = (image) => (stacked ? image.width : image.height);
  const length = images.reduce((sum, image) => sum + along(image) + gap, gap);
  const breadth = Math.max(...images.map(across)) + 2 * gap;
  const out = new PNG({ width: stacked ? breadth : length, height: stacked ? length : breadth });
  for (let i = 0; i < out.data.length; i += 4) out.data.set([245, 246, 249, 255], i);
  let offset = gap;
  for (const image of images) {
    const [x, y] = stacked ? [gap, offset] : [offset, gap];
    PNG.bitblt(image, out, 0, 0, image.width, image.height, x, y);
    offset += along(image) + gap;
  }
  return out;
}

/** The part of a picture inside a box (CSS px, the page's coordinates at a scale of 1). */
function crop(image, { x, y, width, height }) {
  const [left, top] = [Math.max(0, Math.floor(x)), Math.max(0, Math.floor(y))];
  const w = Math.min(Math.ceil(x + width), image.width) - left;
  const h = Math.min(Math.ceil(y + height), image.height) - top;
  const out = new PNG({ width: w, height: h });
  PNG.bitblt(image, out, left, top, w, h, 0, 0);
  return out;
}

/** The box of an element, cut off below the bottom of `last` (an element inside it). */
async function boxDownTo(element, last) {
  const box = await element.boundingBox();
  const end = await last.boundingBox();
  return { ...box, height: end.y + end.height - box.y + 12 };
}

const { service, browser, close } = await openDemo();
try {
  for (const width of WIDTHS) {
    // The gallery: the inline and list units shown, the eight cards with their headlines.
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    await flatImages(page);
    await page.goto(`${service.url}/gallery.html`);
    for (const id of ['inline-unit', 'list-unit']) {
      await page.waitForFunction((unitId) => document.getElementById(unitId)?.state === 'shown', id);
    }
    await page.locator('#cards[aria-busy="false"]').waitFor();
    const cards = page.locator('#cards adpx-offer');
    const count = await cards.count();
    for (let i = 0; i < count; i++)
      await cards.nth(i).locator('[part~="headline"]').filter({ visible: true }).first().waitFor();
    await page.locator('#inline-unit [part~="headline"]').filter({ visible: true }).first().waitFor();
    await page.locator('#list-unit [part~="headline"]').filter({ visible: true }).first().waitFor();
    await settle(page);
    // The SDK's parts of it, to keep the file small: the inline unit, the list unit down to its
    // second card, and the first row of the standalone cards.
    const shot = PNG.sync.read(await page.screenshot({ fullPage: true }));
    const inline = page.locator('#inline-unit');
    const list = page.locator('#list-unit');
    const items = page.locator('#cards > li');
    const [first, second] = [await items.nth(0).boundingBox(), await items.nth(1).boundingBox()];
    const firstRow = second.y === first.y ? items.nth(1) : items.nth(0);
    const regions = [
      await inline.boundingBox(),
      await boxDownTo(list, list.locator('[part~="card"]').nth(1)),
      await boxDownTo(page.locator('#cards'), firstRow),
    ];
    const gallery = `${dir}/gallery-${width}.png`;
    writeFileSync(
      gallery,
      indexedPng(
        compose(
          regions.map((region) => crop(shot, region)),
          true,
        ),
      ),
    );
    console.log(`wrote ${gallery}`);
    await page.close();

    // The languages: the unit of language.html in each language, side by side.
    const shots = [];
    for (const language of LANGUAGES) {
      const languagePage = await browser.newPage({ viewport: { width, height: 800 } });
      await flatImages(languagePage);
      await languagePage.goto(`${service.url}/language.html?lang=${language}`);
      await languagePage.waitForFunction(() => document.getElementById('unit')?.state === 'shown');
      await languagePage.locator('#unit [part~="headline"]').filter({ visible: true }).first().waitFor();
      await settle(languagePage);
      shots.push(PNG.sync.read(await languagePage.locator('#unit').screenshot()));
      await languagePage.close();
    }
    const languages = `${dir}/languages-${width}.png`;
    writeFileSync(languages, indexedPng(compose(shots, width > 600)));
    console.log(`wrote ${languages}`);
  }
} finally {
  await close();
}
