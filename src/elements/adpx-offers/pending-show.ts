/**
 * A show the unit was asked for before it could show: while its offers load (a newer load that
 * replaces them is followed), then for the unit's `delay`. Its promise resolves `true` once the
 * offers are on screen and `false` when the show is called off (`close()`, a new load during the
 * delay, nothing to show); it rejects with the load's error when the load fails.
 */
export class PendingShow {
  private entry?: {
    promise: Promise<boolean>;
    settle: (outcome: boolean | { error: unknown }) => void;
    timer?: ReturnType<typeof setTimeout>;
  };

  /** The promise of the show that waits, if any. */
  get promise(): Promise<boolean> | undefined {
    return this.entry?.promise;
  }

  /** Waits for the load in flight, or (with `ms`) for the delay, after which `then` runs. */
  wait(ms?: number, then?: () => void): void {
    if (!this.entry) {
      let settle: (outcome: boolean | { error: unknown }) => void = () => {};
      const promise = new Promise<boolean>((resolve, reject) => {
        settle = (outcome) => (typeof outcome === 'boolean' ? resolve(outcome) : reject(outcome.error));
      });
      // A show nobody awaits must not turn a failed load into an unhandled rejection on the page.
      promise.catch(() => {});
      this.entry = { promise, settle };
    }
    if (ms !== undefined && this.entry.timer === undefined) this.entry.timer = setTimeout(() => then?.(), ms);
  }

  /** A new load: a show waiting for its delay is called off; one waiting for a load follows it. */
  newLoad(): void {
    if (this.entry?.timer !== undefined) this.end(false);
  }

  /** Ends the wait with its outcome. True when a show was waiting. */
  end(outcome: boolean | { error: unknown }): boolean {
    const entry = this.entry;
    if (!entry) return false;
    this.entry = undefined;
    clearTimeout(entry.timer);
    entry.settle(outcome);
    return true;
  }
}
