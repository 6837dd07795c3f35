/**
 * Puts the script-tag API on the page as `window.Adpx`. A page that loads the script twice keeps
 * the first `window.Adpx`: a live instance (its unit, listeners, pending load) is never replaced.
 * A stub the page made before the script loaded (`{ cmd: [...] }`) is replaced, and the functions
 * queued in it run in order (command-queue.ts).
 */
import { AdpxController } from './adpx.js';
import { queuedCommands } from './command-queue.js';
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
  const queued = queuedCommands(existing);
  adpx.captureGlobals();
  host.Adpx = adpx;
  adpx.cmd.push(...(queued as Array<() => unknown>));
  return adpx;
}
