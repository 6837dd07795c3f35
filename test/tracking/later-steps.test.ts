import { afterEach, describe, expect, it, vi } from 'vitest';
import { inLaterTask, runLaterSteps } from '../../src/tracking/later-steps.js';

/**
 * The steps an impression leaves for later (issue 36): one per task, in order; all at once when
 * asked (a beacon fires, a card dispatches an event) or when the page is hidden or left.
 * What they are for, and the ledger's guarantees with them: ledger.test.ts.
 */

afterEach(() => {
  runLaterSteps();
  vi.restoreAllMocks();
});

describe('steps left for later', () => {
  it('run in order, one per task: the microtasks of one run before the next step', async () => {
    const order: string[] = [];
    inLaterTask(() => {
      order.push('a');
      queueMicrotask(() => order.push('microtask of a'));
    });
    inLaterTask(() => order.push('b'));
    expect(order).toEqual([]);
    await vi.waitFor(() => expect(order).toEqual(['a', 'microtask of a', 'b']));
  });

  it('run all at once, in order, when asked; a step left while they run runs too; none twice', async () => {
    const order: string[] = [];
    inLaterTask(() => {
      order.push('a');
      inLaterTask(() => order.push('c'));
    });
    inLaterTask(() => order.push('b'));
    runLaterSteps();
    expect(order).toEqual(['a', 'b', 'c']);
    const marker = vi.fn();
    inLaterTask(marker);
    await vi.waitFor(() => expect(marker).toHaveBeenCalledTimes(1));
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('run at once on pagehide, and on visibilitychange to hidden (not to visible)', () => {
    const step = vi.fn();
    inLaterTask(step);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(step).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pagehide'));
    expect(step).toHaveBeenCalledTimes(1);
    const hidden = vi.fn();
    inLaterTask(hidden);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(hidden).toHaveBeenCalledTimes(1);
  });

  it('a step left while the page is hidden runs at once: no task may follow', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const step = vi.fn();
    inLaterTask(step);
    expect(step).toHaveBeenCalledTimes(1);
  });
});
