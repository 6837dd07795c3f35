import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * The `max_display_time` clock. `await(ms)` sets it for offers put on screen; their first
 * impression (`seen`) starts it: the time a person can see them, not the time since `show()` (an
 * inline unit below the fold, or in a background tab, does not close itself before anyone saw
 * it). `start(ms)` starts it at once. It calls `onTimeout` once when the time is up.
 * Moving the element in the DOM (disconnect, then connect) keeps the deadline: the clock is re-armed
 * with the time left. `stop()` disarms it for good.
 */
export class DisplayTimer implements ReactiveController {
  private deadline?: number;
  private timer?: ReturnType<typeof setTimeout>;
  /** The time set for offers on screen, until their first impression starts it. */
  private waiting?: number;

  constructor(
    host: ReactiveControllerHost,
    private readonly onTimeout: () => void,
  ) {
    host.addController(this);
  }

  /** Arms the clock for `ms` from now; `undefined` disarms it. */
  start(ms: number | undefined): void {
    this.stop();
    if (ms === undefined) return;
    this.deadline = Date.now() + ms;
    this.arm();
  }

  /** Sets the clock for offers put on screen, to start at their first impression (`seen`). */
  await(ms: number | undefined): void {
    this.stop();
    this.waiting = ms;
  }

  /** An impression of the offers on screen: the clock set for them starts. */
  seen(): void {
    if (this.waiting === undefined) return;
    this.start(this.waiting);
  }

  stop(): void {
    this.waiting = undefined;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.deadline = undefined;
  }

  hostConnected(): void {
    if (this.deadline !== undefined && this.timer === undefined) this.arm();
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(): void {
    if (this.deadline === undefined) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.deadline = undefined;
        this.onTimeout();
      },
      Math.max(0, this.deadline - Date.now()),
    );
  }
}
