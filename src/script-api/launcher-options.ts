/**
 * The launcher's `settings` and `styles` keys, each declared once, in the order they apply: the
 * key's path and either its `apply` (validator and mapping onto `<adpx-offers>`, in
 * launcher-values.ts) or `refused` with the reason. What each key is (its doc, value and what it
 * becomes) is the JSDoc of its key in the public types (types.ts), so no doc text ships in the
 * script-tag file; docs/api.md's table is rendered from both, and the launcher-options test fails
 * when they disagree. `unitSetup` below walks this table: `AdpxConfig.settings` and `.styles` →
 * what `<adpx-offers>` understands (its layout, attributes, custom properties and `overrides`); a
 * key that is refused, unknown or has an invalid value gives a note (a debug line), never a silent
 * drop. Pure; nothing runs at import time.
 */
import type { UnitLayout } from '../elements/adpx-offers/flow.js';
import type { UnitOverrides } from '../elements/adpx-offers/settings.js';
import { isJsonObject, toBoolean, toPositiveNumber } from '../model/coerce.js';
import { safeCssColor } from '../model/colors.js';
import {
  adPosition,
  checked,
  color,
  cssSize,
  delayMs,
  flag,
  fontFamily,
  headingText,
  percent,
  property,
  setting,
  targetOf,
  terms,
  valueAt,
  type Apply,
  type SetupDraft,
} from './launcher-values.js';

export { adPosition, cssSize } from './launcher-values.js';

export interface LauncherOption {
  /** `settings.delay`, `styles.header.textColor`, … */
  readonly path: string;
  /** Applies a value; `false` when the value is not valid (ignored with a debug line). */
  readonly apply?: Apply;
  /** Why the key does nothing (logged when a config sets it). */
  readonly refused?: string;
}

/** The launcher's button keys and the `*_color` key each one becomes. */
const BUTTON_KEYS = { background: 'background', color: 'text', hover: 'hover', stroke: 'border' } as const;
type ButtonKey = keyof typeof BUTTON_KEYS;

function buttons<N extends 'buttonYes' | 'buttonNo'>(name: N, part: 'accept' | 'decline') {
  return (Object.keys(BUTTON_KEYS) as ButtonKey[]).map((key) => ({
    path: `styles.offerText.${name}.${key}` as `styles.offerText.${N}.${ButtonKey}`,
    apply: color(`${part}_${BUTTON_KEYS[key]}_color`),
  }));
}

/**
 * Every launcher key the script API reads, in the order they apply. Made on first use
 * ({@link launcherOptions}), not when the script-tag file runs: the file's evaluation builds none
 * of its ~40 validators (the sampling profiler put them at ~0.8 ms of it; the evaluate figure of
 * `npm run bench` did not move beyond its noise, docs/performance.md).
 */
function declareOptions() {
  const target = checked(targetOf, (value, draft) => (draft.target ??= value));
  return [
    { path: 'settings.target', apply: target },
    {
      path: 'settings.embedded.enabled',
      apply: checked(toBoolean, (bool, draft) => (draft.embedded = bool)),
    },
    {
      path: 'settings.embedded.targetElement',
      apply: (value, draft) => draft.embedded === false || target(value, draft),
    },
    { path: 'settings.embedded.fill_container', refused: 'an inline unit fills its container’s width' },
    {
      path: 'settings.embedded.showHeader',
      apply: checked(
        toBoolean,
        (bool, draft) => bool || Object.assign(draft.attributes, { 'hide-close': true, heading: '' }),
      ),
    },
    { path: 'settings.embedded.showFooter', refused: 'navigation, terms and privacy stay visible' },
    { path: 'settings.multi_offer_unit', apply: checked(toBoolean, (bool, draft) => (draft.list = bool)) },
    {
      path: 'settings.ad_position',
      apply: checked(adPosition, (where, draft) => (draft.settings.ad_position = where)),
    },
    { path: 'settings.screen_margin', apply: checked(percent, (margin, draft) => (draft.margin = margin)) },
    {
      path: 'settings.darken_bg',
      apply: checked(
        toBoolean,
        (bool, draft) => bool || draft.properties.push(['--adpx-backdrop-color', 'transparent']),
      ),
    },
    { path: 'settings.delay', apply: checked(delayMs, (ms, draft) => (draft.attributes.delay = `${ms}`)) },
    { path: 'settings.show_close', apply: flag('hide-close', true) },
    {
      path: 'settings.close_delay',
      apply: checked(delayMs, (ms, draft) => (draft.attributes['close-delay'] = `${ms}`)),
    },
    { path: 'settings.close_ad_on_click_outside', apply: flag('backdrop-dismiss') },
    { path: 'settings.backdrop_dismiss', apply: flag('backdrop-dismiss') },
    { path: 'settings.ad_animation', refused: 'the unit has one animation' },
    { path: 'settings.enable_offerwall', apply: setting('offerwall_enabled') },
    { path: 'settings.offerwall', apply: setting('offerwall_enabled') },
    { path: 'settings.open_overlay_offerwall', refused: 'offer URLs open in the browser (decision 005)' },
    { path: 'settings.privacy_policy', refused: 'the privacy link is the response’s privacy_url' },
    { path: 'settings.show_disclaimer', refused: 'the offer’s small print is always shown' },
    {
      path: 'settings.max_display_time',
      apply: checked(toPositiveNumber, (seconds, draft) => (draft.settings.max_display_time = seconds)),
    },
    { path: 'settings.auto_close', apply: setting('auto_close') },
    { path: 'settings.show_qr', apply: flag('show-qr') },
    { path: 'settings.terms', apply: checked(terms, (mode, draft) => (draft.attributes.terms = mode)) },
    { path: 'styles.*_color' },
    {
      path: 'styles.header.text',
      apply: checked(headingText, (text, draft) => (draft.attributes.heading ??= text)),
    },
    { path: 'styles.header.background', apply: color('header_background_color') },
    { path: 'styles.header.textColor', apply: color('header_text_color') },
    { path: 'styles.header.fontSize', apply: property('--adpx-header-font-size', cssSize) },
    { path: 'styles.offerText.font', apply: property('--adpx-font-family', fontFamily) },
    { path: 'styles.offerText.fontSize', apply: property('--adpx-offer-text-size', cssSize) },
    { path: 'styles.offerText.textColor', apply: color('text_color') },
    ...buttons('buttonYes', 'accept'),
    ...buttons('buttonNo', 'decline'),
  ] as const satisfies readonly LauncherOption[];
}

let declared: readonly LauncherOption[] | undefined;

/** The launcher options table (see {@link declareOptions}), made once. */
export function launcherOptions(): readonly LauncherOption[] {
  return (declared ??= declareOptions());
}

export interface UnitSetup {
  layout: UnitLayout;
  /** The element (or its id or selector) to render inline into; none: a popup on `<body>`. */
  target?: string | Element;
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

const COLOR_KEY = /^[a-z][a-z0-9_]{0,62}_color$/;

/** The note for a value that is not valid. */
const invalid = (path: string, value: unknown): string =>
  `${path}: ${JSON.stringify(value) ?? String(value)} is not valid, ignored`;
let leaves: ReadonlySet<string> | undefined;

/** True when `path` is a declared key. */
function isLeaf(path: string): boolean {
  return (leaves ??= new Set(launcherOptions().map((option) => option.path))).has(path);
}

/** True when `path` is a group of declared keys (`settings.embedded`, `styles.header`, …). */
function isGroup(path: string): boolean {
  return launcherOptions().some((option) => option.path.startsWith(`${path}.`));
}

/** Notes each key given that the table does not declare (nested groups included). */
function unknownKeys(value: Record<string, unknown>, prefix: string, notes: string[]): void {
  for (const [key, child] of Object.entries(value)) {
    const path = `${prefix}.${key}`;
    if (isLeaf(path) || (prefix === 'styles' && COLOR_KEY.test(key))) continue;
    if (!isGroup(path)) notes.push(`${path}: unknown key, ignored`);
    else if (isJsonObject(child)) unknownKeys(child, path, notes);
    else notes.push(invalid(path, child));
  }
}

/** The `*_color` keys given directly: they win over the launcher's named colours. */
function directColors(styles: Record<string, unknown>, draft: SetupDraft, notes: string[]): void {
  for (const [key, value] of Object.entries(styles)) {
    if (!COLOR_KEY.test(key)) continue;
    const color = safeCssColor(value);
    if (color) draft.styles[key] = color;
    else notes.push(invalid(`styles.${key}`, value));
  }
}

function layoutOf(draft: SetupDraft, notes: string[]): UnitLayout {
  if (draft.target === undefined) {
    if (draft.embedded === true) notes.push('settings.embedded.enabled: no targetElement; a popup');
    if (draft.list) notes.push('settings.multi_offer_unit: a popup shows one offer at a time');
    return 'popup';
  }
  return draft.list ? 'list' : 'inline';
}

/** The unit set-up for a config's `settings` and `styles`. */
export function unitSetup(settingsInput: unknown, stylesInput: unknown): UnitSetup {
  const root = {
    settings: isJsonObject(settingsInput) ? settingsInput : {},
    styles: isJsonObject(stylesInput) ? stylesInput : {},
  };
  const notes: string[] = [];
  const draft: SetupDraft = {
    attributes: {},
    properties: [],
    styles: {},
    settings: {},
  };
  directColors(root.styles, draft, notes);
  for (const option of launcherOptions()) {
    const value = valueAt(root, option.path);
    if (value === undefined) continue;
    if (option.refused) notes.push(`${option.path}: refused, ${option.refused}`);
    else if (option.apply && !option.apply(value, draft)) notes.push(invalid(option.path, value));
  }
  unknownKeys(root.settings, 'settings', notes);
  unknownKeys(root.styles, 'styles', notes);
  const attributes = draft.attributes;
  attributes['hide-close'] ??= false;
  attributes['backdrop-dismiss'] ??= false;
  attributes['show-qr'] ??= false;
  attributes.delay ??= false;
  attributes['close-delay'] ??= false;
  if (Number(attributes['close-delay']) > 0 && attributes['hide-close'] === true) {
    notes.push('settings.close_delay: the close button is hidden; no effect');
    attributes['close-delay'] = false;
  }
  return {
    layout: layoutOf(draft, notes),
    target: draft.target,
    attributes,
    properties: draft.properties,
    overrides: { styles: draft.styles, settings: draft.settings },
    margin: draft.margin,
    notes,
  };
}
