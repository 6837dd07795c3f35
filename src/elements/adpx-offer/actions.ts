/**
 * The card's controls: the two CTAs, the secondary actions (more offers, save for later) and the
 * footer (terms and privacy). Links that leave the page are real `<a href>` (so they read as links
 * and can be copied) whose click the card handles: it reports `url_clicked` and opens the URL
 * itself, which in a native host means not inside the WebView.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { termsTemplate, type Terms } from '../adpx-terms/terms.js';
import { bookmarkIcon, checkIcon, gridIcon } from './icons.js';
import { SaveState } from './save-for-later.js';
import type { Messages } from '../../i18n/messages.js';
import type { MessageKey } from '../../i18n/types.js';

export interface CtaOptions {
  accept: string;
  decline: string;
  onAccept: (event: Event) => void;
  onDecline: (event: Event) => void;
}

/** A CTA button: its part and class are its name. */
const cta = (part: 'accept' | 'decline', label: string, onClick: (event: Event) => void) =>
  html`<button part=${part} class=${part} type="button" @click=${onClick} .textContent=${label}></button>`;

export function ctaTemplate(options: CtaOptions): TemplateResult {
  return html`<div part="actions" class="actions">
    ${cta('accept', options.accept, options.onAccept)}${cta('decline', options.decline, options.onDecline)}
  </div>`;
}

export interface ExtrasOptions {
  /** The offer wall URL, when the offer enables it. */
  offerwallUrl?: string;
  /** True when the offer enables saving and has a URL for it. */
  canSave: boolean;
  saveState: SaveState;
  onLink: (event: MouseEvent, url: string) => void;
  onSave: (event: Event) => void;
  m: Messages;
}

/** The save button's words, and what its status line says, in each state. */
const SAVE_LABELS: Record<SaveState, MessageKey> = {
  idle: 'saveForLater',
  saving: 'saving',
  saved: 'saved',
  failed: 'saveForLater',
};
const SAVE_STATUS: Record<SaveState, MessageKey | undefined> = {
  idle: undefined,
  saving: undefined,
  saved: 'savedStatus',
  failed: 'saveFailed',
};

function saveButton(options: ExtrasOptions): TemplateResult {
  const state = options.saveState;
  const done = state === SaveState.Saved || state === SaveState.Saving;
  const status = SAVE_STATUS[state];
  return html`<button
      part="save"
      class="extra save"
      type="button"
      data-state=${state}
      aria-disabled=${done ? 'true' : 'false'}
      @click=${options.onSave}
    >
      ${state === SaveState.Saved ? checkIcon() : bookmarkIcon()}<span
        .textContent=${options.m.t(SAVE_LABELS[state])}
      ></span>
    </button>
    <span
      class=${state === SaveState.Failed ? 'save-status' : 'visually-hidden'}
      role="status"
      .textContent=${status ? options.m.t(status) : ''}
    ></span>`;
}

/** A link the card opens itself (new tab, or the native host): `onLink` reports it first. */
function outLink(
  part: string,
  className: string,
  url: string,
  content: unknown,
  onLink: (event: MouseEvent, url: string) => void,
): TemplateResult {
  return html`<a
    part=${part}
    class=${className}
    href=${url}
    target="_blank"
    rel="noopener noreferrer"
    @click=${(event: MouseEvent) => onLink(event, url)}
    >${content}</a
  >`;
}

/** "More offers" and "Save for later", when the offer enables them. */
export function extrasTemplate(options: ExtrasOptions): TemplateResult | typeof nothing {
  const url = options.offerwallUrl;
  if (!url && !options.canSave) return nothing;
  return html`<div class="extras">
    ${url ? outLink('offerwall', 'extra', url, html`${gridIcon()}<span .textContent=${options.m.t('moreOffers')}></span>`, options.onLink) : nothing}
    ${options.canSave ? saveButton(options) : nothing}
  </div>`;
}

export interface FooterOptions {
  terms: Terms;
  privacyUrl?: string;
  onLink: (event: MouseEvent, url: string) => void;
  m: Messages;
}

/** The terms (never in the first view: behind their control) and privacy. */
export function footerTemplate(options: FooterOptions): TemplateResult | typeof nothing {
  const { terms, privacyUrl: url, m } = options;
  if (!url && !terms.hasTerms) return nothing;
  const labels = { label: m.t('terms'), closeLabel: m.t('close'), unavailableLabel: m.t('termsUnavailable') };
  return html`<div class="legal">
    ${
      terms.hasTerms
        ? html`<div part="terms" class="terms ${terms.expanded && terms.mode !== 'modal' ? 'open' : ''}">
            ${termsTemplate(terms, labels)}
          </div>`
        : nothing
    }
    ${url ? outLink('privacy', 'privacy', url, m.t('privacy'), options.onLink) : nothing}
  </div>`;
}
