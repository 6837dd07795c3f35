/**
 * `window.Adpx` until the script API arrives (decision 016: it is in the later file, loaded when
 * the page uses it). A page may call it from the script tag's `load` event or a later script.
 * Each call is queued in `cmd`, as a page's own `{ cmd: [] }` stub is, and asks for the later
 * file (`loadLater`); its `installAdpx` replaces this stub and runs the queue in order, and a call
 * that returns a promise here settles with the real call's result. `Adpx.environment` and
 * `Adpx.debug`, set here, are queued as their setters.
 * `setConsent` and `forget` act at once (the consent module is in the first file): a decision is
 * never late for a request the units send before the API arrives.
 */
import { forget, setConsent } from '../consent/consent.js';
import { nextTask } from '../next-task.js';
import { startLauncherRequest } from './early-request.js';
import { loadLater } from './later.js';
import { ADPX_STUB } from '../script-api/stub-mark.js';

type Queue = Array<() => unknown>;

const ASYNC = ['init', 'load', 'show', 'reload', 'getOffers', 'setApiResponse'];
const SYNC = ['close', 'forget', 'setEnvironment', 'setDebug'];

/**
 * Puts the stub on `win` unless an `Adpx` is there (a live one, or the single file's); true when
 * the page already asked for it (`window.AdpxConfig`, or functions queued in its own stub).
 */
export function installAdpxStub(win: Window): boolean {
  const host = win as unknown as {
    Adpx?: { init?: unknown; cmd?: unknown };
    AdpxConfig?: unknown;
    AdpxUser?: unknown;
  };
  const existing = host.Adpx;
  if (existing && typeof existing.init === 'function') return false;
  const cmd: Queue = Array.isArray(existing?.cmd) ? (existing.cmd as Queue) : [];
  const wanted = cmd.length > 0 || !!host.AdpxConfig;
  // The real `Adpx` by then: its method `name`, called with `args`.
  const call = (name: string, args: unknown[]): unknown =>
    Reflect.apply(Reflect.get(host.Adpx as object, name) as (...a: unknown[]) => unknown, host.Adpx, args);
  // A page may keep the stub (`const adpx = window.Adpx`) and call it after the API replaced it:
  // each method then calls the API's, and `cmd.push` its queue, at once.
  const replaced = () => host.Adpx !== stub && typeof host.Adpx?.init === 'function';
  // A function the page pushes itself asks for the API too.
  cmd.push = (...commands: Queue) =>
    replaced()
      ? (host.Adpx?.cmd as Queue).push(...commands)
      : (loadLater(), Array.prototype.push.apply(cmd, commands));
  const stub: Record<PropertyKey, unknown> = {
    cmd,
    // The page's globals when the script loaded: what the script API reads when it arrives.
    [ADPX_STUB]: [host.AdpxConfig, host.AdpxUser],
    isReady: () => replaced() && call('isReady', []) === true,
    setConsent: (consent: unknown) => setConsent(consent),
  };
  for (const name of ASYNC)
    stub[name] = (...args: unknown[]) => {
      if (replaced()) return call(name, args);
      // The first call, `init`: its unit's request leaves now, in a task of its own (early-request.ts).
      if (name === 'init' && cmd.length === 0 && !win.customElements.get('adpx-offers'))
        void nextTask().then(() => startLauncherRequest(win, args[0], args[1]));
      return new Promise((resolve, reject) =>
        cmd.push(() => (call(name, args) as Promise<unknown>).then(resolve, reject)),
      );
    };
  for (const name of SYNC)
    stub[name] = (...args: unknown[]) => {
      if (replaced()) return void call(name, args);
      if (name === 'forget') forget();
      cmd.push(() => call(name, args));
    };
  // The launcher's properties, set before `init` (`Adpx.environment = 1`): its setters, queued.
  const preset: Record<string, unknown> = { environment: 0, debug: false };
  for (const [property, setter] of [
    ['environment', 'setEnvironment'],
    ['debug', 'setDebug'],
  ] as const)
    Object.defineProperty(stub, property, {
      get: () => (replaced() ? Reflect.get(host.Adpx as object, property) : preset[property]),
      set: (value: unknown) => {
        preset[property] = value;
        (stub[setter] as (value: unknown) => void)(value);
      },
    });
  host.Adpx = stub;
  return wanted;
}
