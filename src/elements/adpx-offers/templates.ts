/**
 * The unit's templates, one function per piece: header, navigation, card, end card, and the four
 * layouts around them. They only render what the element hands them (`UnitView`); every decision
 * and every piece of state stays in the element.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Offer, OffersResponse } from '../../model/types.js';
import { safeHttpUrl } from '../../model/urls.js';
import { cardTemplate, type OfferCard } from '../adpx-offer/card.js';
import type { TermsMode } from '../adpx-terms/terms.js';
import type { Messages } from '../../i18n/messages.js';
import { progressLabel, type UnitLayout } from './flow.js';

/** Everything a template needs, prepared by the element. */
export interface UnitView {
  layout: UnitLayout;
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
  onClose: () => void;
  onNext: () => void;
  onPrevious: () => void;
  onCancel: (event: Event) => void;
  onDialogClose: (event: Event) => void;
  onPointerDown: (event: PointerEvent) => void;
  onOverlayClick: (event: MouseEvent) => void;
}

const HEADING_ID = 'adpx-unit-heading';

const chevron = html`<svg class="chevron" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
  <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
</svg>`;

const cross = html`<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
  <path d="M3.5 3.5l9 9m0-9l-9 9" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
</svg>`;

/** The accessible name of the unit: the visible heading when there is one. */
const labelledBy = (v: UnitView) => (v.heading ? HEADING_ID : nothing);

const ariaLabel = (v: UnitView) =>
  v.heading
    ? nothing
    : v.layout === 'list'
      ? v.m.t('offersCount', { count: v.response.count })
      : v.m.t('offers');

/**
 * The polite live region. Its text has no binding: the unit writes it directly after a render
 * (`announce` in adpx-offers.ts), so an announcement costs no second render of the unit.
 */
function liveRegion(): TemplateResult {
  return html`<div class="visually-hidden live" role="status" aria-live="polite" aria-atomic="true"></div>`;
}

function closeButton(v: UnitView): TemplateResult {
  return html`<button
    part="close"
    class="icon-button close"
    type="button"
    aria-label=${v.m.t('close')}
    @click=${v.onClose}
  >
    ${cross}
  </button>`;
}

/** The unit's own heading: an `<h2>` (one style), its level in the page's outline as `aria-level`. */
function unitHeading(v: UnitView): TemplateResult {
  const level = v.headingLevel === 2 ? nothing : v.headingLevel;
  return html`<h2 id=${HEADING_ID} class="heading" aria-level=${level} .textContent=${v.heading}></h2>`;
}

function header(v: UnitView): TemplateResult | typeof nothing {
  const showClose = !v.hideClose && !v.ended;
  if (!v.heading && !showClose) return nothing;
  return html`<header part="header" class="header">
    ${v.heading ? unitHeading(v) : nothing} ${showClose ? closeButton(v) : nothing}
  </header>`;
}

function nav(v: UnitView): TemplateResult | typeof nothing {
  const count = v.response.count;
  if (count < 2) return nothing;
  const first = v.index === 0;
  const m = v.m;
  return html`<div part="nav" class="nav" role="group" aria-label=${m.t('navigation')}>
    <button
      part="previous"
      class="nav-button previous"
      type="button"
      aria-label=${m.t('previousOffer')}
      aria-disabled=${first ? 'true' : 'false'}
      @click=${v.onPrevious}
    >
      ${chevron}<span .textContent=${m.t('previous')}></span>
    </button>
    <p part="progress" class="progress" .textContent=${progressLabel(v.index, count, m)}></p>
    <button
      part="next"
      class="nav-button next"
      type="button"
      aria-label=${m.t('nextOffer')}
      @click=${v.onNext}
    >
      <span .textContent=${m.t('next')}></span>${chevron}
    </button>
  </div>`;
}

function card(v: UnitView, offer: Offer, index: number): TemplateResult {
  return cardTemplate(v.cardFor(offer, index), {
    current: index + 1,
    total: v.response.count,
    m: v.m,
    eager: index === 0,
    showQr: v.showQr,
    noOfferwall: v.noOfferwall,
    privacyUrl: safeHttpUrl(v.response.privacy_url),
    headingLevel: v.heading ? Math.min(v.headingLevel + 1, 6) : v.headingLevel,
    terms: v.terms,
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

/** The content of the one-at-a-time layouts: header, then the card and navigation or the end card. */
function flowContent(v: UnitView): TemplateResult {
  const offer = v.response.offers[v.index];
  const ended = v.ended || !offer;
  return html`${liveRegion()}${header(v)}
    <div class="stage">${ended ? endCard(v) : card(v, offer, v.index)}</div>
    ${ended ? nothing : nav(v)}`;
}

/** The in-page layouts' landmark: a named `<section>` around their content. */
function section(v: UnitView, layout: 'inline' | 'list', content: unknown): TemplateResult {
  return html`<section
    part="unit"
    class="unit layout-${layout}"
    aria-labelledby=${labelledBy(v)}
    aria-label=${ariaLabel(v)}
  >
    ${content}
  </section>`;
}

function modal(v: UnitView): TemplateResult {
  return html`<dialog
    part="overlay"
    class="overlay layout-${v.layout} position-${v.position}"
    aria-labelledby=${labelledBy(v)}
    aria-label=${ariaLabel(v)}
    @cancel=${v.onCancel}
    @close=${v.onDialogClose}
    @pointerdown=${v.onPointerDown}
    @click=${v.onOverlayClick}
  >
    <div part="unit dialog" class="unit box" tabindex="-1">${flowContent(v)}</div>
  </dialog>`;
}

function list(v: UnitView): TemplateResult {
  return section(
    v,
    'list',
    html`${header({ ...v, ended: false })}
      <ol part="list" class="list">
        ${v.response.offers.map((offer, index) => html`<li class="item">${card(v, offer, index)}</li>`)}
      </ol>
      <div class="sentinel" aria-hidden="true"></div>`,
  );
}

/** The unit in its layout. */
export function unitTemplate(v: UnitView): TemplateResult {
  switch (v.layout) {
    case 'popup':
    case 'fullscreen':
      return modal(v);
    case 'list':
      return list(v);
    default:
      return section(v, 'inline', flowContent(v));
  }
}
