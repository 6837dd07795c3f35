/**
 * The script-tag API (`window.Adpx`) for ESM users. `Adpx` is created without touching the page:
 * it reads `window.AdpxConfig`/`window.AdpxUser` at its first `init` (the script-tag build reads
 * them when the script loads, and puts it on the page with `installAdpx`).
 */
import { AdpxLauncher } from './adpx.js';
import { queuedCommands } from './command-queue.js';
import { ADPX_STUB, isAdpxStub } from './stub-mark.js';
import type { AdpxApi } from './types.js';

export { AdpxLauncher, ADPX_VERSION } from './adpx.js';
export type * from './types.js';

/** The script-tag API as a module export (the same object the script-tag build puts on `window`). */
export const Adpx: AdpxLauncher = /* @__PURE__ */ new AdpxLauncher();

/**
 * Puts the script-tag API on the page as `window.Adpx`: the existing one when it is already an
 * Adpx, else `adpx`. A page that loads the script twice keeps the first `window.Adpx`: a live
 * instance (its unit, listeners, pending load) is never replaced. A stub the page made before the
 * script loaded (`{ cmd: [...] }`), or the script tag's first file made (src/boot/adpx-stub.ts), is
 * replaced, and the functions queued in it run in order (command-queue.ts).
 */
export function installAdpx(win: Window, adpx = new AdpxLauncher(win)): AdpxApi | Partial<AdpxApi> {
  const host = win as Window & { Adpx?: Partial<AdpxApi> };
  const existing = host.Adpx;
  if (existing && typeof existing.init === 'function' && !isAdpxStub(existing)) return existing;
  adpx.captureGlobals(isAdpxStub(existing) ? Reflect.get(existing as object, ADPX_STUB) : undefined);
  host.Adpx = adpx;
  adpx.cmd.push(...(queuedCommands(existing) as Array<() => unknown>));
  return adpx;
}
