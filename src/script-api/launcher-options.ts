/**
 * The launcher's `settings` and `styles` keys, each declared once, in the order they apply, as
 * data: a row `[path, kind, target]`. The kind checks the value (see {@link KINDS}); the target is
 * where the result goes on `<adpx-offers>`, an object the compiler checks ({@link Target}); a
 * `refused` row's third item is the reason. What each key is (its doc, value and what it becomes) is the JSDoc of its key in the
 * public types (types.ts), so no doc text ships in the script-tag file; docs/api.md's table is
 * rendered from both, and the launcher-options test fails when they disagree. `unitSetup` walks the
 * table: `AdpxConfig.settings` and `.styles` → the unit's layout, attributes, custom properties and
 * `overrides`; a key that is refused, unknown or has an invalid value gives a note (a debug line),
 * never a silent drop. Pure; nothing runs at import time.
 */
import type { UnitLayout } from '../elements/adpx-offers/flow.js';
import type { UnitOverrides } from '../elements/adpx-offers/settings.js';
import { isJsonObject, toBoolean, toPositiveNumber, toText } from '../model/coerce.js';
import { safeCssColor } from '../model/colors.js';
import type { OfferStyles } from '../model/types.js';
import { targetValue } from './launcher-target.js';

/** Longest display or close-button delay, in seconds: one minute. */
const MAX_DELAY_S = 60;
/** The largest margin, in percent: `screen_margin` and each side of `Adpx.show`'s `position`. */
const MAX_MARGIN = 15;
const CSS_SIZE = /^(?:\d{1,3}(?:\.\d{1,3})?)(?:px|rem|em|%)$/;
const FONT_FAMILY = /^[\w\s,'"-]{1,120}$/;
const COLOR_KEY = /^[a-z][a-z0-9_]{0,62}_color$/;

/** `'top_left'` → `'top'`, `'bottom-center'` → `'bottom'`, `'center'` → `'center'`. */
export const adPosition = (value: unknown): string | undefined =>
  (typeof value === 'string' && /^(center|top|bottom)(?![^_\s-])/.exec(value.trim().toLowerCase())?.[1]) ||
  undefined;

/** A font size: a number of px (6..72) or a `px`/`rem`/`em`/`%` length. */
export function cssSize(value: unknown): string | undefined {
  if (typeof value === 'number') return value >= 6 && value <= 72 ? `${value}px` : undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  if (/^\d+(?:\.\d+)?$/.test(text)) return cssSize(Number(text));
  return CSS_SIZE.test(text) ? text : undefined;
}

/**
 * The one margin rule: a percentage, capped at 15 (numeric strings count); `undefined` when
 * negative or not a number (`screen_margin` then keeps the default inset, a `position` side is 0).
 */
export function percent(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && number >= 0 ? Math.min(number, MAX_MARGIN) : undefined;
}

/**
 * What a kind makes of a value, one meaning each: `undefined`, not valid (a debug line, nothing
 * written); `null`, valid and nothing to write (a switch left as the unit has it); any other value
 * is what the row's targets get.
 */
type Verdict = string | number | boolean | Element | null | undefined;

const KINDS = {
  bool: toBoolean,
  /** `false` → `true`: a launcher switch that is on by default (`show_close`). */
  not: (value: unknown) => (typeof toBoolean(value) === 'boolean' ? !toBoolean(value) : undefined),
  /** `false` → `true`, `true` → nothing (`darken_bg`, `embedded.showHeader`). */
  off: (value: unknown) => (toBoolean(value) === undefined ? undefined : !toBoolean(value) || null),
  /** Seconds (0..60, capped) as a string of ms. */
  delay: (value: unknown) => {
    const seconds = value === 0 || value === '0' ? 0 : toPositiveNumber(value);
    return seconds === undefined ? undefined : `${Math.round(Math.min(seconds, MAX_DELAY_S) * 1000)}`;
  },
  seconds: toPositiveNumber,
  position: adPosition,
  percent,
  terms: (value: unknown) => (value === 'modal' || value === 'accordion' ? value : undefined),
  text: (value: unknown) => toText(value, 90),
  color: safeCssColor,
  size: cssSize,
  font: (value: unknown) =>
    typeof value === 'string' && FONT_FAMILY.test(value.trim()) ? value.trim() : undefined,
  /** An element, or a non-empty id or selector (the rule of launcher-target.ts). */
  target: targetValue,
  /** `embedded.targetElement`: nothing when `embedded.enabled` is false. */
  inline: (value: unknown, setup: UnitSetup): Verdict =>
    setup.embedded === false ? null : targetValue(value),
} satisfies Record<string, (value: unknown, setup: UnitSetup) => Verdict>;

/**
 * Where a row's result goes on `<adpx-offers>`: an attribute (`true` empty, `false` removed), a
 * custom property, a key of the unit's `overrides`, or a field of the set-up. `value`: written
 * instead of the result (`showHeader: false` also empties `heading`).
 */
export type Target =
  | { attribute: string; value?: string }
  | { property: `--${string}`; value?: string }
  | { settings: string }
  | { styles: keyof OfferStyles }
  | { setup: 'target' | 'embedded' | 'list' | 'margin' };

/** A key: its path, its kind and its targets; or `refused` and the reason; or `direct` (read apart). */
export type LauncherOption =
  | readonly [path: string, kind: keyof typeof KINDS, target: Target | readonly Target[]]
  | readonly [path: string, kind: 'refused', reason: string]
  | readonly [path: string, kind: 'direct', none: ''];

/** Every launcher key the script API reads, in the order they apply (a literal: no work at import). */
export const LAUNCHER_OPTIONS: readonly LauncherOption[] = [
  ['settings.target', 'target', { setup: 'target' }],
  ['settings.embedded.enabled', 'bool', { setup: 'embedded' }],
  ['settings.embedded.targetElement', 'inline', { setup: 'target' }],
  ['settings.embedded.fill_container', 'refused', 'an inline unit fills its container’s width'],
  ['settings.embedded.showHeader', 'off', [{ attribute: 'hide-close' }, { attribute: 'heading', value: '' }]],
  ['settings.embedded.showFooter', 'refused', 'navigation, terms and privacy stay visible'],
  ['settings.multi_offer_unit', 'bool', { setup: 'list' }],
  ['settings.ad_position', 'position', { settings: 'ad_position' }],
  ['settings.screen_margin', 'percent', { setup: 'margin' }],
  ['settings.darken_bg', 'off', { property: '--adpx-backdrop-color', value: 'transparent' }],
  ['settings.delay', 'delay', { attribute: 'delay' }],
  ['settings.show_close', 'not', { attribute: 'hide-close' }],
  ['settings.close_delay', 'delay', { attribute: 'close-delay' }],
  ['settings.close_ad_on_click_outside', 'bool', { attribute: 'backdrop-dismiss' }],
  ['settings.backdrop_dismiss', 'bool', { attribute: 'backdrop-dismiss' }],
  ['settings.ad_animation', 'refused', 'the unit has one animation'],
  ['settings.enable_offerwall', 'bool', { settings: 'offerwall_enabled' }],
  ['settings.offerwall', 'bool', { settings: 'offerwall_enabled' }],
  ['settings.open_overlay_offerwall', 'refused', 'offer URLs open in the browser (decision 005)'],
  ['settings.privacy_policy', 'refused', 'the privacy link is the response’s privacy_url'],
  ['settings.show_disclaimer', 'refused', 'the offer’s small print is always shown'],
  ['settings.max_display_time', 'seconds', { settings: 'max_display_time' }],
  ['settings.auto_close', 'bool', { settings: 'auto_close' }],
  ['settings.show_qr', 'bool', { attribute: 'show-qr' }],
  ['settings.terms', 'terms', { attribute: 'terms' }],
  ['styles.*_color', 'direct', ''],
  ['styles.header.text', 'text', { attribute: 'heading' }],
  ['styles.header.background', 'color', { styles: 'header_background_color' }],
  ['styles.header.textColor', 'color', { styles: 'header_text_color' }],
  ['styles.header.fontSize', 'size', { property: '--adpx-header-font-size' }],
  ['styles.offerText.font', 'font', { property: '--adpx-font-family' }],
  ['styles.offerText.fontSize', 'size', { property: '--adpx-offer-text-size' }],
  ['styles.offerText.textColor', 'color', { styles: 'text_color' }],
  ['styles.offerText.buttonYes.background', 'color', { styles: 'accept_background_color' }],
  ['styles.offerText.buttonYes.color', 'color', { styles: 'accept_text_color' }],
  ['styles.offerText.buttonYes.hover', 'color', { styles: 'accept_hover_color' }],
  ['styles.offerText.buttonYes.stroke', 'color', { styles: 'accept_border_color' }],
  ['styles.offerText.buttonNo.background', 'color', { styles: 'decline_background_color' }],
  ['styles.offerText.buttonNo.color', 'color', { styles: 'decline_text_color' }],
  ['styles.offerText.buttonNo.hover', 'color', { styles: 'decline_hover_color' }],
  ['styles.offerText.buttonNo.stroke', 'color', { styles: 'decline_border_color' }],
];

/** The kinds of a switch or a delay: their attributes are off (removed) when not set. */
const SWITCHES: ReadonlySet<string> = new Set(['bool', 'not', 'off', 'delay']);

/** A row's targets (none for a refused or direct row). */
const targetsOf = (row: LauncherOption): readonly Target[] =>
  typeof row[2] === 'string' ? [] : [row[2]].flat();

/** Writes a kind's result to each target of a row. A key given twice (two launcher names) keeps the first. */
function write(setup: UnitSetup, row: LauncherOption, result: NonNullable<Verdict>): void {
  for (const target of targetsOf(row)) {
    if ('property' in target) setup.properties.push([target.property, target.value ?? String(result)]);
    else if ('attribute' in target)
      setup.attributes[target.attribute] ??= target.value ?? (result as string | boolean);
    else if ('setup' in target) (setup as unknown as Record<string, unknown>)[target.setup] ??= result;
    else if ('styles' in target) setup.overrides.styles[target.styles] ??= result as string;
    else (setup.overrides.settings as Record<string, unknown>)[target.settings] ??= result;
  }
}

/**
 * The attributes (`layout` besides) or the custom properties the launcher owns on its unit, from
 * the table: a new configuration writes each of them, removing those it does not set.
 */
export const launcherOwned = (kind: 'attribute' | 'property'): string[] =>
  LAUNCHER_OPTIONS.flatMap(targetsOf).flatMap((t) =>
    kind in t ? [(t as Record<typeof kind, string>)[kind]] : [],
  );

/** The unit set-up a config's `settings` and `styles` make (the table writes into it). */
export interface UnitSetup {
  layout: UnitLayout;
  /** The element (or its id or selector) to render inline into; none: a popup on `<body>`. */
  target?: string | Element;
  /** `settings.embedded.enabled` and `settings.multi_offer_unit`, as given. */
  embedded?: boolean;
  list?: boolean;
  /** Attributes to set; `true` sets an empty boolean attribute, `false` removes it. */
  attributes: Record<string, string | boolean>;
  /** Custom properties set on the unit. */
  properties: Array<[string, string]>;
  /** The unit's `overrides` property (its one type, from the element). */
  overrides: Required<UnitOverrides>;
  /** Popup margin in percent on every side (`screen_margin`); `Adpx.show({ position })` wins. */
  margin?: number;
  /** Debug lines: keys refused, unknown, or with a value that is not valid. */
  notes: string[];
}

/** The note for a value that is not valid. */
const invalid = (path: string, value: unknown): string =>
  `${path}: ${JSON.stringify(value) ?? String(value)} is not valid, ignored`;

/** The value at a dotted path under `root` (`settings.embedded.enabled`); `undefined` if absent. */
function valueAt(root: unknown, path: string): unknown {
  return path.split('.').reduce((value, key) => (isJsonObject(value) ? value[key] : undefined), root);
}

/** Notes each key given that the table does not declare (nested groups included). */
function unknownKeys(value: Record<string, unknown>, prefix: string, notes: string[]): void {
  for (const [key, child] of Object.entries(value)) {
    const path = `${prefix}.${key}`;
    const paths = LAUNCHER_OPTIONS.map((option) => option[0]);
    if (paths.includes(path) || (prefix === 'styles' && COLOR_KEY.test(key))) continue;
    if (!paths.some((declared) => declared.startsWith(`${path}.`)))
      notes.push(`${path}: unknown key, ignored`);
    else if (isJsonObject(child)) unknownKeys(child, path, notes);
    else notes.push(invalid(path, child));
  }
}

/** The unit set-up for a config's `settings` and `styles`. */
export function unitSetup(settingsInput: unknown, stylesInput: unknown): UnitSetup {
  const root = {
    settings: isJsonObject(settingsInput) ? settingsInput : {},
    styles: isJsonObject(stylesInput) ? stylesInput : {},
  };
  const notes: string[] = [];
  const overrides = { styles: {}, settings: {} };
  const setup: UnitSetup = { layout: 'popup', attributes: {}, properties: [], overrides, notes };
  // The `*_color` keys given directly: they win over the launcher's named colours.
  for (const [key, value] of Object.entries(root.styles)) {
    if (!COLOR_KEY.test(key)) continue;
    const color = safeCssColor(value);
    if (color) setup.overrides.styles[key] = color;
    else notes.push(invalid(`styles.${key}`, value));
  }
  for (const row of LAUNCHER_OPTIONS) {
    const [path, kind] = row;
    const value = valueAt(root, path);
    if (value === undefined || kind === 'direct') continue;
    const result = kind === 'refused' ? undefined : KINDS[kind](value, setup);
    if (kind === 'refused') notes.push(`${path}: refused, ${row[2]}`);
    else if (result === undefined) notes.push(invalid(path, value));
    else if (result !== null) write(setup, row, result);
  }
  unknownKeys(root.settings, 'settings', notes);
  unknownKeys(root.styles, 'styles', notes);
  const { attributes, target, embedded, list } = setup;
  // A switch or a delay not set is off: its attribute is removed.
  for (const row of LAUNCHER_OPTIONS.filter(([, kind]) => SWITCHES.has(kind)))
    for (const t of targetsOf(row))
      if ('attribute' in t && t.value === undefined) attributes[t.attribute] ??= false;
  if (Number(attributes['close-delay']) > 0 && attributes['hide-close'] === true) {
    notes.push('settings.close_delay: the close button is hidden; no effect');
    attributes['close-delay'] = false;
  }
  if (target === undefined && embedded === true)
    notes.push('settings.embedded.enabled: no targetElement; a popup');
  if (target === undefined && list)
    notes.push('settings.multi_offer_unit: a popup shows one offer at a time');
  if (target !== undefined) setup.layout = list ? 'list' : 'inline';
  return setup;
}
