// Before / after screenshots of the demo pages, for reviewing a visual change in the repository:
// `node scripts/shots.mjs <label>` writes docs/shots/<label>/gallery-{360,1280}.png (the gallery
// page at that viewport width: its inline unit, its list unit down to the second card, the first
// row of its standalone cards) and languages-{360,1280}.png (language.html's unit in German,
// Japanese and Arabic). Needs a build (`npm run build`) and Chromium. Each shot waits for states:
// every unit shown, every card's headline rendered, images loaded, animations finished. The files
// are 256-colour PNGs with flat placeholder pictures, a few dozen KB each.
import { mkdirSync, writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { MOCK_IMAGES } from '../dist/server/mock/index.js';
import { settleAnimations } from './animations.mjs';
import { openDemo } from './demo-browser.mjs';

const label = process.argv[2];
if (!label || !/^[\w-]+$/.test(label)) {
  console.error('usage: node scripts/shots.mjs <label>   (for example before, after)');
  process.exit(1);
}
const WIDTHS = [360, 1280];
const LANGUAGES = ['de', 'ja', 'ar'];
const dir = `docs/shots/${label}`;
mkdirSync(dir, { recursive: true });

/** Runs in the page: true once every image in the document and its open shadow roots has loaded. */
function imagesLoaded() {
  const roots = [document];
  for (let i = 0; i < roots.length; i++) {
    for (const element of roots[i].querySelectorAll('*')) {
      if (element.shadowRoot) roots.push(element.shadowRoot);
    }
  }
  return roots.every((root) => [...root.querySelectorAll('img')].every((img) => img.complete));
}

/**
 * Waits until the page's units and cards are drawn and still. The viewport first grows to the
 * page's height, so that the cards' lazy images below the fold load for the full-page shot.
 */
async function settle(page) {
  const { width } = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height });
  await page.waitForFunction(imagesLoaded);
  await page.evaluate(settleAnimations);
  await page.evaluate(() => document.fonts.ready);
}

/**
 * The picture as a PNG of at most 256 colours, so that the shots stay small enough for git: the
 * palette is the most frequent colours (5 bits a channel, averaged), each pixel takes its nearest
 * one. The UI's flat colours and text come through; gradients band a little.
 */
function indexedPng({ width, height, data }) {
  const bins = new Map();
  for (let i = 0; i < data.length; i += 4) {
    const key = ((data[i] >> 3) << 10) | ((data[i + 1] >> 3) << 5) | (data[i + 2] >> 3);
    const bin = bins.get(key) ?? bins.set(key, [0, 0, 0, 0]).get(key);
    bin[0] += data[i];
    bin[1] += data[i + 1];
    bin[2] += data[i + 2];
    bin[3]++;
  }
  const palette = [...bins.values()]
    .sort((a, b) => b[3] - a[3])
    .slice(0, 256)
    .map(([r, g, b, n]) => [Math.round(r / n), Math.round(g / n), Math.round(b / n)]);
  const nearest = new Map();
  const indexOf = (r, g, b) => {
    const colour = (r << 16) | (g << 8) | b;
    let index = nearest.get(colour);
    if (index === undefined) {
      let best = Infinity;
      palette.forEach(([pr, pg, pb], i) => {
        const distance = (pr - r) ** 2 + (pg - g) ** 2 + (pb - b) ** 2;
        if (distance < best) [best, index] = [distance, i];
      });
      nearest.set(colour, index);
    }
    return index;
  };
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      rows[y * (width + 1) + 1 + x] = indexOf(data[i], data[i + 1], data[i + 2]);
    }
  }
  const chunk = (type, body) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8); // 8 bits, indexed colour, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from(palette.flat())),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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

/**
 * The offers' pictures as flat placeholders, each in the middle of its gradient: the frames keep
 * their size (their ratio is the requested one, not the file's), and the shots stay a few dozen KB
 * instead of half a megabyte of striped gradients. The text, which these shots are for, is real.
 */
async function flatImages(page) {
  await page.route(/\/img\/[a-z0-9-]+\.png/, (route) => {
    const name = new URL(route.request().url()).pathname.slice(5, -4);
    const image = MOCK_IMAGES[name];
    if (!image) return route.continue();
    const png = new PNG({ width: 8, height: 8 });
    for (let i = 0; i < png.data.length; i += 4) {
      png.data.set([...image.from.map((from, c) => (from + image.to[c]) >> 1), 255], i);
    }
    return route.fulfill({ contentType: 'image/png', body: PNG.sync.write(png) });
  });
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
