import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/boot/later.js', () => ({ loadLater: vi.fn() }));
const { installAdpxStub } = await import('../../src/boot/adpx-stub.js');
const { loadLater } = await import('../../src/boot/later.js');

type Method = (...args: unknown[]) => unknown;
type Api = Record<'init' | 'load' | 'show' | 'reload' | 'close' | 'isReady', Method> & {
  cmd: { push(...f: Array<() => unknown>): number };
};
type Host = { Adpx?: Api };

/** What the later file's `installAdpx` does: the API in place, the stub's queue run in order. */
function installApi(win: Host, calls: string[]): Api {
  const queued = [...(win.Adpx?.cmd as unknown as Array<() => unknown>)];
  const method =
    (name: string, result: unknown) =>
    (...args: unknown[]) => {
      calls.push(`${name}(${args.map((a) => JSON.stringify(a)).join(',')})`);
      return result;
    };
  const api = {
    init: method('init', Promise.resolve(true)),
    load: method('load', Promise.resolve(false)),
    show: method('show', Promise.resolve(false)),
    reload: method('reload', Promise.resolve(false)),
    close: method('close', undefined),
    isReady: method('isReady', true),
    setEnvironment: method('setEnvironment', undefined),
    setDebug: method('setDebug', undefined),
    cmd: { push: (...commands: Array<() => unknown>) => (commands.forEach((c) => c()), commands.length) },
  } as unknown as Api;
  win.Adpx = api;
  queued.forEach((command) => command());
  return api;
}

describe('the first file’s Adpx stub', () => {
  beforeEach(() => {
    delete (window as unknown as Host).Adpx;
    vi.mocked(loadLater).mockClear();
  });

  it('queues calls until the API arrives, then runs them in order', async () => {
    const win = window as unknown as Host;
    installAdpxStub(window);
    const stub = win.Adpx as Api;
    expect(stub.isReady()).toBe(false);
    const reloaded = stub.reload();
    stub.close();
    expect(loadLater).toHaveBeenCalled();
    const calls: string[] = [];
    installApi(win, calls);
    await expect(reloaded).resolves.toBe(false);
    expect(calls).toEqual(['reload()', 'close()']);
  });

  it('the script API reads AdpxConfig and AdpxUser as they were when the first file ran', async () => {
    const { AdpxLauncher, installAdpx } = await import('../../src/script-api/index.js');
    const page = window as unknown as Host & { AdpxConfig?: unknown; AdpxUser?: unknown };
    page.AdpxConfig = { accountId: 'test-key', endpoint: 'https://offers.example' };
    page.AdpxUser = { firstname: 'Ann' };
    installAdpxStub(window);
    // The page replaces both before the later file arrives.
    page.AdpxConfig = { accountId: 'other-key' };
    page.AdpxUser = { firstname: 'Bob' };
    const capture = vi.spyOn(AdpxLauncher.prototype, 'captureGlobals');
    try {
      installAdpx(window, new AdpxLauncher(window));
      expect(capture.mock.results[0]?.value).toEqual({
        config: { accountId: 'test-key', endpoint: 'https://offers.example' },
        user: { firstname: 'Ann' },
      });
    } finally {
      delete page.AdpxConfig;
      delete page.AdpxUser;
    }
  });

  it('environment and debug set as properties before the API came reach it before init', async () => {
    const win = window as unknown as Host;
    installAdpxStub(window);
    const stub = win.Adpx as Api & { environment: unknown; debug: unknown };
    expect([stub.environment, stub.debug]).toEqual([0, false]);
    stub.environment = 1;
    stub.debug = true;
    expect([stub.environment, stub.debug]).toEqual([1, true]);
    const initialised = stub.init({ accountId: 'k' });
    expect(loadLater).toHaveBeenCalled();
    const calls: string[] = [];
    installApi(win, calls);
    await initialised;
    expect(calls).toEqual(['setEnvironment(1)', 'setDebug(true)', 'init({"accountId":"k"})']);
  });

  it('a stub the page kept calls the API once the API replaced it (nothing waits forever)', async () => {
    const win = window as unknown as Host;
    installAdpxStub(window);
    const kept = win.Adpx as Api;
    const calls: string[] = [];
    installApi(win, calls);
    await expect(kept.load({ email: 'a@b.c' })).resolves.toBe(false);
    await expect(kept.show()).resolves.toBe(false);
    kept.close();
    expect(kept.isReady()).toBe(true);
    let ran = false;
    kept.cmd.push(() => (ran = true));
    expect(ran).toBe(true);
    expect(calls).toEqual(['load({"email":"a@b.c"})', 'show()', 'close()', 'isReady()']);
  });
});
