import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { DebugLog } from '../debug.js';
import { meetsViewability, VIEWABILITY_THRESHOLDS } from './viewability.js';

export interface ImpressionControllerOptions {
  /** Called once per watched key when the card has been visibly displayed. */
  onImpression: (key: string) => void;
  /** Continuous time the rule must hold before it counts. 0 (default): at once. */
  dwellMs?: () => number;
  log?: DebugLog;
}

/** How often a card whose geometry qualifies but whose CSS hides it is checked again. */
const RECHECK_MS = 250;

/**
 * Watches one card (the host element) and reports an impression once per key when the
 * viewability rule holds: enough of the card in the viewport (IntersectionObserver ratio and
 * geometry, not `isIntersecting`), the document visible, and the card not hidden by CSS
 * (`visibility`, `opacity`, `display`). Starts in `hostConnected`, stops in `hostDisconnected`.
 */
export class ImpressionController implements ReactiveController {
  private observer?: IntersectionObserver;
  private key: string | null = null;
  private timer?: ReturnType<typeof setTimeout>;
  private recheck?: ReturnType<typeof setTimeout>;
  private lastEntry?: IntersectionObserverEntry;
  private connected = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: ImpressionControllerOptions,
  ) {
    host.addController(this);
  }

  /** Watch for `key` (an offer id); `null` stops watching. Re-watching the same key is a no-op. */
  watch(key: string | null): void {
    if (key === this.key) return;
    this.stop();
    this.key = key;
    if (this.connected && key !== null) this.start();
  }

  hostConnected(): void {
    this.connected = true;
    document.addEventListener('visibilitychange', this.onVisibilityChange);
    if (this.key !== null) this.start();
  }

  hostDisconnected(): void {
    this.connected = false;
    document.removeEventListener('visibilitychange', this.onVisibilityChange);
    this.stop();
  }

  private start(): void {
    if (typeof IntersectionObserver === 'undefined') {
      this.options.log?.('no IntersectionObserver: impressions cannot be measured, none fired');
      return;
    }
    this.observer = new IntersectionObserver(this.onEntries, { threshold: VIEWABILITY_THRESHOLDS });
    this.observer.observe(this.host);
  }

  private stop(): void {
    this.observer?.disconnect();
    this.observer = undefined;
    this.lastEntry = undefined;
    this.clearTimers();
  }

  private clearTimers(): void {
    clearTimeout(this.timer);
    clearTimeout(this.recheck);
    this.timer = undefined;
    this.recheck = undefined;
  }

  private readonly onEntries = (entries: IntersectionObserverEntry[]): void => {
    const entry = entries[entries.length - 1];
    if (!entry) return;
    this.lastEntry = entry;
    this.evaluate();
  };

  private readonly onVisibilityChange = (): void => {
    if (document.visibilityState !== 'visible') {
      this.options.log?.('page hidden: impression clock stopped');
      this.clearTimers();
      return;
    }
    // Ask for a fresh entry: geometry may have changed while the page was hidden.
    if (this.observer) {
      this.observer.unobserve(this.host);
      this.observer.observe(this.host);
    }
  };

  private geometryHolds(entry: IntersectionObserverEntry): boolean {
    const root = entry.rootBounds;
    return meetsViewability({
      card: entry.boundingClientRect,
      visible: entry.intersectionRect,
      viewport: root ? { width: root.width, height: root.height } : null,
    });
  }

  private cssVisible(): boolean {
    const el = this.host;
    if (typeof el.checkVisibility === 'function') {
      return el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    }
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.opacity !== '0' && style.display !== 'none';
  }

  private evaluate(): void {
    const entry = this.lastEntry;
    const key = this.key;
    if (!entry || key === null) return;
    const geometry = this.geometryHolds(entry);
    const pageVisible = document.visibilityState === 'visible';
    const holds = geometry && pageVisible && this.cssVisible();
    this.options.log?.(
      `offer ${key}: ratio ${entry.intersectionRatio.toFixed(2)}, page ${document.visibilityState}, ` +
        `rule ${holds ? 'holds' : 'does not hold'}`,
    );
    if (!holds) {
      clearTimeout(this.timer);
      this.timer = undefined;
      // Geometry qualifies but CSS hides the card: no observer callback will tell us when that
      // changes, so look again shortly.
      if (geometry && pageVisible && this.recheck === undefined) {
        this.recheck = setTimeout(() => {
          this.recheck = undefined;
          this.evaluate();
        }, RECHECK_MS);
      }
      return;
    }
    if (this.timer !== undefined) return;
    const dwell = this.options.dwellMs?.() ?? 0;
    if (dwell <= 0) {
      this.fire(key);
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.key === key && document.visibilityState === 'visible' && this.cssVisible()) this.fire(key);
    }, dwell);
  }

  private fire(key: string): void {
    this.stop();
    this.key = null;
    this.options.log?.(`offer ${key}: visibly displayed, impression`);
    this.options.onImpression(key);
  }
}
