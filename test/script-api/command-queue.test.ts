import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdpxLauncher } from '../../src/script-api/adpx.js';
import { commandQueue, queuedCommands } from '../../src/script-api/command-queue.js';
import { installAdpx } from '../../src/script-api/index.js';

afterEach(() => {
  delete (window as { Adpx?: unknown }).Adpx;
});

describe('commandQueue', () => {
  it('runs each function at once, in order, and goes on after one that throws', () => {
    const reported: unknown[] = [];
    const ran: number[] = [];
    const queue = commandQueue((error) => reported.push(error));
    const boom = new Error('boom');
    queue.push(
      () => ran.push(1),
      () => {
        throw boom;
      },
      () => ran.push(3),
    );
    expect(ran).toEqual([1, 3]);
    expect(reported).toEqual([boom]);
  });

  it('reports a rejection of a queued async function (the Adpx methods never reject: a rejection is the page’s)', async () => {
    const reported: unknown[] = [];
    const queue = commandQueue((error) => reported.push(error));
    queue.push(() => Promise.reject(new Error('async boom')));
    await vi.waitFor(() => expect(reported).toHaveLength(1));
    expect((reported[0] as Error).message).toBe('async boom');
  });

  it('reports what is not a function', () => {
    const reported: unknown[] = [];
    commandQueue((error) => reported.push(error)).push('Adpx.init()' as unknown as () => void);
    expect(reported[0]).toBeInstanceOf(TypeError);
  });

  it('reads the queue of a stub, and nothing from anything else', () => {
    const fn = () => undefined;
    expect(queuedCommands({ cmd: [fn] })).toEqual([fn]);
    for (const stub of [undefined, null, {}, { cmd: 'x' }]) expect(queuedCommands(stub)).toEqual([]);
  });
});

describe('installAdpx with a page’s stub', () => {
  it('replaces { cmd: [...] }, runs the queued functions with the real Adpx, and keeps cmd working', () => {
    const seen: unknown[] = [];
    const win = window as unknown as { Adpx: { cmd: Array<() => void> } };
    win.Adpx = { cmd: [() => seen.push(win.Adpx instanceof AdpxLauncher)] };
    win.Adpx.cmd.push(() => seen.push('second'));
    const installed = installAdpx(window, new AdpxLauncher(window));
    expect(window.Adpx).toBe(installed);
    expect(seen).toEqual([true, 'second']);
    win.Adpx.cmd.push(() => seen.push('later'));
    expect(seen).toEqual([true, 'second', 'later']);
  });

  it('a queued function that throws fires an error event with code command', () => {
    const errors: unknown[] = [];
    const listener = (event: Event) => errors.push((event as CustomEvent).detail);
    document.addEventListener('adpx-error', listener);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const win = window as unknown as { Adpx: { cmd: Array<() => void> } };
    win.Adpx = {
      cmd: [
        () => {
          throw new Error('typo in the page');
        },
      ],
    };
    installAdpx(window, new AdpxLauncher(window));
    document.removeEventListener('adpx-error', listener);
    expect(errors).toEqual([{ message: 'A function in Adpx.cmd threw: typo in the page', code: 'command' }]);
  });
});
