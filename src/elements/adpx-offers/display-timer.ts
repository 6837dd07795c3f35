import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * The `max_display_time` clock. `start(ms)` arms it (the unit does at its offers' first impression);
 * it calls `onTimeout` once when the time is up.
 * Moving the element in the DOM (disconnect, then connect) keeps the deadline: the clock is re-armed
 * with the time left. `stop()` disarms it for good.
 */
export class DisplayTimer implements ReactiveController {
  private deadline?: number;
  private timer?: ReturnType<typeof setTimeout>;

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

  stop(): void {
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
