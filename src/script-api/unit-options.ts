/**
 * `AdpxConfig.settings` and `.styles` → what `<adpx-offers>` understands: its layout, boolean
 * attributes, `heading`, custom properties, and the `overrides` property (the response's
 * `styles`/`settings`, overridden where given). Each key is declared once in launcher-options.ts;
 * a key that is refused, unknown or has an invalid value gives a note (a debug line), never a
 * silent drop. Pure.
 */
import type { UnitOverrides } from '../elements/unit/settings.js';
import { isJsonObject } from '../model/coerce.js';
import { safeCssColor } from '../model/colors.js';
import { launcherOptions, valueAt, type SetupDraft } from './launcher-options.js';

export { adPosition } from './launcher-options.js';

export type UnitLayoutName = 'inline' | 'popup' | 'fullscreen' | 'list';

export interface UnitSetup {
  layout: UnitLayoutName;
  /** The element (or its id or selector) to render inline into; none: a popup on `<body>`. */
  target?: string | Element;
  /** Attributes to set; `true` sets an empty boolean attribute, `false` removes it. */
  attributes: Record<string, string | boolean>;
  /** Custom properties set on the unit. */
  properties: Array<[string, string]>;
  /** The unit's `overrides` property (its one type, from the element). */
  overrides: Required<UnitOverrides>;
  /** Delay before the unit appears, in ms. */
  delayMs: number;
  /** The close button appears this long after the unit is shown, in ms (0: at once). */
  closeDelayMs: number;
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

function layoutOf(draft: SetupDraft, notes: string[]): UnitLayoutName {
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
    delayMs: 0,
    closeDelayMs: 0,
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
  if (draft.closeDelayMs > 0 && attributes['hide-close'] === true)
    notes.push('settings.close_delay: the close button is hidden; no effect');
  return {
    layout: layoutOf(draft, notes),
    target: draft.target,
    attributes,
    properties: draft.properties,
    overrides: { styles: draft.styles, settings: draft.settings },
    delayMs: draft.delayMs,
    closeDelayMs: attributes['hide-close'] === true ? 0 : draft.closeDelayMs,
    margin: draft.margin,
    notes,
  };
}
