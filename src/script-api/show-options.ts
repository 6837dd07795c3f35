/**
 * `Adpx.show(options)`: popup margins and styles, as pure functions.
 *
 * Margins are percentages, each clamped to 0..15 (above 15 is 15; negative, missing or not a
 * number is 0). In landscape they are taken of the device height, in portrait of its width, so a
 * margin is the same physical size on every side.
 */
import type { AdpxPosition, AdpxShowOptions } from './types.js';

/** The largest margin, in percent. */
export const MAX_MARGIN_PERCENT = 15;

export interface Viewport {
  width: number;
  height: number;
}

/** Popup insets in CSS pixels. */
export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** One margin clamped to 0..15 percent. Numeric strings count; anything else is 0. */
export function clampMargin(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || Number.isNaN(number)) return 0;
  return Math.min(MAX_MARGIN_PERCENT, Math.max(0, number));
}

/** `screen_margin`: the same margin on every side; `undefined` when none is configured. */
export function uniformMargin(margin: number | undefined): AdpxPosition | undefined {
  if (margin === undefined) return undefined;
  return { topMargin: margin, rightMargin: margin, bottomMargin: margin, leftMargin: margin };
}

/** Landscape when wider than tall. */
export function isLandscape(viewport: Viewport): boolean {
  return viewport.width > viewport.height;
}

/** The insets of the popup for a position, in pixels, rounded to 1/100 px. */
export function marginInsets(position: AdpxPosition | undefined, viewport: Viewport): Insets {
  const base = isLandscape(viewport) ? viewport.height : viewport.width;
  const px = (percent: unknown) => Math.round(clampMargin(percent) * base) / 100;
  return {
    top: px(position?.topMargin),
    right: px(position?.rightMargin),
    bottom: px(position?.bottomMargin),
    left: px(position?.leftMargin),
  };
}

/** The unit layout a show asks for; `fallback` when it names none or an unknown one. */
export function showLayout<L extends string>(
  styles: AdpxShowOptions['styles'],
  fallback: L,
): 'popup' | 'fullscreen' | L {
  const type = styles?.type;
  return type === 'popup' || type === 'fullscreen' ? type : fallback;
}

/** The custom properties that place the popup (the unit's `--adpx-inset-*`). */
export function insetProperties(insets: Insets): Array<[string, string]> {
  return [
    ['--adpx-inset-top', `${insets.top}px`],
    ['--adpx-inset-right', `${insets.right}px`],
    ['--adpx-inset-bottom', `${insets.bottom}px`],
    ['--adpx-inset-left', `${insets.left}px`],
  ];
}
