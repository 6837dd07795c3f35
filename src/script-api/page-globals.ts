/**
 * `window.AdpxConfig` and `window.AdpxUser`: what a launcher page sets before the script loads.
 * Copied when read, so later changes to the page's objects do not reach the SDK.
 */
import { isJsonObject } from '../model/coerce.js';
import type { AdpxUser } from './types.js';

export interface PageGlobals {
  config: Record<string, unknown> | undefined;
  user: AdpxUser;
}

/** A copy of a plain object, or `{}`. */
export const userOf = (value: unknown): AdpxUser => (isJsonObject(value) ? { ...value } : {});

export function readPageGlobals(win: Window): PageGlobals {
  const host = win as Window & { AdpxConfig?: unknown; AdpxUser?: unknown };
  return {
    config: isJsonObject(host.AdpxConfig) ? { ...host.AdpxConfig } : undefined,
    user: userOf(host.AdpxUser),
  };
}

/** The callback a (possibly invalid) `init` call names: its argument, its config, or AdpxConfig's. */
export function namedCallback(input: unknown, callback: unknown, globals: PageGlobals): unknown {
  if (typeof callback === 'function') return callback;
  const fromInput = isJsonObject(input) ? input.callback : undefined;
  return typeof fromInput === 'function' ? fromInput : globals.config?.callback;
}
