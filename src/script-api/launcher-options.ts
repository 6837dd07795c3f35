/**
 * The launcher's `settings` and `styles` keys, each declared once, in the order they apply: the
 * key's path and either its `apply` (validator and mapping onto `<adpx-offers>`, in
 * launcher-values.ts) or `refused` with the reason. What each key is (its doc, value and what it
 * becomes) is the JSDoc of its key in the public types (types.ts), so no doc text ships in the
 * script-tag file; docs/api.md's table is rendered from both, and the launcher-options test fails
 * when they disagree. `unitSetup` (unit-options.ts) walks this table. Nothing runs at import time.
 */
import { toBoolean, toPositiveNumber } from '../model/coerce.js';
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
  type Apply,
} from './launcher-values.js';

export { adPosition, cssSize, valueAt, type SetupDraft } from './launcher-values.js';

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
    {
      path: 'settings.embedded.fill_container',
      refused: 'an inline unit fills its container’s width',
    },
    {
      path: 'settings.embedded.showHeader',
      apply: checked(
        toBoolean,
        (bool, draft) => bool || Object.assign(draft.attributes, { 'hide-close': true, heading: '' }),
      ),
    },
    {
      path: 'settings.embedded.showFooter',
      refused: 'navigation, terms and privacy stay visible',
    },
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
    { path: 'settings.delay', apply: checked(delayMs, (ms, draft) => (draft.delayMs = ms)) },
    { path: 'settings.show_close', apply: flag('hide-close', true) },
    { path: 'settings.close_delay', apply: checked(delayMs, (ms, draft) => (draft.closeDelayMs = ms)) },
    { path: 'settings.close_ad_on_click_outside', apply: flag('backdrop-dismiss') },
    { path: 'settings.backdrop_dismiss', apply: flag('backdrop-dismiss') },
    {
      path: 'settings.ad_animation',
      refused: 'the unit has one animation',
    },
    { path: 'settings.enable_offerwall', apply: setting('offerwall_enabled') },
    { path: 'settings.offerwall', apply: setting('offerwall_enabled') },
    {
      path: 'settings.open_overlay_offerwall',
      refused: 'offer URLs open in the browser (decision 005)',
    },
    {
      path: 'settings.privacy_policy',
      refused: 'the privacy link is the response’s privacy_url',
    },
    {
      path: 'settings.show_disclaimer',
      refused: 'the offer’s small print is always shown',
    },
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
