/**
 * Puts the script-tag API on the page as `window.Adpx`. A page that loads the script twice keeps
 * the first `window.Adpx`: a live instance (its unit, listeners, pending load) is never replaced.
 */
import { AdpxController } from './adpx.js';
import type { AdpxApi } from './types.js';

type AdpxWindow = Window & { Adpx?: Partial<AdpxApi> };

/** The `window.Adpx` of the page: the existing one when it is already an Adpx, else `adpx`. */
export function installAdpx(
  win: Window,
  adpx: AdpxController = new AdpxController(win),
): AdpxApi | Partial<AdpxApi> {
  const host = win as AdpxWindow;
  const existing = host.Adpx;
  if (existing && typeof existing.init === 'function') return existing;
  adpx.captureGlobals();
  host.Adpx = adpx;
  return adpx;
}
