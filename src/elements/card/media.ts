/**
 * The image frame. The frame's `aspect-ratio` is the ratio the image is requested at, so the space
 * is reserved before the image arrives (no layout shift) and the image fills it exactly. The image
 * is decorative (`alt=""`): the headline beside it says what the offer is.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { cssProps } from '../css-props.js';
import { imageSources, type CardImage } from './image-source.js';

export interface MediaOptions {
  image: CardImage;
  /** The frame's measured width in CSS pixels; 0 until measured (no request before). */
  width: number;
  eager: boolean;
  /** Receives the frame element, to measure it. */
  frame: (element: Element | undefined) => void;
  onError: () => void;
}

export function mediaTemplate(options: MediaOptions): TemplateResult {
  const { image, width, eager } = options;
  const sources = width > 0 ? imageSources(image, width) : undefined;
  return html`<div
    part="media"
    class="media"
    ${cssProps({ '--_ratio': `${image.ratio.x} / ${image.ratio.y}` })}
    ${ref(options.frame)}
  >
    ${
      sources
        ? html`<img
            part="image"
            class="image"
            loading=${eager ? 'eager' : 'lazy'}
            fetchpriority=${eager ? 'high' : 'auto'}
            decoding="async"
            alt=""
            width=${sources.width}
            height=${sources.height}
            sizes=${sources.sizes}
            srcset=${sources.srcset}
            src=${sources.src}
            @error=${options.onError}
          />`
        : nothing
    }
  </div>`;
}
