/**
 * Response `styles` → the unit's theme variables. Pure: no DOM, same result in Node.
 *
 * Precedence, highest first (docs/theming.md):
 * 1. the host page's own `--adpx-*` value on `<adpx-offers>` or an ancestor;
 * 2. `overrides.styles` (the script API's `styles`);
 * 3. the response's `styles`;
 * 4. the unit's light/dark defaults.
 *
 * The unit never writes a public `--adpx-*` property on its host. It writes private
 * `--_response-*` variables on an inner wrapper through the CSSOM (`style.setProperty`, via Lit's
 * `styleMap`), and its stylesheet resolves each public property on that wrapper as
 * `var(--_page-X, var(--_response-X, var(--_scheme-X)))`, where `--_page-X` is read on the host.
 * So page CSS always wins, and no style attribute string is ever parsed (CSP without
 * `'unsafe-inline'` styles works).
 */
import { safeCssColor } from '../../model/colors.js';
import type { OfferStyles } from '../../model/types.js';

/**
 * The response style keys the unit maps, and the public custom property each one feeds (the
 * header and button keys are what the launcher's `styles.header` and `styles.offerText.button*`
 * become: script-api/launcher-options.ts).
 */
export const STYLE_PROPERTIES = {
  primary_color: '--adpx-primary-color',
  background_color: '--adpx-background',
  text_color: '--adpx-text-color',
  header_background_color: '--adpx-header-background',
  header_text_color: '--adpx-header-text-color',
  accept_background_color: '--adpx-accept-background',
  accept_text_color: '--adpx-accept-text',
  accept_hover_color: '--adpx-accept-hover',
  accept_border_color: '--adpx-accept-border',
  decline_background_color: '--adpx-decline-background',
  decline_text_color: '--adpx-decline-text',
  decline_hover_color: '--adpx-decline-hover',
  decline_border_color: '--adpx-decline-border',
} as const;

export type MappedStyleKey = keyof typeof STYLE_PROPERTIES;

/**
 * The private variable that carries a response value into the stylesheet: `--_response-` and the
 * public name's tail (`--adpx-header-background` → `--_response-header-background`), except the
 * three base colours, whose variables are shorter.
 */
function responseVariable(key: MappedStyleKey): string {
  if (key === 'primary_color') return '--_response-primary';
  if (key === 'background_color') return '--_response-background';
  if (key === 'text_color') return '--_response-text';
  return STYLE_PROPERTIES[key].replace('--adpx-', '--_response-');
}

/** The readable text colour on a response primary colour. */
export const ON_PRIMARY_VARIABLE = '--_response-on-primary';

/**
 * The colours in effect: the response's `styles` with `overrides` on top. Only valid CSS colours
 * (the model's colour grammar) survive, so a value can never break out of its custom property.
 */
export function effectiveStyles(
  response: OfferStyles | undefined,
  overrides: Partial<OfferStyles> | undefined,
): Partial<Record<MappedStyleKey, string>> {
  const styles: Partial<Record<MappedStyleKey, string>> = {};
  for (const key of Object.keys(STYLE_PROPERTIES) as MappedStyleKey[]) {
    const color = safeCssColor(overrides?.[key]) ?? safeCssColor(response?.[key]);
    if (color !== undefined) styles[key] = color;
  }
  return styles;
}

/**
 * The private variables to set on the unit's wrapper for these styles: one per mapped colour, plus
 * a readable text colour for the primary colour in effect when it can be worked out. `pagePrimary`
 * is the page's own `--adpx-primary-color` on the host (empty when unset): it wins over the
 * response, so the text colour is worked out for it instead.
 */
export function themeVariables(
  response: OfferStyles | undefined,
  overrides?: Partial<OfferStyles>,
  pagePrimary = '',
): Record<string, string> {
  const styles = effectiveStyles(response, overrides);
  const variables: Record<string, string> = {};
  for (const [key, color] of Object.entries(styles) as Array<[MappedStyleKey, string]>) {
    variables[responseVariable(key)] = color;
  }
  const accept = styles.accept_background_color;
  const onAccept = accept === undefined || styles.accept_text_color ? undefined : readableOn(accept);
  if (onAccept !== undefined) variables[responseVariable('accept_text_color')] = onAccept;
  const primary = pagePrimary.trim() || styles.primary_color;
  const onPrimary = primary === undefined ? undefined : readableOn(primary);
  if (onPrimary !== undefined) variables[ON_PRIMARY_VARIABLE] = onPrimary;
  return variables;
}

/** An sRGB colour with 0..255 channels and 0..1 alpha. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const DARK_TEXT = '#111111';
const LIGHT_TEXT = '#ffffff';

/**
 * `#ffffff` or `#111111`, whichever contrasts more with `color`; `undefined` when the colour is not
 * opaque or not in a syntax parsed here (named colours: the stylesheet's default applies).
 */
export function readableOn(color: string): string | undefined {
  const rgba = parseColor(color);
  if (!rgba || rgba.a < 1) return undefined;
  const l = relativeLuminance(rgba);
  return contrastRatio(l, 1) >= contrastRatio(l, relativeLuminance(parseColor(DARK_TEXT) as Rgba))
    ? LIGHT_TEXT
    : DARK_TEXT;
}

/** WCAG relative luminance of an sRGB colour. */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const channel = (value: number): number => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two relative luminances. */
export function contrastRatio(a: number, b: number): number {
  const [hi, lo] = a > b ? [a, b] : [b, a];
  return (hi + 0.05) / (lo + 0.05);
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** Parses hex, `rgb()`/`rgba()` and `hsl()`/`hsla()` (comma or space syntax); else `undefined`. */
export function parseColor(input: string): Rgba | undefined {
  const color = input.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(color)?.[1];
  if (hex !== undefined) return parseHex(hex);
  const call = /^(rgba?|hsla?)\(([^()]*)\)$/.exec(color);
  if (!call) return undefined;
  const [, name = '', body = ''] = call;
  const parts = body
    .replace('/', ' ')
    .split(/[\s,]+/)
    .filter((part) => part !== '');
  if (parts.length !== 3 && parts.length !== 4) return undefined;
  const alpha = parts[3] === undefined ? 1 : unit(parts[3], 1);
  if (alpha === undefined) return undefined;
  if (name.startsWith('rgb')) {
    const [r, g, b] = parts.slice(0, 3).map((part) => unit(part, 255));
    if (r === undefined || g === undefined || b === undefined) return undefined;
    return { r: clamp(r, 0, 255), g: clamp(g, 0, 255), b: clamp(b, 0, 255), a: clamp(alpha, 0, 1) };
  }
  const hue = parseHue(parts[0] ?? '');
  const s = unit(parts[1] ?? '', 100);
  const l = unit(parts[2] ?? '', 100);
  if (hue === undefined || s === undefined || l === undefined) return undefined;
  return { ...hslToRgb(hue, clamp(s, 0, 100) / 100, clamp(l, 0, 100) / 100), a: clamp(alpha, 0, 1) };
}

function parseHex(hex: string): Rgba {
  const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
  const byte = (i: number): number => parseInt(full.slice(i * 2, i * 2 + 2), 16);
  return { r: byte(0), g: byte(1), b: byte(2), a: full.length === 8 ? byte(3) / 255 : 1 };
}

/** A plain number, or a percentage of `scale`. */
function unit(value: string, scale: number): number | undefined {
  const match = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))(%?)$/.exec(value);
  if (!match) return undefined;
  const number = Number(match[1]);
  return match[2] === '%' ? (number / 100) * scale : number;
}

function parseHue(value: string): number | undefined {
  const match = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))(deg|rad|grad|turn)?$/.exec(value);
  if (!match) return undefined;
  const number = Number(match[1]);
  const factor = { deg: 1, rad: 180 / Math.PI, grad: 0.9, turn: 360 }[match[2] ?? 'deg'] ?? 1;
  return (((number * factor) % 360) + 360) % 360;
}

function hslToRgb(hue: number, s: number, l: number): Omit<Rgba, 'a'> {
  const k = (n: number): number => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return { r: Math.round(f(0) * 255), g: Math.round(f(8) * 255), b: Math.round(f(4) * 255) };
}
