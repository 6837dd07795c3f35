/**
 * The configuration of `window.Adpx`: `window.AdpxConfig` (read when the script loads), settings
 * made before `init` (`Adpx.environment`, `Adpx.debug`) and the config given to `init`, merged in
 * that order (the later wins) and validated. Pure: no DOM.
 */
import { OffersError } from '../errors.js';
import { isJsonObject } from '../model/coerce.js';
import { optionEntries, type OptionValues } from '../options/schema.js';
import { MISSING_ENDPOINT } from '../options/values.js';
import type { AdpxCallback, AdpxSettings, AdpxStyles } from './types.js';

export { toEnvironment } from '../options/schema.js';

/** A validated configuration, every default applied: the options of src/options/schema.ts. */
export type ResolvedConfig = Omit<OptionValues, 'environment' | 'payload'> & {
  callback?: AdpxCallback;
  settings: AdpxSettings;
  styles: AdpxStyles;
};

/** Values set through `Adpx.environment` / `Adpx.debug` before `init`. */
export type PresetValues = { environment?: 0 | 1; debug?: boolean };

export type ConfigResult =
  { ok: true; config: ResolvedConfig; ignored: string[] } | { ok: false; error: OffersError };

/** The launcher's own keys besides the options. */
const LAUNCHER_KEYS = ['callback', 'settings', 'styles'];

const invalid = (message: string): ConfigResult => ({
  ok: false,
  error: new OffersError('invalid_request', message),
});

/**
 * The config `init` runs with. `init` is what `Adpx.init` received (a config object, an SDK ID or
 * nothing); `global` is `window.AdpxConfig`. Fails with `OffersError('invalid_request')` on a
 * missing SDK ID, an endpoint that is not an absolute http(s) URL, a missing endpoint when
 * `autoLoad` is on, or an `init` argument of another type. Unknown keys are listed in `ignored`.
 */
export function resolveConfig(
  init: unknown,
  global: unknown,
  preset: PresetValues = {},
  callback?: unknown,
): ConfigResult {
  if (init !== undefined && init !== null && typeof init !== 'string' && !isJsonObject(init))
    return invalid('Adpx.init expects a config object or an SDK ID string.');
  const fromInit: Record<string, unknown> = typeof init === 'string' ? { accountId: init } : (init ?? {});
  const base: Record<string, unknown> = isJsonObject(global) ? global : {};
  // `preset` holds only the values set (Adpx.setEnvironment / setDebug): none is undefined.
  const merged: Record<string, unknown> = { ...base, ...preset, ...fromInit };
  const values: Record<string, unknown> = {};
  const known = new Set(LAUNCHER_KEYS);
  try {
    for (const [name, spec] of optionEntries()) {
      if (!spec.config) continue;
      known.add(spec.config);
      values[name] = spec.parse(merged[spec.config]);
    }
  } catch (error) {
    return invalid((error as Error).message);
  }
  const ignored = Object.keys(merged).filter((key) => !known.has(key));
  if (values.autoLoad && !values.endpoint) return invalid(MISSING_ENDPOINT);
  const handler = typeof callback === 'function' ? callback : merged.callback;
  const { environment, ...options } = values;
  const config = {
    ...(options as Omit<ResolvedConfig, 'callback' | 'settings' | 'styles'>),
    dev: options.dev === true || environment === 1,
    callback: typeof handler === 'function' ? (handler as AdpxCallback) : undefined,
    settings: isJsonObject(merged.settings) ? (merged.settings as AdpxSettings) : {},
    styles: isJsonObject(merged.styles) ? (merged.styles as AdpxStyles) : {},
  };
  if (merged.parentOrigin !== undefined && config.parentOrigin === undefined) ignored.push('parentOrigin');
  return { ok: true, config, ignored };
}
