import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * The list layout's "scrolled past all offers": an IntersectionObserver on a sentinel placed after
 * the last card. It reports once when the sentinel has left the viewport upwards (the bottom of the
 * list is above the top of the viewport) after the person has seen the list: the sentinel was in
 * view, or a card counted an impression (`markSeen`). A page opened already scrolled below the
 * list therefore reports nothing.
 */
export class ScrollPastController implements ReactiveController {
  private observer?: IntersectionObserver;
  private target: Element | null = null;
  private seen = false;
  private connected = false;

  constructor(
    host: ReactiveControllerHost,
    private readonly onScrolledPast: () => void,
  ) {
    host.addController(this);
  }

  /** Watch `target` (the sentinel); `null` stops watching. The same target again is a no-op. */
  observe(target: Element | null): void {
    if (target === this.target) return;
    this.disconnect();
    this.target = target;
    this.seen = false;
    if (this.connected) this.start();
  }

  /** The person has seen part of the list (a card's impression counted). */
  markSeen(): void {
    this.seen = true;
  }

  hostConnected(): void {
    this.connected = true;
    this.start();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.disconnect();
  }

  private start(): void {
    if (!this.target || this.observer || typeof IntersectionObserver === 'undefined') return;
    this.observer = new IntersectionObserver(this.onEntries);
    this.observer.observe(this.target);
  }

  private disconnect(): void {
    this.observer?.disconnect();
    this.observer = undefined;
  }

  private readonly onEntries = (entries: IntersectionObserverEntry[]): void => {
    const entry = entries[entries.length - 1];
    if (!entry) return;
    if (entry.isIntersecting) {
      this.seen = true;
      return;
    }
    const top = entry.rootBounds?.top ?? 0;
    if (this.seen && entry.boundingClientRect.bottom <= top) {
      this.disconnect();
      this.target = null;
      this.onScrolledPast();
    }
  };
}
