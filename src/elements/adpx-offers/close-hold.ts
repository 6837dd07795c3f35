import type { ReactiveControllerHost } from 'lit';

/** `close-delay`: the unit's close button is held back until this timer runs out. */
export class CloseHold {
  private timer?: ReturnType<typeof setTimeout>;

  constructor(private readonly host: ReactiveControllerHost) {}

  /** The close button is hidden now. */
  get held(): boolean {
    return this.timer !== undefined;
  }

  /** Hides the close button for `ms`; 0 shows it again (a render when it was hidden). */
  hold(ms: number): void {
    const held = this.held;
    clearTimeout(this.timer);
    this.timer = ms > 0 ? setTimeout(() => this.hold(0), ms) : undefined;
    if (held && !this.held) this.host.requestUpdate();
  }
}
