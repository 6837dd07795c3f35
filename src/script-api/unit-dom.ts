/**
 * The `<adpx-offers>` element that `window.Adpx` drives: where it goes in the page and how a
 * configuration is written onto it.
 */
import type { AdpxOffersElement } from '../elements/adpx-offers/adpx-offers.js';
import { optionEntries } from '../options/schema.js';
import type { ResolvedConfig } from './config.js';
import { launcherOwned, percent, type UnitSetup } from './launcher-options.js';
import type { AdpxShowOptions } from './types.js';

/**
 * `place(body)`: at once when `<body>` exists, else once the document is parsed (a script in
 * `<head>` may call `init` early); what `place` throws rejects the promise.
 */
export function bodyReady<T>(doc: Document, place: (body: HTMLElement) => T): Promise<T> {
  if (doc.body) return Promise.resolve(place(doc.body));
  const parsed = new Promise((resolve) => doc.addEventListener('DOMContentLoaded', resolve, { once: true }));
  return parsed.then(() => place(doc.body));
}

/** `true` sets an empty attribute; `false` and `undefined` remove it; anything else as text. */
function setAttribute(unit: Element, name: string, value: unknown): void {
  if (value === undefined || value === false) unit.removeAttribute(name);
  else unit.setAttribute(name, value === true ? '' : String(value));
}

/** Writes a configuration onto the unit: its options (src/options/), display attributes, overrides. */
export function configureUnit(unit: AdpxOffersElement, config: ResolvedConfig, setup: UnitSetup): void {
  const properties = unit as unknown as Record<string, unknown>;
  const attributes: Record<string, unknown> = {};
  for (const [name, spec] of optionEntries()) {
    if (!spec.property || !spec.config || spec.notOnUnit) continue;
    const value = config[name as keyof ResolvedConfig];
    if (spec.attribute) attributes[spec.attribute] = value;
    else properties[spec.property] = value;
  }
  const display: Record<string, unknown> = { layout: setup.layout, ...setup.attributes };
  for (const name of ['layout', ...launcherOwned('attribute')]) attributes[name] = display[name];
  for (const [name, value] of Object.entries(attributes)) setAttribute(unit, name, value);
  for (const name of launcherOwned('property')) unit.style.removeProperty(name);
  for (const [name, value] of setup.properties) unit.style.setProperty(name, value);
  unit.overrides = setup.overrides;
}

const SIDES = ['top', 'right', 'bottom', 'left'] as const;

/**
 * The look of one show: its layout, transparency, and the popup's margins (its `position`, else
 * `screen_margin`) as `--adpx-inset-*` in `vmin`: a percentage of the height in landscape and of
 * the width in portrait, as the spec asks, with no listener. A side that is not a valid margin
 * (missing, negative, not a number) is 0; above 15 is 15 (`percent`, the one margin rule).
 */
export function applyShowLook(unit: AdpxOffersElement, options: AdpxShowOptions, setup: UnitSetup): void {
  const { type, transparent } = options.styles ?? {};
  setAttribute(unit, 'layout', type === 'popup' || type === 'fullscreen' ? type : setup.layout);
  setAttribute(unit, 'transparent', transparent === true);
  const { position } = options;
  for (const side of SIDES) {
    const margin = position ? (percent(position[`${side}Margin`]) ?? 0) : setup.margin;
    if (margin === undefined) unit.style.removeProperty(`--adpx-inset-${side}`);
    else unit.style.setProperty(`--adpx-inset-${side}`, `${margin}vmin`);
  }
}
