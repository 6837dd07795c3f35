/** The loyalty-boost badge and what the user must do to earn the reward. */
import { html, nothing, type TemplateResult } from 'lit';
import type { Offer } from '../../model/types.js';
import { starIcon } from './icons.js';
import type { Messages } from '../../i18n/messages.js';

export function loyaltyTemplate(offer: Offer, m: Messages): TemplateResult | typeof nothing {
  if (!offer.is_loyaltyboost) return nothing;
  const requirements = offer.loyaltyboost_requirements?.trim();
  return html`<div part="loyalty" class="loyalty">
    <span class="badge">${starIcon()}<span .textContent=${m.t('loyalty')}></span></span>
    ${requirements ? html`<p class="requirements" .textContent=${offer.loyaltyboost_requirements ?? ''}></p>` : nothing}
  </div>`;
}
