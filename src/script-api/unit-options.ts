/**
 * `AdpxConfig.settings` and `.styles` → what `<adpx-offers>` understands: its layout, boolean
 * attributes, `heading`, custom properties, and the `overrides` property (the response's
 * `styles`/`settings`, overridden where given). Pure; unknown keys are ignored.
 */
import { isJsonObject, toBoolean, toPositiveNumber, toText } from '../model/coerce.js';
import { safeCssColor } from '../model/colors.js';
import type { AdpxSettings, AdpxStyles } from './types.js';

/** The unit's `overrides` property. */
export interface UnitOverrides {
  styles: Record<string, string>;
  settings: Record<string, string | number | boolean>;
}

export type UnitLayoutName = 'inline' | 'popup' | 'fullscreen';

export interface UnitSetup {
  layout: UnitLayoutName;
  /** The element (or its id or selector) to render inline into; none: a popup on `<body>`. */
  target?: string | Element;
  /** Attributes to set; `true` sets an empty boolean attribute, `false` removes it. */
  attributes: Record<string, string | boolean>;
  /** Custom properties set on the unit. */
  properties: Array<[string, string]>;
  overrides: UnitOverrides;
  /** Delay before the unit appears, in ms. */
  delayMs: number;
}

/** Longest header text. */
const MAX_HEADING = 90;
/** Longest display delay: one minute. */
const MAX_DELAY_S = 60;
const COLOR_KEY = /^[a-z][a-z0-9_]{0,62}_color$/;
const POSITIONS = ['center', 'top', 'bottom'] as const;

function isElement(value: unknown): value is Element {
  return typeof Element !== 'undefined' && value instanceof Element;
}

function targetOf(settings: AdpxSettings): string | Element | undefined {
  const candidate =
    settings.target ?? (settings.embedded?.enabled === false ? undefined : settings.embedded?.targetElement);
  if (isElement(candidate)) return candidate;
  return typeof candidate === 'string' && candidate.trim() !== '' ? candidate.trim() : undefined;
}

/** `'top_left'` → `'top'`, `'bottom-center'` → `'bottom'`, `'center'` → `'center'`. */
export function adPosition(value: unknown): (typeof POSITIONS)[number] | undefined {
  if (typeof value !== 'string') return undefined;
  const first = value
    .trim()
    .toLowerCase()
    .split(/[_\s-]/)[0];
  return POSITIONS.find((position) => position === first);
}

function colorOverrides(styles: AdpxStyles): Record<string, string> {
  const colors: Record<string, string> = {};
  for (const [key, value] of Object.entries(styles)) {
    const color = COLOR_KEY.test(key) ? safeCssColor(value) : undefined;
    if (color) colors[key] = color;
  }
  const header = isJsonObject(styles.header) ? styles.header : {};
  const offerText = isJsonObject(styles.offerText) ? styles.offerText : {};
  const aliases: Array<[string, unknown]> = [
    ['header_background_color', header.background],
    ['header_text_color', header.textColor],
    ['text_color', offerText.textColor],
  ];
  for (const [key, value] of aliases) {
    const color = safeCssColor(value);
    if (color && colors[key] === undefined) colors[key] = color;
  }
  return colors;
}

function settingOverrides(settings: AdpxSettings): Record<string, string | number | boolean> {
  const result: Record<string, string | number | boolean> = {};
  const maxDisplayTime = toPositiveNumber(settings.max_display_time);
  if (maxDisplayTime !== undefined) result.max_display_time = maxDisplayTime;
  const autoClose = toBoolean(settings.auto_close);
  if (autoClose !== undefined) result.auto_close = autoClose;
  const offerwall = toBoolean(settings.offerwall);
  if (offerwall !== undefined) result.offerwall_enabled = offerwall;
  const position = adPosition(settings.ad_position);
  if (position) result.ad_position = position;
  return result;
}

/** The unit set-up for a config's `settings` and `styles`. */
export function unitSetup(settingsInput: unknown, stylesInput: unknown): UnitSetup {
  const settings = (isJsonObject(settingsInput) ? settingsInput : {}) as AdpxSettings;
  const styles = (isJsonObject(stylesInput) ? stylesInput : {}) as AdpxStyles;
  const target = targetOf(settings);
  const header = isJsonObject(styles.header) ? styles.header : {};
  const heading = toText(header.text, MAX_HEADING);
  const terms = settings.terms === 'modal' || settings.terms === 'accordion' ? settings.terms : undefined;
  const attributes: Record<string, string | boolean> = {
    'hide-close': toBoolean(settings.show_close) === false,
    'backdrop-dismiss': toBoolean(settings.backdrop_dismiss) === true,
    'show-qr': toBoolean(settings.show_qr) === true,
  };
  if (heading !== undefined) attributes.heading = heading;
  if (terms !== undefined) attributes.terms = terms;
  const properties: Array<[string, string]> = [];
  if (toBoolean(settings.darken_bg) === false) properties.push(['--adpx-backdrop-color', 'transparent']);
  const delay = toPositiveNumber(settings.delay) ?? 0;
  return {
    layout: target === undefined ? 'popup' : 'inline',
    target,
    attributes,
    properties,
    overrides: { styles: colorOverrides(styles), settings: settingOverrides(settings) },
    delayMs: Math.round(Math.min(delay, MAX_DELAY_S) * 1000),
  };
}
