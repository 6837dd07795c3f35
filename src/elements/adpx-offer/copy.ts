/**
 * The card's words: advertiser line, headline, description and small print. Every string goes
 * through a Lit text binding, so markup in an offer's text shows as the characters it is.
 *
 * Wide and narrow texts are both rendered when they differ; the container query in the card's
 * styles shows one pair and hides the other with `display: none !important` (an important rule of
 * the shadow tree wins over a page's `::part()` rule, so the page cannot un-hide it), which also
 * removes it from the accessibility tree.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Messages } from '../../i18n/messages.js';
import type { Offer } from '../../model/types.js';
import { headingLevelOf } from '../../options/values.js';
import { advertiserLine, type CardCopy } from './texts.js';

/** "Offer from X" above the headline. */
export function advertiserTemplate(offer: Offer, m: Messages): TemplateResult | typeof nothing {
  const line = advertiserLine(offer, m);
  return line === undefined
    ? nothing
    : html`<p part="advertiser" class="advertiser" .textContent=${line}></p>`;
}

/**
 * One text per width class, or a single one when both read the same. `one` renders a text with the
 * class that shows it only on wide (`when-wide`) or narrow (`when-narrow`) cards, or none.
 */
function byWidth(
  wide: string | undefined,
  narrow: string | undefined,
  one: (text: string, width: string) => TemplateResult,
): TemplateResult | typeof nothing {
  if (wide === narrow) return wide === undefined ? nothing : one(wide, '');
  return html`${wide === undefined ? nothing : one(wide, 'when-wide')}${
    narrow === undefined ? nothing : one(narrow, 'when-narrow')
  }`;
}

/*
 * The offer's own texts carry `dir="auto"`: they come from the service in whatever language it
 * answered, so each paragraph takes the direction of its own words (English offer text in an Arabic
 * unit reads left to right, with its full stop at the end).
 */

/**
 * The headline(s) inside the element `id` names, which names the card: naming skips the hidden one, so the
 * card's name is the headline on screen. Always an `<h2>` (one template, one style); another level
 * of the page's outline is its `aria-level`.
 */
export function headlineTemplate(copy: CardCopy, level: number, id: string): TemplateResult {
  const ariaLevel = headingLevelOf(level) === 2 ? nothing : level;
  return html`<div id=${id} class="headlines">
    ${byWidth(
      copy.wide.headline,
      copy.narrow.headline,
      (text, width) =>
        html`<h2
          part="headline"
          class="headline ${width}"
          aria-level=${ariaLevel}
          dir="auto"
          .textContent=${text}
        ></h2>`,
    )}
  </div>`;
}

/** The description(s). */
export function descriptionTemplate(copy: CardCopy): TemplateResult | typeof nothing {
  if (copy.wide.description === undefined && copy.narrow.description === undefined) return nothing;
  return byWidth(
    copy.wide.description,
    copy.narrow.description,
    (text, width) =>
      html`<p part="description" class="description ${width}" dir="auto" .textContent=${text}></p>`,
  );
}

/** `mini_text` as small print. */
export function miniTextTemplate(offer: Offer): TemplateResult | typeof nothing {
  const text = offer.mini_text?.trim();
  return text
    ? html`<p part="mini-text" class="mini-text" dir="auto">
        <small .textContent=${offer.mini_text ?? ''}></small>
      </p>`
    : nothing;
}
