/**
 * A CSS colour check for the response's `styles`. Only a small, closed grammar is accepted, so a
 * value can be dropped into a custom property without any way to escape it (`;`, `{`, `url(`,
 * `var(`, `expression(` …). Hex and the rgb()/hsl() functions are parsed here; a colour name is a
 * single word of letters that the browser's own CSS parser knows (`CSS.supports`), so the SDK
 * carries no list of the 148 names. Without `CSS.supports` (Node, a test DOM) names are refused.
 */

/** One word of letters: the only shape of a colour name handed to `CSS.supports`. */
const COLOR_NAME = /^[a-z]{3,24}$/i;
/** Words `CSS.supports('color', …)` accepts that are not a colour of the response. */
const NOT_A_COLOR = /^(currentcolor|inherit|initial|unset|revert)$/i;

const HEX_COLOR = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const COLOR_FUNCTION = /^(rgba?|hsla?)\(([^()]*)\)$/i;
/** A plain CSS number: no exponent, no unit. */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const PERCENTAGE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)%$/;
const HUE = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))(deg|rad|grad|turn)?$/i;
/** Longest colour accepted; `hsla(360deg, 100%, 100%, 0.5)` is under 40. */
const MAX_COLOR_LENGTH = 64;

/** An sRGB colour with 0..255 channels and 0..1 alpha. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/**
 * Returns the colour (trimmed) when `value` is a valid CSS colour of the accepted grammar, else
 * `undefined`.
 *
 * Accepted: hex (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`); `rgb()`/`rgba()`/`hsl()`/`hsla()` with
 * plain numbers, percentages and (hue only) angle units, in the comma syntax or the space syntax
 * with an optional `/ alpha`; a colour name (any case) where the browser knows it as one. Refused:
 * everything else, including `var()`, `calc()`, `none`, exponents, `currentcolor`, the CSS-wide
 * keywords — and anything holding `;{}<>"'\` or `url(`.
 */
export function safeCssColor(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_COLOR_LENGTH) return undefined;
  const color = value.trim();
  return isColorName(color) || parseColor(color) ? color : undefined;
}

/** A named colour (or a system colour) of the browser's CSS; never a keyword or anything else. */
function isColorName(color: string): boolean {
  return (
    COLOR_NAME.test(color) && !NOT_A_COLOR.test(color) && globalThis.CSS?.supports?.('color', color) === true
  );
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/**
 * The one colour parser of the SDK: hex and the `rgb()`/`hsl()` functions of the grammar
 * {@link safeCssColor} accepts, as sRGB; `undefined` for anything else (names included: the
 * browser knows them, the SDK carries no list).
 */
export function parseColor(input: string): Rgba | undefined {
  const color = input.trim();
  const hex = HEX_COLOR.exec(color)?.[1];
  if (hex !== undefined) return parseHex(hex);
  const call = COLOR_FUNCTION.exec(color);
  const args = call ? splitColorArguments(call[2] ?? '') : undefined;
  if (!call || !args) return undefined;
  const alpha = args.alpha === undefined ? 1 : amount(args.alpha, 1);
  const [first = '', second = '', third = ''] = args.channels;
  const a = clamp(alpha ?? NaN, 0, 1);
  if ((call[1] ?? '').toLowerCase().startsWith('rgb')) {
    // The comma syntax wants all numbers or all percentages; the space syntax may mix them.
    if (args.legacy && new Set(args.channels.map((c) => c.endsWith('%'))).size > 1) return undefined;
    const [r = NaN, g = NaN, b = NaN] = [first, second, third].map((c) =>
      clamp(amount(c, 255) ?? NaN, 0, 255),
    );
    return Number.isNaN(r + g + b + a) ? undefined : { r, g, b, a };
  }
  // hsl(): a hue, then saturation and lightness (percentages; plain numbers in the space syntax).
  const hue = HUE.exec(first);
  const sl = [second, third].map((c) => (args.legacy && !c.endsWith('%') ? NaN : (amount(c, 100) ?? NaN)));
  const [s = NaN, l = NaN] = sl.map((n) => clamp(n, 0, 100) / 100);
  if (!hue || Number.isNaN(s + l + a)) return undefined;
  const factor = { deg: 1, rad: 180 / Math.PI, grad: 0.9, turn: 360 }[hue[2]?.toLowerCase() ?? 'deg'] ?? 1;
  return { ...hslToRgb((((Number(hue[1]) * factor) % 360) + 360) % 360, s, l), a };
}

function parseHex(hex: string): Rgba {
  const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
  const byte = (i: number): number => parseInt(full.slice(i * 2, i * 2 + 2), 16);
  return { r: byte(0), g: byte(1), b: byte(2), a: full.length === 8 ? byte(3) / 255 : 1 };
}

/** A plain number, or a percentage of `scale`; `undefined` for anything else. */
function amount(value: string, scale: number): number | undefined {
  if (NUMBER.test(value)) return Number(value);
  return PERCENTAGE.test(value) ? (parseFloat(value) / 100) * scale : undefined;
}

function hslToRgb(hue: number, s: number, l: number): Omit<Rgba, 'a'> {
  const k = (n: number): number => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return { r: Math.round(f(0) * 255), g: Math.round(f(8) * 255), b: Math.round(f(4) * 255) };
}

/** The arguments of a colour function, split by the syntax used. */
interface ColorArguments {
  /** True for the legacy comma syntax. */
  legacy: boolean;
  channels: string[];
  alpha?: string;
}

/** Splits `1, 2, 3, .5` or `1 2 3 / 50%`; `undefined` when neither shape fits. */
function splitColorArguments(args: string): ColorArguments | undefined {
  if (args.includes(',')) {
    if (args.includes('/')) return undefined;
    const parts = args.split(',').map((part) => part.trim());
    if (parts.length !== 3 && parts.length !== 4) return undefined;
    return { legacy: true, channels: parts.slice(0, 3), alpha: parts[3] };
  }
  const [main = '', alpha, extra] = args.split('/');
  if (extra !== undefined) return undefined;
  const channels = main.trim().split(/\s+/);
  if (channels.length !== 3) return undefined;
  if (alpha === undefined) return { legacy: false, channels };
  const alphaValue = alpha.trim();
  return alphaValue === '' ? undefined : { legacy: false, channels, alpha: alphaValue };
}
