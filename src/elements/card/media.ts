/**
 * The image frame. The frame's `aspect-ratio` is the ratio the image is requested at, so the space
 * is reserved before the image arrives (no layout shift) and the image fills it exactly. The image
 * is decorative (`alt=""`): the headline beside it says what the offer is.
 */
import { html, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { cssProps } from '../css-props.js';
import type { CardImage } from './image-source.js';

export interface MediaOptions {
  image: CardImage;
  eager: boolean;
  /** Receives the frame element, to measure it. */
  frame: (element: Element | undefined) => void;
  /** Receives the `<img>`, which gets its sources once the frame is measured. */
  img: (element: Element | undefined) => void;
  onError: () => void;
}

/**
 * The frame and its `<img>`. The image's `src`, `srcset`, `sizes`, `width` and `height` are not
 * bound here: {@link MediaSizeController} sets them once it knows the frame's width (no request
 * before), so measuring does not re-render the card.
 */
export function mediaTemplate(options: MediaOptions): TemplateResult {
  const { image, eager } = options;
  return html`<div
    part="media"
    class="media"
    ${cssProps({ '--_ratio': `${image.ratio.x} / ${image.ratio.y}` })}
    ${ref(options.frame)}
  >
    <img
      part="image"
      class="image"
      loading=${eager ? 'eager' : 'lazy'}
      fetchpriority=${eager ? 'high' : 'auto'}
      decoding="async"
      alt=""
      ${ref(options.img)}
      @error=${options.onError}
    />
  </div>`;
}
