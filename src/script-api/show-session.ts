/**
 * One `Adpx.show`: its layout, margins and callbacks, the display delay and the close button's
 * delay. Whether the offers are displayed is the unit's own state (`shown`, `ended`, `closed`):
 * the session keeps no flag of its own; its callbacks last until the unit's `closed_ads`.
 */
import type { AdpxOffersElement } from '../elements/adpx-offers.js';
import { UnitStatus } from '../elements/unit/status.js';
import type { AdpxEventName, AdpxEventPayloads } from '../events/adpx-event.js';
import { callHost } from './forward.js';
import { insetProperties, marginInsets, showLayout, uniformMargin } from './show-options.js';
import type { AdpxErrorInfo, AdpxPosition, AdpxShowCallbacks, AdpxShowOptions } from './types.js';
import { applyShowLook } from './unit-dom.js';
import type { UnitSetup } from './unit-options.js';

const INSET_NAMES = ['--adpx-inset-top', '--adpx-inset-right', '--adpx-inset-bottom', '--adpx-inset-left'];

function run<T>(callback: ((value: T) => void) | undefined, value: T): void {
  if (typeof callback === 'function') callHost(() => callback(value));
}

/** How a show ended: on screen, cancelled during its delay (`Adpx.close`, a new load), or refused by the unit. */
export type ShowResult = 'shown' | 'cancelled' | 'failed';

interface Delay {
  timer: ReturnType<typeof setTimeout>;
  resolve: (go: boolean) => void;
  /** The options it will show with; a show that joins it puts its own over them. */
  options: AdpxShowOptions;
  result: Promise<ShowResult>;
}

export class ShowSession {
  private callbacks: AdpxShowCallbacks = {};
  private position?: AdpxPosition;
  private unit?: AdpxOffersElement;
  private delay?: Delay;
  /** `close_delay`: the timer that shows the close button. */
  private closeTimer?: ReturnType<typeof setTimeout>;

  constructor(private readonly win: () => Window) {}

  /** A new load (or a supplied response) replaces the offers: a show waiting for its delay is off. */
  newLoad(): void {
    this.cancelDelay();
  }

  /** Cancels a show waiting for its delay; that show resolves `cancelled`. */
  cancelDelay(): void {
    const delay = this.delay;
    if (!delay) return;
    this.delay = undefined;
    clearTimeout(delay.timer);
    delay.resolve(false);
  }

  /**
   * Shows the loaded offers with these options after the configured delay. A show made while
   * another waits for its delay (`autoShow` and the page's own `show`) joins it, as a second show
   * of offers on screen does (decision 005): its options (callbacks, position, look) win, and both
   * resolve alike.
   */
  show(unit: AdpxOffersElement, setup: UnitSetup, options: AdpxShowOptions): Promise<ShowResult> {
    const waiting = this.delay;
    if (waiting) {
      waiting.options = { ...waiting.options, ...options };
      return waiting.result;
    }
    if (setup.delayMs <= 0) return Promise.resolve(this.showNow(unit, setup, options));
    let resolve: (go: boolean) => void = () => {};
    const go = new Promise<boolean>((settle) => (resolve = settle));
    const timer = setTimeout(() => {
      this.delay = undefined;
      resolve(true);
    }, setup.delayMs);
    const delay: Delay = { timer, resolve, options, result: Promise.resolve<ShowResult>('cancelled') };
    delay.result = go.then((ready) => (ready ? this.showNow(unit, setup, delay.options) : 'cancelled'));
    this.delay = delay;
    return delay.result;
  }

  private showNow(unit: AdpxOffersElement, setup: UnitSetup, options: AdpxShowOptions): ShowResult {
    this.callbacks = options.callbacks ?? {};
    this.position = options.position ?? uniformMargin(setup.margin);
    this.unit = unit;
    this.stopCloseDelay();
    if (setup.closeDelayMs > 0) unit.toggleAttribute('hide-close', true);
    applyShowLook(
      unit,
      showLayout(options.styles, setup.layout),
      options.styles?.transparent === true,
      this.insets(),
    );
    if (!this.position) for (const name of INSET_NAMES) unit.style.removeProperty(name);
    if (!unit.show()) {
      this.callbacks = {};
      if (setup.closeDelayMs > 0) unit.toggleAttribute('hide-close', false);
      return 'failed';
    }
    if (setup.closeDelayMs > 0) {
      this.closeTimer = setTimeout(() => unit.toggleAttribute('hide-close', false), setup.closeDelayMs);
    }
    if (this.position) this.win().addEventListener('resize', this.onResize);
    return 'shown';
  }

  private stopCloseDelay(): void {
    clearTimeout(this.closeTimer);
    this.closeTimer = undefined;
  }

  /** A second `show` while these offers are on screen: its callbacks apply from now on. */
  adopt(callbacks: AdpxShowCallbacks | undefined): void {
    if (callbacks) this.callbacks = callbacks;
  }

  private insets(): Array<[string, string]> {
    if (!this.position) return [];
    const win = this.win();
    return insetProperties(marginInsets(this.position, { width: win.innerWidth, height: win.innerHeight }));
  }

  /** An orientation change swaps the reference side: margins are computed again. */
  private readonly onResize = (): void => {
    if (!this.unit) return;
    for (const [name, value] of this.insets()) this.unit.style.setProperty(name, value);
  };

  /**
   * Runs the show's callbacks for the unit's events: `offer_shown` (the unit fires it only while
   * shown), `error` while the unit is shown, and `closed_ads`, which ends the session.
   */
  onEvent(name: AdpxEventName, payload: object): void {
    const { callbacks } = this;
    if (name === 'offer_shown') run(callbacks.showCallback, payload as AdpxEventPayloads['offer_shown']);
    else if (name === 'error' && this.unit?.state === UnitStatus.Shown)
      run(callbacks.errorCallback, payload as AdpxErrorInfo);
    else if (name === 'closed_ads') {
      this.callbacks = {};
      this.stopCloseDelay();
      this.win().removeEventListener('resize', this.onResize);
      run(callbacks.dismissCallback, payload as AdpxEventPayloads['closed_ads']);
    }
  }
}
