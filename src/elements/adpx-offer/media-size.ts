import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { imageSources, type CardImage } from './image-source.js';

/**
 * Sizes the card's image to its frame. A `ResizeObserver` measures the frame, and the `<img>`
 * gets `src`/`srcset`/`sizes` for that width directly, without re-rendering the card: the image
 * is requested at the size it is drawn, and measuring costs the page one small attribute change
 * instead of a second render of every part of the card. The width only grows: a smaller frame
 * keeps the larger image it already has instead of downloading a smaller one. A card of a unit
 * starts from the width the unit's previous card measured ({@link FrameWidthMemo}), so its image
 * is asked for in its first render and the measurement usually changes nothing. A card rendered
 * on the server comes with sources for a phone's frame (`renderOffers`), and its image is loading
 * before the script: they stay unless the frame is wider. The frame (`.media`)
 * and the `<img>` (`.image`) are looked up in the card's element after each render (no `ref`
 * directive: its async-directive machinery weighs ~1 KB gzip in the script-tag file). Starts in
 * `hostConnected`, stops in `hostDisconnected`.
 */

/**
 * The frame width the cards of one unit layout last measured, shared by the unit with each card
 * it renders. A new card requests its image at that width in its first render (the request starts
 * with the card, and measuring then changes nothing: no second style and layout pass in the frame)
 * and corrects it at once when its own measurement differs.
 */
export interface FrameWidthMemo {
  width: number;
}

export class MediaSizeController implements ReactiveController {
  /** The widest the frame has been, in CSS pixels; 0 until measured. */
  width = 0;
  private observer?: ResizeObserver;
  private frame?: Element;
  private img?: HTMLImageElement;
  /** The image the card shows; set before each render, applied after it. */
  image?: CardImage;
  /** The unit's memo of its frames' width (a card used alone has none). */
  memo?: FrameWidthMemo;
  /** `width` came from the memo and this card has not measured its frame yet. */
  private guessed = false;

  /** `root` finds the card's element (its frame and image are looked up inside it). */
  constructor(
    host: ReactiveControllerHost,
    private readonly root: () => ParentNode | null,
  ) {
    host.addController(this);
  }

  /** Measure `element` (the media frame); `undefined` when the card shows none. */
  private observe(element: Element | undefined): void {
    if (element === this.frame) return;
    if (this.frame) this.observer?.unobserve(this.frame);
    this.frame = element;
    if (element) this.ensureObserver()?.observe(element);
  }

  hostConnected(): void {
    if (this.frame) this.ensureObserver()?.observe(this.frame);
  }

  /** After each render: a new image, or a new `<img>`, gets its sources when the width is known. */
  hostUpdated(): void {
    const root = this.root();
    this.observe(root?.querySelector('.media') ?? undefined);
    const img = root?.querySelector('.image');
    this.img = img instanceof HTMLImageElement ? img : undefined;
    if (!this.width && this.frame) {
      // The unit's last measure, a guess; else a server-rendered card's sources
      // (server/ssr/render-offers.ts), kept as if measured.
      this.guessed = !!this.memo?.width;
      this.width = this.memo?.width || +(this.img?.getAttribute('width') ?? 0);
    }
    this.apply();
  }

  hostDisconnected(): void {
    this.stop();
  }

  /** Stops watching the frame (the host left, or the card went for good). */
  stop(): void {
    this.observer?.disconnect();
    this.observer = undefined;
  }

  /** Sets the sources for the current image and width; attributes already right are left alone. */
  private apply(): void {
    const { img, image, width } = this;
    if (!img || !image || width <= 0) return;
    for (const [name, value] of Object.entries(imageSources(image, width)))
      if (img.getAttribute(name) !== `${value}`) img.setAttribute(name, `${value}`);
  }

  private ensureObserver(): ResizeObserver | undefined {
    if (typeof ResizeObserver === 'undefined') return undefined;
    this.observer ??= new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      const width = entry?.contentBoxSize[0]?.inlineSize ?? entry?.contentRect.width ?? 0;
      if (width <= 0) return;
      if (this.memo) this.memo.width = width;
      // A guessed width is corrected either way (smaller too: the image has only just been asked for).
      if (width > this.width || (this.guessed && width !== this.width)) {
        this.width = width;
        this.apply();
      }
      this.guessed = false;
    });
    return this.observer;
  }
}
