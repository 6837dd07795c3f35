import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { DebugLog } from '../debug.js';
import { boxInViewport, measureUnoccluded, supportsVisibilityTracking } from './occlusion.js';
import { assessViewability, thresholdsFor, VIEWABILITY_THRESHOLDS } from './viewability.js';

export interface ImpressionControllerOptions {
  /** Called once per watched key when the watched element has been visibly displayed. */
  onImpression: () => void;
  /** Continuous time the rule must hold before it counts. 0 (default): at once. */
  dwellMs?: () => number;
  log?: DebugLog;
}

/** IntersectionObserver v2 options, not yet in TypeScript's DOM types. */
interface VisibilityObserverInit extends IntersectionObserverInit {
  trackVisibility?: boolean;
  delay?: number;
}

/** An entry that may carry IntersectionObserver v2's verdict. */
type Entry = IntersectionObserverEntry & { readonly isVisible?: boolean };

/** The smallest `delay` IntersectionObserver v2 accepts with `trackVisibility`. */
const VISIBILITY_DELAY_MS = 100;

/**
 * How often a card is looked at again while its geometry qualifies but something no observer
 * reports on vetoes it (CSS hiding, a partial cover): quickly at first, so that a card fading in
 * counts as soon as it shows (an entrance animation starts at opacity 0), then every 250 ms so
 * that a card covered for long costs the page little.
 */
const RECHECK_FAST_MS = 50;
const RECHECK_SLOW_MS = 250;
const FAST_RECHECKS = 20;

interface Decision {
  holds: boolean;
  reason: string;
  /** Look again later: geometry qualifies but a veto without notifications applies. */
  recheck: boolean;
  /** Look again with a fresh entry: the card intersects with no size (see `decide`). */
  remeasure?: boolean;
}

const sameList = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((n, i) => n === b[i]);

/**
 * Watches one element (the card's box given to `watch`, else the host) and reports an impression once per key when the
 * viewability rule holds: enough of the card in the viewport (IntersectionObserver ratio and
 * geometry, not `isIntersecting`), not covered (IntersectionObserver v2 where it exists), the
 * document visible, and the card not hidden by CSS (`visibility`, `opacity`, `display`). With a
 * dwell time the rule must hold that long without a break. Starts in `hostConnected`, stops in
 * `hostDisconnected`; never listens to `unload` (it would keep pages out of the back/forward cache).
 */
export class ImpressionController implements ReactiveController {
  private observer?: IntersectionObserver;
  private thresholds: readonly number[] = VIEWABILITY_THRESHOLDS;
  private trackVisibility = false;
  private key: string | null = null;
  /** The last key watched, for log lines after it fired. */
  private label = '-';
  private timer?: ReturnType<typeof setTimeout>;
  private recheck?: ReturnType<typeof setTimeout>;
  /** Rechecks in a row; the first ones are fast. */
  private rechecks = 0;
  private lastEntry?: Entry;
  private lastReason = '';
  private connected = false;
  /** The element whose box is measured. */
  private target: Element;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: ImpressionControllerOptions,
  ) {
    this.target = host;
    host.addController(this);
  }

  /**
   * Watch `target` (the card's box; the host by default) for `key` (an offer id); `null` stops
   * watching. Re-watching the same key and target is a no-op.
   */
  watch(key: string | null, target: Element | null = this.host): void {
    if (key === this.key && target === this.target) return;
    this.stop();
    this.key = key;
    if (target) this.target = target;
    if (key !== null) this.label = key;
    if (this.connected && key !== null) this.start();
  }

  hostConnected(): void {
    this.connected = true;
    document.addEventListener('visibilitychange', this.onVisibilityChange);
    window.addEventListener('pageshow', this.onPageShow);
    if (this.key !== null) this.start();
  }

  hostDisconnected(): void {
    this.connected = false;
    document.removeEventListener('visibilitychange', this.onVisibilityChange);
    window.removeEventListener('pageshow', this.onPageShow);
    this.stop();
  }

  /** A debug line (a code and its sentence, or a sentence), the offer it is about last. */
  private log(message: string, ...details: unknown[]): void {
    this.options.log?.(message, ...details, `offer ${this.key ?? this.label}`);
  }

  private start(): void {
    if (typeof IntersectionObserver === 'undefined') {
      this.log('I1', 'no IntersectionObserver: impressions cannot be measured, none fired');
      return;
    }
    this.trackVisibility = supportsVisibilityTracking();
    if (this.trackVisibility)
      this.log('I2', 'watching (IntersectionObserver v2: covered cards are measured)');
    else this.log('I3', 'watching (IntersectionObserver v1: no occlusion check in this browser)');
    this.observe(VIEWABILITY_THRESHOLDS);
  }

  private observe(thresholds: readonly number[]): void {
    this.observer?.disconnect();
    this.thresholds = thresholds;
    const init: VisibilityObserverInit = { threshold: [...thresholds] };
    if (this.trackVisibility) {
      init.trackVisibility = true;
      init.delay = VISIBILITY_DELAY_MS;
    }
    try {
      this.observer = new IntersectionObserver(this.onEntries, init);
    } catch (error) {
      this.log('I4', 'IntersectionObserver v2 refused; using v1:', error);
      this.trackVisibility = false;
      this.observer = new IntersectionObserver(this.onEntries, { threshold: [...thresholds] });
    }
    this.observer.observe(this.target);
  }

  private stop(): void {
    this.observer?.disconnect();
    this.observer = undefined;
    this.lastEntry = undefined;
    this.lastReason = '';
    this.clearTimers();
  }

  private clearTimers(): void {
    this.clearDwell();
    this.clearRecheck();
  }

  private clearDwell(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private clearRecheck(): void {
    clearTimeout(this.recheck);
    this.recheck = undefined;
  }

  /** Asks the observer for a fresh entry (geometry may have changed while we were not told). */
  private refresh(): void {
    if (!this.observer) return;
    this.observer.unobserve(this.target);
    this.observer.observe(this.target);
  }

  private readonly onEntries = (entries: IntersectionObserverEntry[]): void => {
    const entry = entries[entries.length - 1];
    if (!entry || this.key === null) return;
    this.lastEntry = entry;
    // Observe the exact ratios at which the rule flips for this card's size (and the viewport's).
    const wanted = thresholdsFor(entry.boundingClientRect, entry.rootBounds);
    if (!sameList(wanted, this.thresholds)) this.observe(wanted);
    this.evaluate();
  };

  private readonly onVisibilityChange = (): void => {
    if (!this.observer) return;
    if (document.visibilityState !== 'visible') {
      this.clearTimers();
      this.note({ holds: false, reason: `page ${document.visibilityState}: clock stopped`, recheck: false });
      return;
    }
    this.refresh();
  };

  private readonly onPageShow = (event: PageTransitionEvent): void => {
    if (!event.persisted) return;
    this.log(
      'I5',
      'page restored from the back/forward cache; fired beacons stay fired:',
      this.observer ? 'still watching' : 'impression already counted',
    );
    this.refresh();
  };

  private cssVisible(): boolean {
    const el = this.target;
    if (typeof el.checkVisibility === 'function') {
      return el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    }
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.opacity !== '0' && style.display !== 'none';
  }

  /**
   * The geometry rule on the card's box as it is now. Scrolling is synchronous but observer entries
   * come a frame later (and v2 throttles them to one per 100 ms), so at the end of a dwell a card
   * scrolled away a moment ago may not have been reported yet. Only in a top-level document, where
   * the box is in viewport coordinates; the box ignores clipping by ancestors, so this can only
   * reject a card that is really gone, never one that is visible.
   */
  private boxStillQualifies(): boolean {
    if (window.top !== window) return true;
    const { box, visible, viewport } = boxInViewport(this.target);
    return assessViewability({ card: box, visible, viewport }).holds;
  }

  /** The whole rule, from the last entry and the live page state. */
  private decide(): Decision {
    const entry = this.lastEntry;
    if (!entry) return { holds: false, reason: 'not measured yet', recheck: false };
    if (document.visibilityState !== 'visible') {
      return { holds: false, reason: `page ${document.visibilityState}`, recheck: false };
    }
    const geometry = {
      card: entry.boundingClientRect,
      visible: entry.intersectionRect,
      viewport: entry.rootBounds,
    };
    const ratio = `ratio ${entry.intersectionRatio.toFixed(3)}`;
    const plain = assessViewability(geometry);
    if (!plain.holds) {
      // A card of no size that intersects (a `transform: scale(0)` ancestor, a zoom-in entrance)
      // keeps its ratio when it grows: no threshold is crossed, so no entry would ever follow.
      const { width, height } = entry.boundingClientRect;
      const remeasure = entry.isIntersecting && !(width * height > 0);
      return { holds: false, reason: `${ratio}: ${plain.reason}`, recheck: remeasure, remeasure };
    }
    if (!this.cssVisible()) {
      return {
        holds: false,
        reason: `${ratio}: hidden by CSS (display, visibility or opacity)`,
        recheck: true,
      };
    }
    if (entry.isVisible !== false) {
      const v2 = entry.isVisible === true ? ', IntersectionObserver v2: not covered' : '';
      return { holds: true, reason: `${ratio}: ${plain.reason}${v2}`, recheck: false };
    }
    // v2 says covered or visually altered: measure how much of the card really shows. v2 stays
    // false while a cover only moves or shrinks, so keep looking (also to keep a dwell honest).
    const unoccluded = measureUnoccluded(this.target, entry.intersectionRect);
    const covered = assessViewability({ ...geometry, unoccluded });
    return {
      holds: covered.holds,
      reason: `${ratio}: IntersectionObserver v2: covered or altered; hit test: ${covered.reason}`,
      recheck: true,
    };
  }

  /** Logs a decision when it differs from the previous one, and keeps or drops the recheck. */
  private note(decision: Decision): void {
    const text = `rule ${decision.holds ? 'holds' : 'does not hold'}: ${decision.reason}`;
    if (text !== this.lastReason) this.log(text);
    this.lastReason = text;
    if (!decision.recheck) {
      this.clearRecheck();
      this.rechecks = 0;
    } else if (this.recheck === undefined) {
      const delay = this.rechecks < FAST_RECHECKS ? RECHECK_FAST_MS : RECHECK_SLOW_MS;
      this.rechecks += 1;
      this.recheck = setTimeout(() => {
        this.recheck = undefined;
        if (decision.remeasure) this.refresh();
        else this.evaluate();
      }, delay);
    }
  }

  private evaluate(): void {
    const key = this.key;
    if (key === null) return;
    const decision = this.decide();
    this.note(decision);
    if (!decision.holds) {
      if (this.timer !== undefined) this.log('I8', 'dwell clock reset');
      this.clearDwell();
      return;
    }
    if (this.timer !== undefined) return;
    const dwell = this.options.dwellMs?.() ?? 0;
    if (!(dwell > 0)) {
      this.fire(key);
      return;
    }
    this.log('I7', 'dwell clock started, ms:', dwell);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.key !== key) return;
      const now = this.decide();
      if (now.holds && !this.boxStillQualifies()) {
        this.log('I6', 'dwell clock ran out, but the card has just left the viewport: dwell clock reset');
        this.refresh();
        return;
      }
      this.note(now);
      if (now.holds) this.fire(key);
      else this.log('I8', 'dwell clock reset');
    }, dwell);
  }

  private fire(key: string): void {
    this.stop();
    this.key = null;
    this.options.log?.(`offer ${key}: visibly displayed, impression`);
    this.options.onImpression();
  }
}
