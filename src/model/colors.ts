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

const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const COLOR_FUNCTION = /^(rgba?|hsla?)\(([^()]*)\)$/i;
/** A plain CSS number: no exponent, no unit. */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const PERCENTAGE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)%$/;
const HUE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:deg|rad|grad|turn)?$/i;
/** Longest colour accepted; `hsla(360deg, 100%, 100%, 0.5)` is under 40. */
const MAX_COLOR_LENGTH = 64;

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
  if (HEX_COLOR.test(color) || isColorName(color)) return color;
  const call = COLOR_FUNCTION.exec(color);
  if (call === null) return undefined;
  const [, name = '', args = ''] = call;
  const parts = splitColorArguments(args);
  if (parts === undefined) return undefined;
  const valid = name.toLowerCase().startsWith('rgb') ? isRgbArguments(parts) : isHslArguments(parts);
  return valid ? color : undefined;
}

/** A named colour (or a system colour) of the browser's CSS; never a keyword or anything else. */
function isColorName(color: string): boolean {
  return (
    COLOR_NAME.test(color) && !NOT_A_COLOR.test(color) && globalThis.CSS?.supports?.('color', color) === true
  );
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

/** Alpha: a number or a percentage, or absent. */
function isAlpha(value: string | undefined): boolean {
  return value === undefined || NUMBER.test(value) || PERCENTAGE.test(value);
}

/** rgb(): legacy syntax wants all numbers or all percentages; the space syntax may mix them. */
function isRgbArguments({ legacy, channels, alpha }: ColorArguments): boolean {
  if (!isAlpha(alpha)) return false;
  const allNumbers = channels.every((channel) => NUMBER.test(channel));
  const allPercentages = channels.every((channel) => PERCENTAGE.test(channel));
  if (legacy) return allNumbers || allPercentages;
  return channels.every((channel) => NUMBER.test(channel) || PERCENTAGE.test(channel));
}

/** hsl(): a hue, then saturation and lightness (percentages; plain numbers in the space syntax). */
function isHslArguments({ legacy, channels, alpha }: ColorArguments): boolean {
  if (!isAlpha(alpha)) return false;
  const [hue = '', ...rest] = channels;
  if (!HUE.test(hue)) return false;
  return rest.every((channel) => PERCENTAGE.test(channel) || (!legacy && NUMBER.test(channel)));
}
