/**
 * The unit's templates, one function per piece: header, navigation, card, end card, and the four
 * layouts around them. They only render what the element hands them (`UnitView`); every decision
 * and every piece of state stays in the element.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Offer, OffersResponse } from '../../model/types.js';
import { cssProps } from '../css-props.js';
import type { OfferCard } from '../adpx-offer/card.js';
import { cardTemplate } from '../adpx-offer/card-template.js';
import type { TermsMode } from '../adpx-terms/terms.js';
import type { Messages } from '../../i18n/messages.js';
import { isModalLayout, progressLabel, type UnitLayout } from './flow.js';

/** Everything a template needs, prepared by the element. */
export interface UnitView {
  layout: UnitLayout;
  /** The unit's theme variables, set on the top of its tree, where base.styles.ts maps the tokens. */
  theme: Record<string, string>;
  /** `theme`, and `transparent` for a transparent offer background: the top element's classes. */
  themeClass: string;
  response: OffersResponse;
  index: number;
  /** The flow is over and the end card is shown instead of an offer. */
  ended: boolean;
  /** The card of an offer at its index: its state lives as long as the load. */
  cardFor: (offer: Offer, index: number) => OfferCard;
  heading: string;
  /** The level of the unit's top heading, 1 to 6: `heading`'s when there is one, else the cards'. */
  headingLevel: number;
  hideClose: boolean;
  showQr: boolean;
  /** No 'More offers' action (the script API's `offerwall: false`). */
  noOfferwall: boolean;
  /** Vertical place of the popup. */
  position: 'top' | 'center' | 'bottom';
  terms: TermsMode;
  /** The unit's words, in its language. */
  m: Messages;
  /** The first of a newly shown unit's two renders: hidden, its cards drafts (`CardView.draft`). */
  draft: boolean;
  onClose: () => void;
  onNext: () => void;
  onPrevious: () => void;
  onCancel: (event: Event) => void;
  onDialogClose: (event: Event) => unknown;
  onPointerDown: (event: PointerEvent) => void;
  onOverlayClick: (event: MouseEvent) => unknown;
}

const HEADING_ID = 'adpx-unit-heading';

/** The accessible name of the unit: the visible heading when there is one. */
const labelledBy = (v: UnitView) => (v.heading ? HEADING_ID : nothing);

const ariaLabel = (v: UnitView) =>
  v.heading
    ? nothing
    : v.layout === 'list'
      ? v.m.t('offersCount', { count: v.response.count })
      : v.m.t('offers');

/** The unit's own heading: an `<h2>` (one style), its level in the page's outline as `aria-level`. */
function unitHeading(v: UnitView): TemplateResult {
  const level = v.headingLevel === 2 ? nothing : v.headingLevel;
  return html`<h2 id=${HEADING_ID} class="heading" aria-level=${level} .textContent=${v.heading}></h2>`;
}

/**
 * The heading and the close button (its cross drawn by the styles); hidden when it has neither.
 * Without a heading it is `floating`: the close button alone, over the unit's corner inline.
 */
function header(v: UnitView): TemplateResult {
  const showClose = !v.hideClose && !v.ended;
  return html`<header
    part="header"
    class="header ${v.heading ? '' : 'floating'}"
    ?hidden=${!v.heading && !showClose}
  >
    ${v.heading ? unitHeading(v) : nothing}<button
      part="close"
      class="icon-button close"
      type="button"
      aria-label=${v.m.t('close')}
      ?hidden=${!showClose}
      @click=${v.onClose}
    ></button>
  </header>`;
}

function card(v: UnitView, offer: Offer, index: number): TemplateResult {
  return cardTemplate(v.cardFor(offer, index), {
    current: index + 1,
    total: v.response.count,
    m: v.m,
    eager: index === 0,
    showQr: v.showQr,
    noOfferwall: v.noOfferwall,
    // The response is normalised: its privacy_url already passed safeHttpUrl (model/normalize.ts).
    privacyUrl: v.response.privacy_url,
    headingLevel: v.heading ? Math.min(v.headingLevel + 1, 6) : v.headingLevel,
    terms: v.terms,
    draft: v.draft,
  });
}

function endCard(v: UnitView): TemplateResult {
  return html`<div part="end" class="end">
    <p class="end-title" .textContent=${v.m.t('endTitle')}></p>
    <p class="end-body" .textContent=${v.m.t('endBody')}></p>
    <button
      part="close"
      class="end-close"
      type="button"
      @click=${v.onClose}
      .textContent=${v.m.t('close')}
    ></button>
  </div>`;
}

/**
 * The one-at-a-time layouts: the polite live region, the header, then the card or the end card,
 * and the navigation (its chevrons drawn by the styles). The live region's text has no binding: the
 * unit writes it directly after a render (`announce` in adpx-offers.ts), so an announcement costs
 * no second render. Inline, the box is the unit's named landmark; in a dialog, the dialog is.
 */
function flow(v: UnitView, inDialog: boolean): TemplateResult {
  const offer = v.response.offers[v.index];
  const ended = v.ended || !offer;
  const count = v.response.count;
  const m = v.m;
  return html`<section
    part="unit ${inDialog ? 'dialog' : ''}"
    class="unit ${inDialog ? 'box' : `layout-inline ${v.themeClass}`}"
    ${cssProps(inDialog ? {} : v.theme)}
    lang=${inDialog ? nothing : v.m.language}
    dir=${!inDialog && v.m.rtl ? 'rtl' : nothing}
    tabindex=${inDialog ? '-1' : nothing}
    aria-labelledby=${inDialog ? nothing : labelledBy(v)}
    aria-label=${inDialog ? nothing : ariaLabel(v)}
    ?hidden=${v.draft}
  >
    <div class="visually-hidden live" role="status" aria-live="polite" aria-atomic="true"></div>
    ${header(v)}
    <div class="stage">${ended ? endCard(v) : card(v, offer, v.index)}</div>
    <div part="nav" class="nav" role="group" aria-label=${m.t('navigation')} ?hidden=${ended || count < 2}>
      <button
        part="previous"
        class="nav-button previous"
        type="button"
        aria-label=${m.t('previousOffer')}
        aria-disabled=${v.index === 0 ? 'true' : 'false'}
        @click=${v.onPrevious}
      >
        <span .textContent=${m.t('previous')}></span>
      </button>
      <p part="progress" class="progress" .textContent=${progressLabel(v.index, count, m)}></p>
      <button
        part="next"
        class="nav-button next"
        type="button"
        aria-label=${m.t('nextOffer')}
        @click=${v.onNext}
      >
        <span .textContent=${m.t('next')}></span>
      </button>
    </div>
  </section>`;
}

function modal(v: UnitView): TemplateResult {
  return html`<dialog
    part="overlay"
    class="overlay layout-${v.layout} position-${v.position} ${v.themeClass}"
    ${cssProps(v.theme)}
    lang=${v.m.language}
    dir=${v.m.rtl ? 'rtl' : nothing}
    aria-labelledby=${labelledBy(v)}
    aria-label=${ariaLabel(v)}
    @cancel=${v.onCancel}
    @close=${v.onDialogClose}
    @pointerdown=${v.onPointerDown}
    @click=${v.onOverlayClick}
  >
    ${flow(v, true)}
  </dialog>`;
}

function list(v: UnitView): TemplateResult {
  return html`<section
    part="unit"
    class="unit layout-list ${v.themeClass}"
    aria-label=${ariaLabel(v)}
    aria-labelledby=${labelledBy(v)}
    ${cssProps(v.theme)}
    lang=${v.m.language}
    dir=${v.m.rtl ? 'rtl' : nothing}
    ?hidden=${v.draft}
  >
    ${header({ ...v, ended: false })}
    <ol part="list" class="list">
      ${v.response.offers.map((offer, index) => html`<li class="item">${card(v, offer, index)}</li>`)}
    </ol>
    <div class="sentinel" aria-hidden="true"></div>
  </section>`;
}

/** The unit in its layout. */
export function unitTemplate(v: UnitView): TemplateResult {
  if (isModalLayout(v.layout)) return modal(v);
  return v.layout === 'list' ? list(v) : flow(v, false);
}
