import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Measures the width of the card's media frame with a `ResizeObserver`, so the image is requested
 * at the size it is drawn. The width only grows: a smaller frame keeps the larger image it already
 * has instead of downloading a smaller one. Starts in `hostConnected`, stops in `hostDisconnected`.
 */
export class MediaSizeController implements ReactiveController {
  /** The widest the frame has been, in CSS pixels; 0 until measured. */
  width = 0;
  private observer?: ResizeObserver;
  private target?: Element;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** Measure `element` (the media frame); `undefined` when the frame left the DOM. */
  readonly observe = (element: Element | undefined): void => {
    if (element === this.target) return;
    if (this.target) this.observer?.unobserve(this.target);
    this.target = element;
    if (element) this.ensureObserver()?.observe(element);
  };

  hostConnected(): void {
    if (this.target) this.ensureObserver()?.observe(this.target);
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = undefined;
  }

  private ensureObserver(): ResizeObserver | undefined {
    if (typeof ResizeObserver === 'undefined') return undefined;
    this.observer ??= new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      const width = entry?.contentBoxSize[0]?.inlineSize ?? entry?.contentRect.width ?? 0;
      if (width > this.width) {
        this.width = width;
        this.host.requestUpdate();
      }
    });
    return this.observer;
  }
}
