import type { MockImage } from './catalog.js';
import { encodePng } from './png.js';

const cache = new Map<string, Buffer>();
const CACHE_LIMIT = 48;

/**
 * A PNG of `width` x `height`: a diagonal gradient between the image's two colours, crossed by
 * lighter stripes, so that each offer's picture is recognisable and different. Cached by name and size.
 */
export function drawImage(name: string, image: MockImage, width: number, height: number): Buffer {
  const key = `${name}:${width}x${height}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const data = Buffer.alloc(width * height * 3);
  const span = Math.max(1, width + height - 2);
  const stripe = Math.max(4, Math.round(Math.min(width, height) / 10));
  const [r0, g0, b0] = image.from;
  const [r1, g1, b1] = image.to;
  let i = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x + y) / span;
      const light = Math.floor((x - y + height) / stripe) % 2 === 0 ? 0 : 28;
      data[i++] = Math.min(255, r0 + (r1 - r0) * t + light);
      data[i++] = Math.min(255, g0 + (g1 - g0) * t + light);
      data[i++] = Math.min(255, b0 + (b1 - b0) * t + light);
    }
  }
  const bytes = encodePng(data, width, height, 'rgb');
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value ?? '');
  cache.set(key, bytes);
  return bytes;
}
