/**
 * Which image the card shows and how it asks the service for it. Pure functions: the service
 * resizes images server-side from the `width` and `aspect_ratio=X:Y` query parameters (spec,
 * "Image resizing"), so the card asks for exactly the box it draws, at 1x, 2x and 3x.
 */
import { safely } from '../../errors.js';
import type { Creative, Offer } from '../../model/types.js';

/** An aspect ratio as the service spells it: `x:y`. */
export interface Ratio {
  x: number;
  y: number;
}

/** The image a card shows: its URL, the ratio of its frame, and its natural width when known. */
export interface CardImage {
  url: string;
  ratio: Ratio;
  naturalWidth?: number;
}

/** The frame ratio when nothing better is known: the common 1.91:1 native-ad landscape (1200x628). */
export const DEFAULT_RATIO: Ratio = { x: 191, y: 100 };
/** Frames are never taller than square (a portrait creative would push the CTAs off a phone). */
export const MIN_RATIO = 1;
/** …nor flatter than 12:5 (a banner would leave a sliver of image). */
export const MAX_RATIO = 2.4;
/** Requested widths are rounded up to this step: a few pixels of resize do not refetch. */
export const WIDTH_STEP = 40;
/** The largest side the service is asked for. */
export const MAX_REQUEST_WIDTH = 2000;
/** Device pixel ratios the `srcset` covers. */
export const DENSITIES: readonly number[] = [1, 2, 3];

/** Ratios spelled the way people know them, tried first (within 1%). */
const NAMED_RATIOS: readonly Ratio[] = [
  { x: 1, y: 1 },
  { x: 5, y: 4 },
  { x: 4, y: 3 },
  { x: 3, y: 2 },
  { x: 16, y: 10 },
  { x: 16, y: 9 },
  { x: 191, y: 100 },
  { x: 2, y: 1 },
  { x: 12, y: 5 },
];

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * A width/height ratio as `x:y`, clamped to {@link MIN_RATIO}..{@link MAX_RATIO}: a named ratio
 * when one is within 1% (1.7778 → 16:9, 1.91 → 191:100), otherwise hundredths reduced (2.2 → 11:5).
 */
export function toRatio(value: number | undefined): Ratio {
  if (value === undefined || !Number.isFinite(value) || value <= 0) return DEFAULT_RATIO;
  const clamped = Math.min(MAX_RATIO, Math.max(MIN_RATIO, value));
  const named = NAMED_RATIOS.find((r) => Math.abs(r.x / r.y - clamped) / clamped <= 0.01);
  if (named) return named;
  const x = Math.round(clamped * 100);
  const divisor = gcd(x, 100);
  return { x: x / divisor, y: 100 / divisor };
}

/** The ratio of a creative: from its width and height, else its `aspect_ratio`. */
function creativeRatio(creative: Creative): number | undefined {
  if (creative.width && creative.height) return creative.width / creative.height;
  return creative.aspect_ratio;
}

/** Same image: same origin and path, whatever the query says. */
function sameImage(a: string, b: string): boolean {
  const [left, right] = [safely(() => new URL(a)), safely(() => new URL(b))];
  return left !== undefined && left.origin === right?.origin && left.pathname === right?.pathname;
}

/**
 * The offer's image: `image`, else the primary creative, else the first creative. The frame ratio
 * comes from the creative that describes the image (for `image`, a creative with the same URL),
 * else {@link DEFAULT_RATIO}; the image is requested at that ratio, so it always fills its frame.
 */
export function pickImage(offer: Offer): CardImage | undefined {
  const creative = offer.creatives.find((c) => c.is_primary) ?? offer.creatives[0];
  if (offer.image) {
    const described = offer.creatives.find((c) => sameImage(c.url, offer.image ?? ''));
    return describe(offer.image, described);
  }
  return creative ? describe(creative.url, creative) : undefined;
}

function describe(url: string, creative: Creative | undefined): CardImage {
  const image: CardImage = { url, ratio: toRatio(creative ? creativeRatio(creative) : undefined) };
  if (creative?.width) image.naturalWidth = creative.width;
  return image;
}

/** `url` asking for `width` pixels at `ratio`; other query parameters are kept, `height` dropped. */
export function resizedUrl(url: string, width: number, ratio: Ratio): string {
  const resized = new URL(url);
  resized.searchParams.delete('height');
  resized.searchParams.set('width', String(width));
  resized.searchParams.set('aspect_ratio', `${ratio.x}:${ratio.y}`);
  return resized.href;
}

/** The rendered width rounded up to {@link WIDTH_STEP}, at least one step. */
export function bucketWidth(renderedWidth: number): number {
  const width = Number.isFinite(renderedWidth) ? renderedWidth : 0;
  return Math.max(WIDTH_STEP, Math.ceil(width / WIDTH_STEP) * WIDTH_STEP);
}

/**
 * What the `<img>` gets, attribute by attribute: `src` (1x), `srcset` with width descriptors for
 * 1x/2x/3x, `sizes`, and the 1x `width` and `height` asked for.
 */
export interface ImageSources {
  width: number;
  height: number;
  sizes: string;
  srcset: string;
  src: string;
}

/**
 * The sources for an image drawn `renderedWidth` CSS pixels wide. Widths never exceed the image's
 * natural width (when known, no upscaled bytes) nor {@link MAX_REQUEST_WIDTH}; duplicates go.
 */
export function imageSources(image: CardImage, renderedWidth: number): ImageSources {
  const base = bucketWidth(renderedWidth);
  const cap = Math.min(MAX_REQUEST_WIDTH, Math.max(base, image.naturalWidth ?? MAX_REQUEST_WIDTH));
  const widths = [...new Set(DENSITIES.map((d) => Math.min(cap, base * d)))];
  const first = Math.min(cap, base);
  // In the order they are set (media-size.ts): the box first, `src` last.
  return {
    width: first,
    height: Math.round((first * image.ratio.y) / image.ratio.x),
    sizes: `${Math.max(1, Math.ceil(renderedWidth))}px`,
    srcset: widths.map((w) => `${resizedUrl(image.url, w, image.ratio)} ${w}w`).join(', '),
    src: resizedUrl(image.url, first, image.ratio),
  };
}
