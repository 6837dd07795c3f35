/**
 * Response `settings` (+ the script API's overrides) → what the unit does. Pure.
 */
import { toBoolean, toPositiveNumber } from '../../model/coerce.js';
import type { OfferSettings, OfferStyles } from '../../model/types.js';
import { MAX_TIMER_MS } from '../../options/values.js';

/**
 * What the script API (or a page) may put over a response's `styles` and `settings`. Values are
 * checked like the response's: colours must be valid CSS colours; `max_display_time` a positive
 * number of seconds (or its decimal string); `auto_close` a boolean (or `'true'`/`'false'`/`1`/`0`).
 * Other keys are ignored.
 */
export interface UnitOverrides {
  styles?: Partial<OfferStyles>;
  settings?: Partial<OfferSettings> | Readonly<Record<string, unknown>>;
}

/** The settings the unit acts on. */
export interface UnitSettings {
  /**
   * Milliseconds after the first impression of the offers on screen at which the unit closes
   * itself (close beacon, reason `timeout`); `undefined`: never.
   */
  maxDisplayMs: number | undefined;
  /**
   * `true`: when the flow ends (after the last offer's CTA or "Next"), the unit goes away at once.
   * `false` (default): a short "That's all for now" end card stays until the person closes it.
   * Either way the close beacon and `closed_ads { reason: 'flow_end' }` are sent once, when the
   * flow ends.
   */
  autoClose: boolean;
  /** `false`: no 'More offers' action on any card, whatever the offers say (an override only). */
  offerwall: boolean | undefined;
  /** Where the popup sits vertically (an override only): `top`, `center` (default) or `bottom`. */
  position: 'top' | 'center' | 'bottom';
}

/**
 * The settings in effect: `overrides` on top of the response's. Values are checked again here
 * because overrides come from page code: `max_display_time` must be a positive number of seconds,
 * `auto_close` a boolean (or `'true'`/`'false'`/`1`/`0`); anything else is ignored.
 */
export function unitSettings(
  response: OfferSettings | undefined,
  overrides?: UnitOverrides['settings'],
): UnitSettings {
  const seconds =
    toPositiveNumber(overrides?.max_display_time) ?? toPositiveNumber(response?.max_display_time);
  const autoClose = toBoolean(overrides?.auto_close) ?? toBoolean(response?.auto_close) ?? false;
  const extra: Readonly<Record<string, unknown>> | undefined = overrides;
  const offerwall = toBoolean(extra?.offerwall_enabled);
  const position = extra?.ad_position;
  return {
    offerwall,
    position: position === 'top' || position === 'bottom' ? position : 'center',
    maxDisplayMs: seconds === undefined ? undefined : Math.min(Math.round(seconds * 1000), MAX_TIMER_MS),
    autoClose,
  };
}
