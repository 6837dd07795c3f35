/**
 * The image frame. The frame's `aspect-ratio` is the ratio the image is requested at, so the space
 * is reserved before the image arrives (no layout shift) and the image fills it exactly. The image
 * is decorative (`alt=""`): the headline beside it says what the offer is.
 */
import { html, type TemplateResult } from 'lit';
import { cssProps } from '../css-props.js';
import type { CardImage } from './image-source.js';

export interface MediaOptions {
  image: CardImage;
  eager: boolean;
  onError: () => void;
}

/**
 * The frame and its `<img>`. The image's `src`, `srcset`, `sizes`, `width` and `height` are not
 * bound here: {@link MediaSizeController} finds the frame (`.media`) and the `<img>` (`.image`)
 * after each render and sets them once it knows the frame's width (no request before), so
 * measuring does not re-render the card.
 */
export function mediaTemplate(options: MediaOptions): TemplateResult {
  const { image, eager } = options;
  return html`<div
    part="media"
    class="media"
    ${cssProps({ '--_ratio': `${image.ratio.x} / ${image.ratio.y}` })}
  >
    <img
      part="image"
      class="image"
      loading=${eager ? 'eager' : 'lazy'}
      fetchpriority=${eager ? 'high' : 'auto'}
      decoding="async"
      alt=""
      @error=${options.onError}
    />
  </div>`;
}
