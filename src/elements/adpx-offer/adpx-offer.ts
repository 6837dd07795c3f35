import {
  checkStrings,
  ensureLanguage,
  languageReady,
  messagesFor,
  resolveLanguage,
} from '../../i18n/messages.js';
import type { AdpxStrings } from '../../i18n/types.js';
import { html, LitElement, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import { createDebugLog, type DebugLog } from '../../debug.js';
import {
  AdpxEvent,
  type AdpxEventName,
  type AdpxEventPayloads,
  type OfferProgress,
} from '../../events/adpx-event.js';
import { openOfferUrl } from '../../hosts/open-url.js';
import type { Offer } from '../../model/types.js';
import { safeHttpUrl } from '../../model/urls.js';
import { deliverBeacon } from '../../tracking/beacon.js';
import { ImpressionController } from '../../tracking/impression-controller.js';
import { BeaconLedger } from '../../tracking/ledger.js';
import { offerStyles } from './adpx-offer.styles.js';
import { LanguageWatch } from '../language-watch.js';
import { ctaTemplate, extrasTemplate, footerTemplate } from './actions.js';
import { advertiserTemplate, descriptionTemplate, headlineTemplate, miniTextTemplate } from './copy.js';
import { pickImage } from './image-source.js';
import { loyaltyTemplate } from './loyalty.js';
import { MediaSizeController, type FrameWidthMemo } from './media-size.js';
import { mediaTemplate } from './media.js';
import { qrTemplate } from './qr.js';
import { SaveState } from './save-for-later.js';
import { cardCopy, ctaLabels } from './texts.js';
import type { TermsMode } from '../adpx-terms/adpx-terms.js';

/**
 * One offer card, rendered from every fragment of the offer. Usable alone (give it `offer`) or
 * inside `<adpx-offers>`, which hands it the load's beacon ledger so each beacon fires once per load.
 *
 * Wide cards (480 CSS px and wider, measured on the card itself with a container query) read
 * `title`/`description`; narrow cards read `short_headline`/`short_description`. Each falls back to
 * the other when absent. At the same width the image becomes a thumbnail beside the advertiser,
 * headline and description; narrower cards show it on top. All offer text is text.
 *
 * @summary One offer card: texts, image, QR code, loyalty boost, CTAs, more offers, save for later,
 *   terms and privacy; fires its impression pixel when visibly displayed.
 *
 * @fires adpx-offer-shown - The card rendered an offer. `detail: { current, total, offer_id }`.
 * @fires adpx-impression - The offer was visibly displayed and its pixel fired. `detail: { current, total, offer_id }`.
 * @fires adpx-ad-taken - The positive CTA was clicked. `detail: { current, total, offer_id }`.
 * @fires adpx-last-ad-taken - The positive CTA of the last offer was clicked.
 * @fires adpx-ad-not-taken - The negative CTA was clicked (the `no_thanks_click` beacon fired).
 * @fires adpx-url-clicked - A URL is to be opened (accept, more offers, privacy, a terms link).
 *   `detail: { target_url }`.
 * @fires adpx-save-for-later - "Save for later" was clicked. Cancelable: `preventDefault()` keeps the
 *   card from requesting `save_for_later_url` (the host saves the offer itself).
 *   `detail: { current, total, offer_id, url }`.
 * @fires adpx-error - From the card's `<adpx-terms>` (it bubbles out) when the terms cannot be shown
 *   safely. `detail: { message, code: 'render' }`.
 *
 * @csspart card - The card's box.
 * @csspart media - The image frame (space reserved at the image's aspect ratio).
 * @csspart image - The image.
 * @csspart advertiser - The "Offer from …" line.
 * @csspart headline - The headline.
 * @csspart description - The description.
 * @csspart loyalty - The loyalty-boost badge and requirements.
 * @csspart qr - The QR code and its caption (with `show-qr`).
 * @csspart actions - The CTA row.
 * @csspart accept - The positive CTA button.
 * @csspart decline - The negative CTA button.
 * @csspart offerwall - The "More offers" link.
 * @csspart save - The "Save for later" button.
 * @csspart mini-text - The small print.
 * @csspart privacy - The "Privacy" link.
 * @csspart terms - The `<adpx-terms>` element; its own parts are exported as `terms-toggle`,
 *   `terms-content`, `terms-dialog` and `terms-close`.
 *
 * @cssprop --adpx-card-background - Card background (default `--adpx-background`).
 * @cssprop --adpx-background - Background of the card and the terms dialog.
 * @cssprop --adpx-text-color - Text colour.
 * @cssprop --adpx-muted-color - Secondary text (advertiser, small print).
 * @cssprop --adpx-primary-color - Positive CTA background and link colour.
 * @cssprop --adpx-on-primary-color - Positive CTA text.
 * @cssprop --adpx-border-color - Card and secondary button borders.
 * @cssprop --adpx-focus-color - Focus ring.
 * @cssprop --adpx-accent-color - Loyalty-boost badge colour.
 * @cssprop --adpx-success-color - "Saved" colour.
 * @cssprop --adpx-media-background - Image frame background while the image loads.
 * @cssprop --adpx-headline-size - Headline font size.
 * @cssprop --adpx-qr-size - Drawn size of the QR code (at most 228px).
 * @cssprop --adpx-radius - Corner radius.
 * @cssprop --adpx-spacing - Inner spacing.
 * @cssprop --adpx-font-family - Font.
 *
 * @slot - None: the card renders only the offer.
 */
export class AdpxOfferElement extends LitElement {
  /**
   * The reactive properties as a table, not Lit's decorators (their helper code stays out of the
   * script-tag file); each is documented at its field below. A state also says `attribute: false`,
   * so the custom elements manifest does not list it as an attribute.
   */
  static override properties: PropertyDeclarations = {
    offer: { attribute: false },
    current: { type: Number },
    total: { type: Number },
    dwell: { type: Number },
    debug: { type: Boolean },
    eager: { type: Boolean },
    showQr: { type: Boolean, attribute: 'show-qr' },
    noOfferwall: { type: Boolean, attribute: 'no-offerwall' },
    privacyUrl: { attribute: 'privacy-url' },
    headingLevel: { type: Number, attribute: 'heading-level' },
    terms: {},
    strings: { attribute: false },
    defaultLanguage: { attribute: false },
    ledger: { attribute: false },
    frameWidth: { attribute: false },
    saveState: { state: true, attribute: false },
    failedImage: { state: true, attribute: false },
  };

  static override styles = offerStyles;

  /** The offer to render (a normalised offer, see `fetchOffers`). */
  offer?: Offer;

  /** 1-based position of this offer in its load. */
  current = 1;

  /** Number of offers in the load. */
  total = 1;

  /** Continuous milliseconds the card must be visible before the impression counts (0: at once). */
  dwell = 0;

  /** Log rule decisions and beacons to the console with the `[adpx]` prefix. */
  debug = false;

  /** Load the image at once with high priority (the first card); otherwise it loads lazily. */
  eager = false;

  /** Show the offer's QR code (for cross-device use). Off unless the publisher asks for it. */
  showQr = false;

  /** Hide the 'More offers' action even when the offer enables the offer wall. */
  noOfferwall = false;

  /** The response's `privacy_url`: a "Privacy" link is shown when it is an http(s) URL. */
  privacyUrl?: string;

  /**
   * The headline's level in the page's outline, 1–6 (another value reads as 2): 3 under the page's
   * own `<h2>`, for example. A unit gives its cards 3 when it shows its own `heading`, else 2.
   */
  headingLevel = 2;

  /** How the terms are revealed: `accordion` (default) or `modal`. */
  terms: TermsMode = 'accordion';

  /**
   * Overrides of the card's own words by key (docs/i18n.md), e.g. `{ moreOffers: 'See all deals' }`.
   * The card speaks the language of its closest `lang` (a unit passes its own down).
   */
  strings?: AdpxStrings;

  /** Used when no `lang` is found on the card or the page (the script API's `language`). */
  defaultLanguage?: string;

  /** The load's beacon ledger; a card used alone keeps its own. */
  ledger: BeaconLedger = new BeaconLedger();

  /**
   * The unit's memo of its image frames' width: the image is requested at that width with the
   * card's first render, before the frame is measured. A card used alone has none.
   */
  frameWidth?: FrameWidthMemo;

  private saveState: SaveState = SaveState.Idle;
  /** The image URL that failed to load; its frame is hidden. */
  private failedImage?: string;

  private log: DebugLog = createDebugLog(false);
  private readonly mediaSize = new MediaSizeController(this);
  /** The words follow a `lang` changed on the card, around it, or on the unit's content. */
  private readonly languageWatch = new LanguageWatch(this, () => resolveLanguage(this, this.defaultLanguage));

  private readonly impressions = new ImpressionController(this, {
    onImpression: () => this.countImpression(),
    dwellMs: () => this.dwell,
    log: (message, ...details) => this.log(message, ...details),
  });

  private overrides: AdpxStrings = {};

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('debug')) this.log = createDebugLog(this.debug);
    if (changed.has('strings')) this.overrides = checkStrings(this.strings, this.log);
    this.mediaSize.memo = this.frameWidth;
    if (changed.has('offer')) this.mediaSize.image = this.offer ? pickImage(this.offer) : undefined;
    if (changed.has('offer') || changed.has('ledger')) {
      const offer = this.offer;
      this.saveState = offer && this.ledger.isSaved(offer.id) ? SaveState.Saved : SaveState.Idle;
    }
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

  /**
   * A person's click on the card's CTA or Save proves the card was displayed: its impression counts
   * first when the rule has not counted it yet (a `dwell` still running, an entrance animation's
   * recheck), so the service never gets a click or a no-thanks without the pixel before it (the
   * spec's display and tracking sequence: pixel, then the CTA's beacon). A click the page made with
   * script (`isTrusted` false) proves nothing and changes nothing. Decision 002.
   */
  private engaged(event: Event | undefined): void {
    const offer = this.offer;
    if (!event?.isTrusted || !offer || this.ledger.impressed(offer)) return;
    this.log('C4', offer.id);
    this.countImpression();
    this.impressions.watch(null);
  }

  private readonly onAccept = (event?: Event): void => {
    this.engaged(event);
    const offer = this.offer;
    if (!offer) return;
    const progress = this.progress(offer);
    this.emit('ad_taken', progress);
    if (progress.current >= progress.total) this.emit('last_ad_taken', progress);
    if (offer.click_url) this.openUrl(offer.click_url);
  };

  private readonly onDecline = (event?: Event): void => {
    this.engaged(event);
    const offer = this.offer;
    if (!offer) return;
    this.ledger.fire('no_thanks_click', offer, this.log);
    this.emit('ad_not_taken', this.progress(offer));
  };

  /** A link the card opens itself: `url_clicked`, then a new tab or the native host. */
  private readonly onLink = (event: MouseEvent, url: string): void => {
    event.preventDefault();
    this.openUrl(url);
  };

  /**
   * "Save for later": a cancelable `save_for_later` event; unless cancelled, one GET of
   * `save_for_later_url` per offer per load, then "Saved". A failed request may be retried.
   */
  private readonly onSave = async (event?: Event): Promise<void> => {
    const offer = this.offer;
    const url = offer?.save_for_later_url;
    if (!offer || !url || !offer.perkswallet_enabled) return;
    this.engaged(event);
    if (this.saveState === SaveState.Saving || this.saveState === SaveState.Saved) return;
    const ledger = this.ledger;
    if (ledger.isSaved(offer.id)) return;
    if (!this.emit('save_for_later', { ...this.progress(offer), url })) {
      this.log('C1', offer.id);
      return;
    }
    if (!ledger.claimSave(offer.id)) return;
    this.saveState = SaveState.Saving;
    const delivered = await deliverBeacon(url, { log: this.log });
    if (!delivered) ledger.releaseSave(offer.id);
    if (this.offer === offer && this.ledger === ledger) {
      this.saveState = delivered ? SaveState.Saved : SaveState.Failed;
    }
  };

  private readonly onImageError = (): void => {
    const image = this.mediaSize.image;
    this.log('C2', image?.url);
    this.failedImage = image?.url;
  };

  /** Emits `url_clicked`, then opens the URL in a new tab unless a native host handles it. */
  openUrl(url: string): void {
    this.emit('url_clicked', { target_url: url });
    const opened = openOfferUrl(url);
    this.log('C3', url, opened);
  }

  protected override render() {
    const offer = this.offer;
    if (!offer) return nothing;
    const language = resolveLanguage(this, this.defaultLanguage);
    if (!languageReady(language)) {
      // A card used alone on a page in another language: its words first (a unit loads them before).
      void ensureLanguage(language, this.log).then(() => this.requestUpdate());
      return nothing;
    }
    const m = messagesFor(language, this.overrides);
    const copy = cardCopy(offer);
    const labels = ctaLabels(offer, m);
    const image = this.mediaSize.image;
    const showMedia = image !== undefined && image.url !== this.failedImage;
    return html`
      <article
        part="card"
        class="card ${showMedia ? 'has-media' : ''}"
        aria-labelledby="headline"
        dir=${m.rtl ? 'rtl' : nothing}
      >
        ${
          showMedia
            ? mediaTemplate({
                image,
                eager: this.eager,
                onError: this.onImageError,
              })
            : nothing
        }
        <div class="body">
          <div class="intro">
            ${advertiserTemplate(offer, m)}${headlineTemplate(copy, this.headingLevel)}${descriptionTemplate(copy)}
          </div>
          ${loyaltyTemplate(offer, m)}${qrTemplate(offer, this.showQr, m)}
          ${ctaTemplate({ ...labels, onAccept: this.onAccept, onDecline: this.onDecline })}
          ${extrasTemplate({
            offerwallUrl: offer.offerwall_enabled && !this.noOfferwall ? offer.offerwall_url : undefined,
            canSave: offer.perkswallet_enabled && offer.save_for_later_url !== undefined,
            saveState: this.saveState,
            onLink: this.onLink,
            onSave: this.onSave,
            m,
          })}
          ${miniTextTemplate(offer)}
          ${footerTemplate({
            terms: offer.terms_and_conditions,
            termsMode: this.terms,
            privacyUrl: safeHttpUrl(this.privacyUrl),
            debug: this.debug,
            onLink: this.onLink,
            m,
          })}
        </div>
      </article>
    `;
  }
}
