/** Each dimension of a served image is clamped to this range. */
export const MIN_SIDE = 1;
export const MAX_SIDE = 2000;

const NUMBER = /^\d+(?:\.\d+)?$/;
const RATIO = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/;

/** The size to draw, or why the query is unusable. */
export type SizeResult = { ok: true; width: number; height: number } | { ok: false; message: string };

const clamp = (n: number): number => Math.min(MAX_SIDE, Math.max(MIN_SIDE, Math.round(n)));

/**
 * Applies the spec's resizing parameters to an image of natural size `natural`:
 * both `width` and `height` → that size; one of them → the other from `aspect_ratio` (or the natural
 * ratio); `aspect_ratio` alone → the natural width at that ratio. Each side is clamped to 1..2000.
 */
export function resolveSize(query: URLSearchParams, natural: { width: number; height: number }): SizeResult {
  const w = query.get('width');
  const h = query.get('height');
  const ar = query.get('aspect_ratio');
  if (w !== null && !NUMBER.test(w))
    return { ok: false, message: 'width must be a positive number of pixels' };
  if (h !== null && !NUMBER.test(h))
    return { ok: false, message: 'height must be a positive number of pixels' };
  let ratio = natural.width / natural.height;
  if (ar !== null) {
    const m = RATIO.exec(ar);
    const x = Number(m?.[1]);
    const y = Number(m?.[2]);
    if (!m || !(x > 0) || !(y > 0))
      return { ok: false, message: 'aspect_ratio must look like X:Y with X and Y above 0' };
    ratio = x / y;
  }
  if (w !== null && h !== null) return { ok: true, width: clamp(Number(w)), height: clamp(Number(h)) };
  if (w !== null) {
    const width = clamp(Number(w));
    return { ok: true, width, height: clamp(width / ratio) };
  }
  if (h !== null) {
    const height = clamp(Number(h));
    return { ok: true, width: clamp(height * ratio), height };
  }
  const width = clamp(natural.width);
  return { ok: true, width, height: ar === null ? clamp(natural.height) : clamp(width / ratio) };
}
