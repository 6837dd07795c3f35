/**
 * The card's markup: one flat template for every fragment of the offer, in the order the service
 * spec lists them. A fragment the offer lacks is a `hidden` element, not a branch, so the card keeps
 * one shape from offer to offer: Lit updates bindings and inserts no markers around each fragment,
 * and the card costs about the nodes a hand-written one does. Only what few offers have (the loyalty
 * boost, the QR code) and the terms are separate templates.
 *
 * The image frame's `aspect-ratio` is the ratio the image is requested at, so its space is reserved
 * before the image arrives (no layout shift). The `<img>`'s `src`, `srcset`, `sizes`, `width` and
 * `height` are not bound: the card's `MediaSizeController` sets them once it knows the frame's width.
 * The image is decorative (`alt=""`): the headline beside it says what the offer is.
 *
 * Every string goes through `.textContent`, so markup in an offer's text shows as the characters it
 * is. The offer's own texts carry `dir="auto"`: they come in whatever language the service answered,
 * so each paragraph takes the direction of its own words.
 *
 * Wide and narrow texts are both rendered when they differ; the container query in the card's
 * styles shows one pair and hides the other with `display: none !important` (an important rule of
 * the shadow tree wins over a page's `::part()` rule, so the page cannot un-hide it), which also
 * removes it from the accessibility tree. Links that leave the page are real `<a href>` (they read
 * as links and can be copied) whose click the card handles: it reports `url_clicked` and opens the
 * URL itself, which in a native host means not inside the WebView. A button in a shadow tree
 * belongs to no form of the page, so the CTAs need no `type="button"`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Messages } from '../../i18n/messages.js';
import type { MessageKey } from '../../i18n/types.js';
import type { Offer } from '../../model/types.js';
import { headingLevelOf } from '../../options/values.js';
import { termsTemplate } from '../adpx-terms/terms.js';
import { cssProps } from '../css-props.js';
import type { CardView, OfferCard } from './card.js';
import { SaveState } from './save-for-later.js';
import { advertiserLine, cardCopy, ctaLabels, qrAlt } from './texts.js';

/** The save button's words, its icon, and what its status line says, in each state. */
const SAVE: Record<SaveState, { label: MessageKey; status?: MessageKey; icon: 'bookmark' | 'check' }> = {
  idle: { label: 'saveForLater', icon: 'bookmark' },
  saving: { label: 'saving', icon: 'bookmark' },
  saved: { label: 'saved', status: 'savedStatus', icon: 'check' },
  failed: { label: 'saveForLater', status: 'saveFailed', icon: 'bookmark' },
};

/** The save icon's one path, outlined: a bookmark, or a check once saved. */
const SAVE_ICON = {
  bookmark: { d: 'M6.5 3.5h11v17l-5.5-4-5.5 4z', width: '2', cap: 'butt' },
  check: { d: 'M4.5 12.5l5 5 10-11', width: '2.4', cap: 'round' },
};

/** The loyalty-boost badge and what the user must do to earn the reward. */
function loyaltyTemplate(offer: Offer, m: Messages): TemplateResult {
  const requirements = offer.loyaltyboost_requirements?.trim();
  return html`<div part="loyalty" class="loyalty">
    <span class="badge"
      ><svg class="icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
          fill="currentColor"
        /></svg
      ><span .textContent=${m.t('loyalty')}></span
    ></span>
    <p
      class="requirements"
      dir="auto"
      ?hidden=${!requirements}
      .textContent=${requirements ? offer.loyaltyboost_requirements : ''}
    ></p>
  </div>`;
}

/**
 * The QR code, only when the publisher asks for it (`show-qr`). Drawn black on white with its quiet
 * zone, at most 228 px (its natural size), and with `image-rendering: pixelated` so modules stay
 * sharp when scaled. The image's text alternative says what it is for; the visible caption
 * repeats it briefly and is hidden from assistive technology so it is not read twice.
 */
function qrTemplate(url: string, offer: Offer, m: Messages): TemplateResult {
  return html`<div part="qr" class="qr">
    <span class="qr-frame"
      ><img class="qr-image" src=${url} alt=${qrAlt(offer, m)} width="228" height="228"
    /></span>
    <span class="qr-caption" aria-hidden="true" .textContent=${m.t('qrCaption')}></span>
  </div>`;
}

/** The loyalty boost and the QR code, which few offers have: one place in the card for both. */
function rareTemplate(offer: Offer, v: CardView): TemplateResult | typeof nothing {
  const loyalty = offer.is_loyaltyboost ? loyaltyTemplate(offer, v.m) : undefined;
  const qr = v.showQr && offer.qr_code_img ? qrTemplate(offer.qr_code_img, offer, v.m) : undefined;
  if (loyalty && qr) return html`${loyalty}${qr}`;
  return loyalty ?? qr ?? nothing;
}

/** The card: every fragment of the offer (a draft leaves out what follows the actions). */
export function cardTemplate(card: OfferCard, v: CardView): TemplateResult {
  card.willRender(v);
  const { offer, image, id } = card;
  const m = v.m;
  const { wide, narrow } = cardCopy(offer);
  const headlines = wide.headline !== narrow.headline;
  const descriptions = wide.description !== narrow.description;
  const ariaLevel = headingLevelOf(v.headingLevel) === 2 ? nothing : v.headingLevel;
  const advertiser = advertiserLine(offer, m);
  const { accept, decline } = ctaLabels(offer, m);
  const { onAccept, onDecline } = card;
  const showMedia = image !== undefined && image.url !== card.failedImage;
  return html`<div id=${id} part="offer" class="offer">
    <article part="card" class="card ${showMedia ? 'has-media' : ''}" aria-labelledby="${id}-headline">
      <div
        part="media"
        class="media"
        ?hidden=${!showMedia}
        ${cssProps(image ? { '--_ratio': `${image.ratio.x} / ${image.ratio.y}` } : {})}
      >
        <img
          part="image"
          class="image"
          loading=${v.eager ? 'eager' : 'lazy'}
          fetchpriority=${v.eager ? 'high' : 'auto'}
          decoding="async"
          alt=""
          @error=${card.onImageError}
        />
      </div>
      <div class="intro">
        <p part="advertiser" class="advertiser" ?hidden=${!advertiser} .textContent=${advertiser ?? ''}></p>
        <div id="${id}-headline" class="headlines">
          <h2
            part="headline"
            class="headline ${headlines ? 'when-wide' : ''}"
            aria-level=${ariaLevel}
            dir="auto"
            .textContent=${wide.headline ?? ''}
          ></h2>
          <h2
            part="headline"
            class="headline when-narrow"
            aria-level=${ariaLevel}
            dir="auto"
            ?hidden=${!headlines}
            .textContent=${headlines ? (narrow.headline ?? '') : ''}
          ></h2>
        </div>
        <p
          part="description"
          class="description ${descriptions ? 'when-wide' : ''}"
          dir="auto"
          ?hidden=${wide.description === undefined}
          .textContent=${wide.description ?? ''}
        ></p>
        <p
          part="description"
          class="description when-narrow"
          dir="auto"
          ?hidden=${!descriptions}
          .textContent=${descriptions ? (narrow.description ?? '') : ''}
        ></p>
      </div>
      ${v.draft ? nothing : rareTemplate(offer, v)}
      <div part="actions" class="actions">
        <button part="accept" class="accept" dir="auto" @click=${onAccept} .textContent=${accept}></button>
        <button
          part="decline"
          class="decline"
          dir="auto"
          @click=${onDecline}
          .textContent=${decline}
        ></button>
      </div>
      ${v.draft ? nothing : cardEnd(card, v)}
    </article>
  </div>`;
}

/**
 * What follows the card's actions: 'More offers', 'Save for later', the small print, the terms and
 * the privacy link (left out of a draft, {@link CardView.draft}).
 */
function cardEnd(card: OfferCard, v: CardView): TemplateResult {
  const { offer, terms } = card;
  const m = v.m;
  const offerwall = offer.offerwall_enabled && !v.noOfferwall ? offer.offerwall_url : undefined;
  const canSave = card.canSave;
  const save = SAVE[card.saveState];
  const saveIcon = SAVE_ICON[save.icon];
  const saveDone = card.saveState === SaveState.Saved || card.saveState === SaveState.Saving;
  const miniText = offer.mini_text?.trim() ? offer.mini_text : undefined;
  const showTerms = terms.hasTerms && !terms.failure;
  return html`<div class="extras" ?hidden=${!offerwall && !canSave}>
      <a
        part="offerwall"
        class="extra"
        href=${offerwall ?? nothing}
        target="_blank"
        rel="noopener noreferrer"
        ?hidden=${!offerwall}
        @click=${card.onLink}
        ><svg class="icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            d="M4 4h6.5v6.5H4zM13.5 4H20v6.5h-6.5zM4 13.5h6.5V20H4zM13.5 13.5H20V20h-6.5z"
            fill="none"
            stroke="currentColor"
            stroke-width="2"
          /></svg
        ><span .textContent=${m.t('moreOffers')}></span
      ></a>
      <button
        part="save"
        class="extra save"
        type="button"
        data-state=${card.saveState}
        aria-disabled=${saveDone ? 'true' : 'false'}
        ?hidden=${!canSave}
        @click=${card.onSave}
      >
        <svg class="icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            d=${saveIcon.d}
            fill="none"
            stroke="currentColor"
            stroke-width=${saveIcon.width}
            stroke-linejoin="round"
            stroke-linecap=${saveIcon.cap}
          /></svg
        ><span .textContent=${m.t(save.label)}></span>
      </button>
      <span
        class=${card.saveState === SaveState.Failed ? 'save-status' : 'visually-hidden'}
        role="status"
        .textContent=${save.status ? m.t(save.status) : ''}
      ></span>
    </div>
    <p part="mini-text" class="mini-text" dir="auto" ?hidden=${!miniText}>
      <small .textContent=${miniText ?? ''}></small>
    </p>
    <div class="legal" ?hidden=${!v.privacyUrl && !showTerms}>
      <div
        part="terms"
        class="terms ${terms.expanded && terms.mode !== 'modal' ? 'open' : ''}"
        ?hidden=${!showTerms}
      >
        ${termsTemplate(terms, {
          label: m.t('terms'),
          closeLabel: m.t('close'),
          unavailableLabel: m.t('termsUnavailable'),
        })}
      </div>
      <a
        part="privacy"
        class="privacy"
        href=${v.privacyUrl ?? nothing}
        target="_blank"
        rel="noopener noreferrer"
        ?hidden=${!v.privacyUrl}
        @click=${card.onLink}
        .textContent=${m.t('privacy')}
      ></a>
    </div> `;
}
