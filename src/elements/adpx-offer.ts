import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { createDebugLog, type DebugLog } from '../debug.js';
import { AdpxEvent, type AdpxEventName, type AdpxEventPayloads, type OfferProgress } from '../events/adpx-event.js';
import { openOfferUrl } from '../hosts/open-url.js';
import type { Offer } from '../model/types.js';
import { ImpressionController } from '../tracking/impression-controller.js';
import { BeaconLedger } from '../tracking/ledger.js';
import { offerStyles } from './adpx-offer.styles.js';

/**
 * One offer card, rendered from the offer's fragments. Usable alone (give it `offer`) or inside
 * `<adpx-offers>`, which hands it the load's beacon ledger so each beacon fires once per load.
 *
 * @summary One offer card: texts, image, CTAs; fires its impression pixel when visibly displayed.
 *
 * @fires adpx-offer-shown - The card rendered an offer. `detail: { current, total, offer_id }`.
 * @fires adpx-impression - The offer was visibly displayed and its pixel fired. `detail: { current, total, offer_id }`.
 * @fires adpx-ad-taken - The positive CTA was clicked. `detail: { current, total, offer_id }`.
 * @fires adpx-last-ad-taken - The positive CTA of the last offer was clicked.
 * @fires adpx-ad-not-taken - The negative CTA was clicked (the `no_thanks_click` beacon fired).
 * @fires adpx-url-clicked - A URL is to be opened. `detail: { target_url }`.
 *
 * @csspart card - The card's box.
 * @csspart media - The image frame.
 * @csspart image - The image.
 * @csspart headline - The headline.
 * @csspart description - The description.
 * @csspart actions - The CTA row.
 * @csspart accept - The positive CTA button.
 * @csspart decline - The negative CTA button.
 *
 * @cssprop --adpx-background - Card background.
 * @cssprop --adpx-text-color - Text colour.
 * @cssprop --adpx-primary-color - Positive CTA background.
 * @cssprop --adpx-on-primary-color - Positive CTA text.
 * @cssprop --adpx-radius - Corner radius.
 * @cssprop --adpx-spacing - Inner spacing.
 * @cssprop --adpx-font-family - Font.
 */
export class AdpxOfferElement extends LitElement {
  static override styles = offerStyles;

  /** The offer to render (a normalised offer, see `fetchOffers`). */
  @property({ attribute: false }) offer?: Offer;

  /** 1-based position of this offer in its load. */
  @property({ type: Number }) current = 1;

  /** Number of offers in the load. */
  @property({ type: Number }) total = 1;

  /** Continuous milliseconds the card must be visible before the impression counts (0: at once). */
  @property({ type: Number }) dwell = 0;

  /** Log rule decisions and beacons to the console with the `[adpx]` prefix. */
  @property({ type: Boolean }) debug = false;

  /** The load's beacon ledger; a card used alone keeps its own. */
  @property({ attribute: false }) ledger: BeaconLedger = new BeaconLedger();

  private log: DebugLog = createDebugLog(false);

  private readonly impressions = new ImpressionController(this, {
    onImpression: () => this.countImpression(),
    dwellMs: () => this.dwell,
    log: (message, ...details) => this.log(message, ...details),
  });

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('debug')) this.log = createDebugLog(this.debug);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (!changed.has('offer') && !changed.has('ledger')) return;
    const offer = this.offer;
    if (!offer) {
      this.impressions.watch(null);
      return;
    }
    if (changed.has('offer')) this.emit('offer_shown', this.progress(offer));
    this.impressions.watch(this.ledger.impressed(offer) ? null : String(offer.id));
  }

  private progress(offer: Offer): OfferProgress {
    return { current: this.current, total: this.total, offer_id: offer.id };
  }

  private emit<N extends AdpxEventName>(name: N, detail: AdpxEventPayloads[N]): boolean {
    return this.dispatchEvent(new AdpxEvent(name, detail));
  }

  private countImpression(): void {
    const offer = this.offer;
    if (offer && this.ledger.countImpression(offer, this.log)) this.emit('impression', this.progress(offer));
  }

  private onAccept(): void {
    const offer = this.offer;
    if (!offer) return;
    const progress = this.progress(offer);
    this.emit('ad_taken', progress);
    if (progress.current >= progress.total) this.emit('last_ad_taken', progress);
    if (offer.click_url) this.openUrl(offer.click_url);
  }

  private onDecline(): void {
    const offer = this.offer;
    if (!offer) return;
    this.ledger.fire('no_thanks_click', offer, this.log);
    this.emit('ad_not_taken', this.progress(offer));
  }

  /** Emits `url_clicked`, then opens the URL in a new tab unless a native host handles it. */
  openUrl(url: string): void {
    this.emit('url_clicked', { target_url: url });
    const opened = openOfferUrl(url);
    this.log(`url ${url}: ${opened}`);
  }

  private imageUrl(offer: Offer): string | undefined {
    return offer.image ?? offer.creatives.find((c) => c.is_primary)?.url ?? offer.creatives[0]?.url;
  }

  protected override render() {
    const offer = this.offer;
    if (!offer) return nothing;
    const headline = offer.title ?? offer.short_headline;
    const description = offer.description ?? offer.short_description;
    const image = this.imageUrl(offer);
    return html`
      <article part="card" class="card" aria-label=${headline ?? 'Offer'}>
        ${image
          ? html`<figure part="media" class="media">
              <img part="image" src=${image} alt="" loading="lazy" decoding="async" />
            </figure>`
          : nothing}
        <h2 part="headline" class="headline">${headline}</h2>
        ${description ? html`<p part="description" class="description">${description}</p>` : nothing}
        <div part="actions" class="actions">
          <button part="accept" class="accept" type="button" @click=${this.onAccept}>
            ${offer.cta_yes ?? 'Yes, I want it'}
          </button>
          <button part="decline" class="decline" type="button" @click=${this.onDecline}>
            ${offer.cta_no ?? 'No, thanks'}
          </button>
        </div>
      </article>
    `;
  }
}
