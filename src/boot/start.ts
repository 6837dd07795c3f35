/**
 * The script tag's first file (`dist/adpx-offers.iife.js`, decision 016): it starts the offers
 * request of the units already in the page, then loads the rest of the SDK (elements, templates,
 * tracking, `window.Adpx`) from its own URL, as it loads the sanitiser file: with Subresource
 * Integrity and the `adpx-offers` Trusted Types policy. The units adopt the request in flight.
 * Loaded twice, the second copy does nothing: the first one's request, rest file and `Adpx` stand.
 */
import { createDebugLog } from '../debug.js';
import { SERVER_STATE_ATTRIBUTE } from '../elements/adpx-offers/server-state.js';
import { AdpxEvent } from '../events/adpx-event.js';
import { rememberOwnScript } from '../sanitize/own-script.js';
import { loadSiblingScript } from '../sanitize/sibling-script.js';
import { installAdpxStub } from './adpx-stub.js';
import { apiComesWithRest, loadLater } from './later.js';
import { nextTask } from '../next-task.js';
import { startEarlyRequests } from './early-request.js';

declare const __ADPX_REST__: { file: string; integrity: string };
declare const __ADPX_REST_SSR__: { file: string; integrity: string };
declare const __ADPX_REST_API__: { file: string; integrity: string };

/**
 * The rest file this page needs: with the take-over (src/iife-rest-ssr.ts) when a unit in it was
 * rendered on the server (a declarative shadow root and the server's state), so that it hydrates
 * instead of rendering again; with the script API (src/iife-rest-api.ts) when the page uses
 * `Adpx` already, one download instead of the rest and the later file (so no later file is asked
 * for: `apiComesWithRest`); else the plain one.
 */
function restFile(apiWanted: boolean): { file: string; integrity: string } {
  const rendered = document.querySelector(`adpx-offers > script[${SERVER_STATE_ATTRIBUTE}]`);
  if (rendered?.parentElement?.shadowRoot) return __ADPX_REST_SSR__;
  if (!apiWanted) return __ADPX_REST__;
  apiComesWithRest();
  return __ADPX_REST_API__;
}

/** Where the first file leaves its modules for the rest file (scripts/shared-modules.mjs). */
const SHARED = Symbol.for('adpx-offers.shared');

/**
 * The rest file cannot load (a page whose Trusted Types do not list the `adpx-offers` policy, an
 * unknown own URL, the network, its integrity): the units stay undefined, so none is left blank
 * silently. Each unit in the page (now, and those the document adds until it is parsed) gets an
 * `adpx-error` (code `render`) saying why, the page's console a warning, and a unit with `debug`
 * a debug line.
 */
function reportRestFailure(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  console.warn(message);
  const told = new WeakSet<Element>();
  const tell = () => {
    for (const unit of document.querySelectorAll('adpx-offers')) {
      if (told.has(unit)) continue;
      told.add(unit);
      createDebugLog(unit.hasAttribute('debug'))(message);
      unit.dispatchEvent(new AdpxEvent('error', { message, code: 'render' }));
    }
  };
  tell();
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', tell);
}

export function boot(shared: unknown[]): void {
  if (Reflect.get(window, SHARED)) return;
  Reflect.set(window, SHARED, shared);
  rememberOwnScript(document.currentScript);
  const apiWanted = installAdpxStub(window);
  // The rest is asked for in the next task (`nextTask()`): not in this file's evaluation, which
  // stays short (issue 36: at 4×, 11–17 ms instead of 33–37 ms, the median of 12 loads), and with
  // a stack of a few small functions. A request made under the file's top level has the browser
  // collect the source positions of the whole file for the request's initiator (with DevTools'
  // network domain on: 10–29 ms at 1×).
  void nextTask().then(() => start(apiWanted));
}

function start(apiWanted: boolean): void {
  try {
    // First the rest file's URL, through the page's Trusted Types: a page that refuses it sends
    // no request that no unit could adopt.
    const rest = restFile(apiWanted);
    loadSiblingScript(rest.file, rest.integrity).catch(reportRestFailure);
  } catch (error) {
    return reportRestFailure(error);
  }
  // A page with a server-rendered unit that uses `Adpx` now: the API comes beside the rest file.
  if (apiWanted) loadLater();
  // The requests in a task of their own, after this file's evaluation (issue 36: no task over
  // 50 ms on a phone); the rest file is on its way meanwhile. The units of the single file or of
  // the ESM build already have their code and load themselves.
  void nextTask().then(() => {
    if (!customElements.get('adpx-offers')) startEarlyRequests(window, document);
  });
}
