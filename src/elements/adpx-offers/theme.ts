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
 * `--_response-*` variables on its `.theme` wrapper through the CSSOM (`style.setProperty`, via
 * `cssProps`), where the base sheet maps each public token once:
 * `--_adpx-X: var(--adpx-X, var(--_response-X, var(--_d-X)))`. So page CSS always wins, and no
 * style attribute string is ever parsed (CSP without `'unsafe-inline'` styles works).
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
 * primary and text colours, whose variables are shorter.
 */
function responseVariable(key: MappedStyleKey): string {
  if (key === 'primary_color') return '--_response-primary';
  if (key === 'text_color') return '--_response-text';
  return STYLE_PROPERTIES[key].replace('--adpx-', '--_response-');
}

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
 * The private variables to set on the unit's wrapper for these styles: one per mapped colour. The
 * text on the primary colour (and on the Accept button's) is the stylesheet's (`textOn`,
 * base.styles.ts), for the page's colours and the response's alike.
 *
 * A `transparent` unit paints no background, so the response's text colour, chosen for the
 * response's background, does not apply: its text takes the page's colour (base.styles.ts,
 * docs/theming.md). The publisher's own `overrides.styles` still do.
 */
export function themeVariables(
  response: OfferStyles | undefined,
  overrides?: Partial<OfferStyles>,
  transparent = false,
): Record<string, string> {
  const styles = effectiveStyles(transparent ? { ...response, text_color: undefined } : response, overrides);
  const variables: Record<string, string> = {};
  for (const [key, color] of Object.entries(styles) as Array<[MappedStyleKey, string]>) {
    variables[responseVariable(key)] = color;
  }
  return variables;
}

/**
 * `themeVariables` worked out once per change of its inputs: the unit asks at each render.
 */
export function themeMemo(): typeof themeVariables {
  let last: { inputs: Parameters<typeof themeVariables>; variables: Record<string, string> } | undefined;
  return (...inputs) => {
    if (!last || inputs.some((input, i) => input !== last?.inputs[i]))
      last = { inputs, variables: themeVariables(...inputs) };
    return last.variables;
  };
}
