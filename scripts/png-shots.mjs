// What the screenshot scripts share (shots.mjs, box-shots.mjs): waiting until a page is drawn and
// still, the offers' pictures as flat placeholders, and a 256-colour PNG small enough for git.
import { crc32, deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { MOCK_IMAGES } from '../dist/server/mock/index.js';
import { settleAnimations } from './animations.mjs';

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
export async function settle(page) {
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
export function indexedPng({ width, height, data }) {
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
 * The offers' pictures as flat placeholders, each in the middle of its gradient: the frames keep
 * their size (their ratio is the requested one, not the file's), and the shots stay a few dozen KB
 * instead of half a megabyte of striped gradients. The text, which these shots are for, is real.
 */
export async function flatImages(page) {
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
