/**
 * The QR code, only when the publisher asks for it (`show-qr`). Drawn black on white with its quiet
 * zone, at most 228 px (its natural size), and with `image-rendering: pixelated` so modules stay
 * sharp when scaled. The image's text alternative says what it is for; the visible caption
 * repeats it briefly and is hidden from assistive technology so it is not read twice.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Offer } from '../../model/types.js';
import type { Messages } from '../../i18n/messages.js';
import { qrAlt } from './texts.js';

export function qrTemplate(offer: Offer, show: boolean, m: Messages): TemplateResult | typeof nothing {
  if (!show || !offer.qr_code_img) return nothing;
  return html`<div part="qr" class="qr">
    <span class="qr-frame"
      ><img class="qr-image" src=${offer.qr_code_img} alt=${qrAlt(offer, m)} width="228" height="228"
    /></span>
    <span class="qr-caption" aria-hidden="true" .textContent=${m.t('qrCaption')}></span>
  </div>`;
}
