/**
 * `Adpx.cmd`, the usual queue of an async script tag: a page may write
 * `window.Adpx = window.Adpx || { cmd: [] }; Adpx.cmd.push(() => Adpx.init({ … }))` before the
 * script has loaded. When it loads, the queued functions run in order; afterwards
 * `Adpx.cmd.push(fn)` runs `fn` at once. A function that throws (or returns a promise that
 * rejects) is reported and does not stop the others.
 */

/** What `Adpx.cmd` is once the script has loaded: `push` runs each function now. */
export interface AdpxCommandQueue {
  push(...commands: Array<() => unknown>): number;
}

/** A queue that runs what it is given. `report` receives what a command threw, or a rejection it returned. */
export function commandQueue(report: (error: unknown) => void): AdpxCommandQueue {
  const run = (command: unknown): void => {
    try {
      if (typeof command !== 'function') throw new TypeError('Adpx.cmd.push takes functions');
      Promise.resolve(command()).catch(report);
    } catch (error) {
      report(error);
    }
  };
  return {
    push: (...commands) => {
      commands.forEach(run);
      return commands.length;
    },
  };
}

/** The functions a page queued in `window.Adpx.cmd` before the script loaded, in order. */
export function queuedCommands(stub: unknown): unknown[] {
  const cmd = (stub as { cmd?: unknown } | null | undefined)?.cmd;
  return Array.isArray(cmd) ? [...(cmd as unknown[])] : [];
}
