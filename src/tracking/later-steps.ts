/**
 * What an impression leaves for the tasks after its own (issue 36: no task of ours over 50 ms on a
 * phone). Counting an impression was one task of about 50 ms at 4× CPU: the rule's hit test
 * (3–33 ms), two beacon `fetch` calls (10–40 ms for the first) and the `impression` event with
 * its listeners. Now the impression's task decides and the ledger records the decision at once
 * (ledger.ts: nothing can fire twice); the rest is left here, each step in a task of its own: the
 * `pixel` GET, the `adv_pixel` GET, then the card's `impression` event and the unit's display
 * clock.
 *
 * Steps run in the order they were left, one per task (`nextTask`). Every one that is still
 * waiting runs at once, in that order:
 * - before any other beacon fires or a card dispatches an event (`runLaterSteps`): the service and
 *   the page see what they saw before, pixel, adv pixel and `impression` before a No thanks, a
 *   close or `closed_ads`;
 * - when the page is hidden or left (`visibilitychange`, `pagehide`): no task may follow, and a GET
 *   sent then leaves by `keepalive` (or is kept, offline: decision 015), as the close always did.
 */
import { nextTask } from '../next-task.js';

const steps: Array<() => void> = [];
let draining = false;
let listening = false;

/** Runs `step` in a task after this one, after the steps left before it (or at once, see above). */
export function inLaterTask(step: () => void): void {
  steps.push(step);
  listen(true);
  if (typeof document === 'object' && document.visibilityState === 'hidden') runLaterSteps();
  else drain();
}

/** Runs every step still waiting, now, in order. A step left while they run runs too. */
export function runLaterSteps(): void {
  for (let step = steps.shift(); step; step = steps.shift()) step();
  listen(false);
}

/** One step per task until none is left. */
function drain(): void {
  if (draining) return;
  draining = true;
  void nextTask().then(() => {
    draining = false;
    if (steps.length > 1) drain();
    steps.shift()?.();
    if (steps.length === 0) listen(false);
  });
}

const onHidden = (): void => {
  if (document.visibilityState === 'hidden') runLaterSteps();
};

/**
 * Listens for the page going away while steps wait (never `unload`), and stops (`false`) once none
 * is left: nothing of ours stays on the page's `window` or `document` (a single-page app's route
 * changes).
 */
function listen(on: boolean): void {
  if (listening === on || typeof window !== 'object') return;
  listening = on;
  const method = on ? 'addEventListener' : 'removeEventListener';
  window[method]('pagehide', runLaterSteps, true);
  document[method]('visibilitychange', onHidden, true);
}
