/**
 * Talking to the page's consent platforms through their standard APIs: IAB TCF v2.2 `__tcfapi`,
 * IAB GPP `__gpp`, IAB US Privacy `__uspapi`. Each is called directly when this window has it, or
 * through the postMessage protocol of its locator frame (`__tcfapiLocator`, `__gppLocator`,
 * `__uspapiLocator`) when a CMP runs in a parent frame, as it does for units inside iframes.
 */
import { safely } from '../errors.js';

type Callback = (data: unknown, success: boolean) => void;
type CmpFunction = (
  command: string,
  version: number | undefined,
  callback: Callback,
  parameter?: unknown,
) => void;

/** One IAB API: its function name, its locator frame and its message keys. */
interface CmpApi {
  fn: '__tcfapi' | '__gpp' | '__uspapi';
  version: number;
}

export const TCF: CmpApi = { fn: '__tcfapi', version: 2 };
export const GPP: CmpApi = { fn: '__gpp', version: 1 };
export const USP: CmpApi = { fn: '__uspapi', version: 1 };

/** A way to call one API: in this window, or (`framed`) by messages to a frame that hosts it. */
export type CmpCaller = ((command: string, callback: Callback, parameter?: unknown) => void) & {
  framed?: boolean;
};

/** The caller of `api` on this page, or undefined when neither the API nor its locator exists. */
export function findCmp(win: Window, api: CmpApi): CmpCaller | undefined {
  const direct = (win as unknown as Record<string, unknown>)[api.fn];
  if (typeof direct === 'function') {
    const fn = direct as CmpFunction;
    return (command, callback, parameter) => {
      if (api.fn !== '__gpp') return fn(command, api.version, callback, parameter);
      // GPP takes (command, callback, parameter); TCF and USP (command, version, callback). GPP 1.0
      // returns its answer (`ping`, `getGPPData`) and may never call back; 1.1 calls back only. A
      // CMP that does both answers twice, the same answer: every GPP callback of ours is idempotent.
      const answer = (fn as unknown as (...args: unknown[]) => unknown)(command, callback, parameter);
      if (answer !== undefined) callback(answer, true);
    };
  }
  const frame = locatorFrame(win, `${api.fn}Locator`);
  return frame ? Object.assign(messageCaller(win, frame, api), { framed: true }) : undefined;
}

/** The nearest ancestor window (this one included) that holds a frame named `name`. */
function locatorFrame(win: Window, name: string): Window | undefined {
  for (let current: Window = win; ; current = current.parent) {
    // A cross-origin ancestor without such a frame throws: keep climbing.
    if (safely(() => (current.frames as unknown as Record<string, Window | undefined>)[name])) return current;
    if (current === current.top || current.parent === current) return undefined;
  }
}

let nextCallId = 0;

/** Calls `api` in `target` through `postMessage` (`{__tcfapiCall: …}` → `{__tcfapiReturn: …}`). */
function messageCaller(win: Window, target: Window, api: CmpApi): CmpCaller {
  const callKey = `${api.fn}Call`;
  const returnKey = `${api.fn}Return`;
  return (command, callback, parameter) => {
    const callId = `adpx-${++nextCallId}`;
    const onMessage = (event: MessageEvent) => {
      // Only the frame we asked answers: any other frame of the page (an ad's) could post a
      // made-up consent with a guessed call id.
      if (event.source !== target) return;
      const data: unknown =
        typeof event.data === 'string' ? safely(() => JSON.parse(event.data)) : event.data;
      const answer = (data as Record<string, unknown> | null)?.[returnKey] as
        { callId?: unknown; returnValue?: unknown; success?: unknown } | undefined;
      if (!answer || answer.callId !== callId) return;
      // addEventListener answers more than once; the others answer once.
      if (command !== 'addEventListener') win.removeEventListener('message', onMessage);
      callback(answer.returnValue, answer.success !== false);
    };
    win.addEventListener('message', onMessage);
    target.postMessage({ [callKey]: { command, parameter, version: api.version, callId } }, '*');
  };
}
