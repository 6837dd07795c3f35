import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { imageSources, type CardImage } from './image-source.js';

/**
 * Sizes the card's image to its frame. A `ResizeObserver` measures the frame, and the `<img>`
 * gets `src`/`srcset`/`sizes` for that width directly, without re-rendering the card: the image
 * is requested at the size it is drawn, and measuring costs the page one small attribute change
 * instead of a second render of every part of the card. The width only grows: a smaller frame
 * keeps the larger image it already has instead of downloading a smaller one. Starts in
 * `hostConnected`, stops in `hostDisconnected`.
 */
export class MediaSizeController implements ReactiveController {
  /** The widest the frame has been, in CSS pixels; 0 until measured. */
  width = 0;
  private observer?: ResizeObserver;
  private frame?: Element;
  private img?: HTMLImageElement;
  /** The image the card shows; set before each render, applied after it. */
  image?: CardImage;

  constructor(host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** Measure `element` (the media frame); `undefined` when the frame left the DOM. */
  readonly observe = (element: Element | undefined): void => {
    if (element === this.frame) return;
    if (this.frame) this.observer?.unobserve(this.frame);
    this.frame = element;
    if (element) this.ensureObserver()?.observe(element);
  };

  /** The `<img>` to size; `undefined` when it left the DOM. */
  readonly imageElement = (element: Element | undefined): void => {
    this.img = element instanceof HTMLImageElement ? element : undefined;
  };

  hostConnected(): void {
    if (this.frame) this.ensureObserver()?.observe(this.frame);
  }

  /** After each render: a new image, or a new `<img>`, gets its sources when the width is known. */
  hostUpdated(): void {
    this.apply();
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = undefined;
  }

  /** Sets the sources for the current image and width; attributes already right are left alone. */
  private apply(): void {
    const { img, image, width } = this;
    if (!img || !image || width <= 0) return;
    const sources = imageSources(image, width);
    const set = (name: string, value: string) => {
      if (img.getAttribute(name) !== value) img.setAttribute(name, value);
    };
    set('width', String(sources.width));
    set('height', String(sources.height));
    set('sizes', sources.sizes);
    set('srcset', sources.srcset);
    set('src', sources.src);
  }

  private ensureObserver(): ResizeObserver | undefined {
    if (typeof ResizeObserver === 'undefined') return undefined;
    this.observer ??= new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      const width = entry?.contentBoxSize[0]?.inlineSize ?? entry?.contentRect.width ?? 0;
      if (width > this.width) {
        this.width = width;
        this.apply();
      }
    });
    return this.observer;
  }
}
