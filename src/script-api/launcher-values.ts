/**
 * The validators and appliers of the launcher options table (launcher-options.ts): each takes a
 * value from a config and writes what it means into the unit set-up being built, or returns
 * `false` when the value is not valid. Pure.
 */
import { isJsonObject, toBoolean, toPositiveNumber, toText } from '../model/coerce.js';
import { safeCssColor } from '../model/colors.js';

/** The unit set-up being built from a config's `settings` and `styles`. */
export interface SetupDraft {
  target?: string | Element;
  embedded?: boolean;
  list?: boolean;
  attributes: Record<string, string | boolean>;
  properties: Array<[string, string]>;
  styles: Record<string, string>;
  settings: Record<string, string | number | boolean>;
  /** Popup margin in percent on every side (`screen_margin`). */
  margin?: number;
}

/** Longest header text. */
const MAX_HEADING = 90;
/** Longest display or close-button delay: one minute. */
const MAX_DELAY_S = 60;
/** The largest margin, in percent: `screen_margin` and each side of `Adpx.show`'s `position`. */
const MAX_MARGIN = 15;
const POSITIONS = ['center', 'top', 'bottom'] as const;
const CSS_SIZE = /^(?:\d{1,3}(?:\.\d{1,3})?)(?:px|rem|em|%)$/;
const FONT_FAMILY = /^[\w\s,'"-]{1,120}$/;

/** `'top_left'` → `'top'`, `'bottom-center'` → `'bottom'`, `'center'` → `'center'`. */
export function adPosition(value: unknown): (typeof POSITIONS)[number] | undefined {
  if (typeof value !== 'string') return undefined;
  const first = value
    .trim()
    .toLowerCase()
    .split(/[_\s-]/)[0];
  return POSITIONS.find((position) => position === first);
}

/** A font size: a number of px (6..72) or a `px`/`rem`/`em`/`%` length. */
export function cssSize(value: unknown): string | undefined {
  if (typeof value === 'number') return value >= 6 && value <= 72 ? `${value}px` : undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  if (/^\d+(?:\.\d+)?$/.test(text)) return cssSize(Number(text));
  return CSS_SIZE.test(text) ? text : undefined;
}

/** A delay in seconds (0..60, capped) as ms; `undefined` when not a number of seconds. */
export function delayMs(value: unknown): number | undefined {
  if (value === 0 || value === '0') return 0;
  const number = toPositiveNumber(value);
  return number === undefined ? undefined : Math.round(Math.min(number, MAX_DELAY_S) * 1000);
}

/**
 * The one margin rule: a percentage, capped at 15 (numeric strings count); `undefined` when
 * negative or not a number (`screen_margin` then keeps the default inset, a `position` side is 0).
 */
export function percent(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && number >= 0 ? Math.min(number, MAX_MARGIN) : undefined;
}

export function terms(value: unknown): 'modal' | 'accordion' | undefined {
  return value === 'modal' || value === 'accordion' ? value : undefined;
}

export const headingText = (value: unknown): string | undefined => toText(value, MAX_HEADING);

export function fontFamily(value: unknown): string | undefined {
  return typeof value === 'string' && FONT_FAMILY.test(value.trim()) ? value.trim() : undefined;
}

/** An element, or a non-empty id or selector. */
export function targetOf(value: unknown): string | Element | undefined {
  if (typeof Element !== 'undefined' && value instanceof Element) return value;
  const text = typeof value === 'string' ? value.trim() : '';
  return text === '' ? undefined : text;
}

/** Applies a key's value to the set-up; `false` when the value is not valid (a debug line). */
export type Apply = (value: unknown, draft: SetupDraft) => boolean;

/** Applies what `check` makes of a value with `use`; not valid when `check` makes nothing of it. */
export const checked =
  <T>(check: (value: unknown) => T | undefined, use: (result: T, draft: SetupDraft) => unknown): Apply =>
  (value, draft) => {
    const result = check(value);
    if (result !== undefined) use(result, draft);
    return result !== undefined;
  };

/** A boolean attribute; a key given twice (two launcher names) keeps the first. */
export const flag = (attribute: string, invert = false): Apply =>
  checked(toBoolean, (bool, draft) => (draft.attributes[attribute] ??= invert ? !bool : bool));

/** A boolean setting in `overrides.settings`. */
export const setting = (key: string): Apply =>
  checked(toBoolean, (bool, draft) => (draft.settings[key] ??= bool));

/** A colour into `overrides.styles` (the theme); a `*_color` key given directly wins. */
export const color = (key: string): Apply =>
  checked(safeCssColor, (css, draft) => (draft.styles[key] ??= css));

/** A custom property on the unit. */
export const property = (name: string, check: (value: unknown) => string | undefined): Apply =>
  checked(check, (css, draft) => draft.properties.push([name, css]));

/** The value at a dotted path under `root` (`settings.embedded.enabled`); `undefined` if absent. */
export function valueAt(root: Record<string, unknown>, path: string): unknown {
  let value: unknown = root;
  for (const key of path.split('.')) {
    if (!isJsonObject(value)) return undefined;
    value = value[key];
  }
  return value;
}
