/**
 * A pure CSS colour check for the response's `styles`. Only a small, closed grammar is accepted,
 * so a value can be dropped into a custom property without any way to escape it (`;`, `{`, `url(`,
 * `var(`, `expression(` …). No browser API is used: the same check runs in Node.
 */

/** The CSS named colours (CSS Color 4), plus `transparent`. `currentcolor` is not a colour value here. */
const NAMED_COLORS: ReadonlySet<string> = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet ' +
    'brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan ' +
    'darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta ' +
    'darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue ' +
    'darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey ' +
    'dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray ' +
    'green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush ' +
    'lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray ' +
    'lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
    'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon ' +
    'mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue ' +
    'mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin ' +
    'navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen ' +
    'paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple ' +
    'rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna ' +
    'silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle ' +
    'tomato turquoise violet wheat white whitesmoke yellow yellowgreen transparent'
  ).split(' '),
);

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
 * with an optional `/ alpha`; the CSS named colours and `transparent`, in any case. Refused:
 * everything else, including `var()`, `calc()`, `none`, exponents, `currentcolor` and system
 * colours — and anything holding `;{}<>"'\` or `url(`.
 */
export function safeCssColor(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_COLOR_LENGTH) return undefined;
  const color = value.trim();
  if (HEX_COLOR.test(color) || NAMED_COLORS.has(color.toLowerCase())) return color;
  const call = COLOR_FUNCTION.exec(color);
  if (call === null) return undefined;
  const [, name = '', args = ''] = call;
  const parts = splitColorArguments(args);
  if (parts === undefined) return undefined;
  const valid = name.toLowerCase().startsWith('rgb') ? isRgbArguments(parts) : isHslArguments(parts);
  return valid ? color : undefined;
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
