/**
 * The script-tag API (`window.Adpx`) for ESM users. `Adpx` is created without touching the page:
 * it reads `window.AdpxConfig`/`window.AdpxUser` at its first `init` (the script-tag build reads
 * them when the script loads).
 */
import { AdpxController } from './adpx.js';

export { AdpxController, ADPX_VERSION } from './adpx.js';
export { installAdpx } from './install.js';
export type * from './types.js';

/** The script-tag API as a module export (the same object the script-tag build puts on `window`). */
export const Adpx: AdpxController = /* @__PURE__ */ new AdpxController();
