/**
 * `window.Adpx` while the rest of the SDK loads (decision 016): a page may call it from the script
 * tag's `load` event or a later script, which can run before the rest file has. Each call is
 * queued in `cmd`, as a page's own `{ cmd: [] }` stub is; the rest file's `installAdpx` replaces
 * this stub and runs the queue in order, and a call that returns a promise here settles with the
 * real call's result.
 */
export const ADPX_STUB = Symbol.for('adpx-offers.stub');

type Queue = Array<() => unknown>;

const ASYNC = ['init', 'load', 'show', 'reload', 'getOffers', 'setApiResponse'];
const SYNC = ['close', 'setConsent', 'forget', 'setEnvironment', 'setDebug'];

/** Puts the stub on `win` unless an `Adpx` is there (a live one, or the single file's). */
export function installAdpxStub(win: Window): void {
  const host = win as unknown as { Adpx?: { init?: unknown; cmd?: unknown } };
  const existing = host.Adpx;
  if (existing && typeof existing.init === 'function') return;
  const cmd: Queue = Array.isArray(existing?.cmd) ? (existing.cmd as Queue) : [];
  // The real `Adpx` by then: its method `name`, called with `args`.
  const call = (name: string, args: unknown[]): unknown =>
    Reflect.apply(Reflect.get(host.Adpx as object, name) as (...a: unknown[]) => unknown, host.Adpx, args);
  const stub: Record<PropertyKey, unknown> = { cmd, [ADPX_STUB]: true, isReady: () => false };
  for (const name of ASYNC)
    stub[name] = (...args: unknown[]) =>
      new Promise((resolve, reject) =>
        cmd.push(() => (call(name, args) as Promise<unknown>).then(resolve, reject)),
      );
  for (const name of SYNC) stub[name] = (...args: unknown[]) => void cmd.push(() => call(name, args));
  host.Adpx = stub;
}

/** True for the stub above. */
export const isAdpxStub = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && ADPX_STUB in value;
