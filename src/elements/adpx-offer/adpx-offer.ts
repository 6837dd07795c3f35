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
import { normalizeOffer } from '../../model/normalize-offer.js';
import type { Offer } from '../../model/types.js';
import { safeHttpUrl } from '../../model/urls.js';
import { BeaconLedger } from '../../tracking/ledger.js';
import { AdpxEvent } from '../../events/adpx-event.js';
import { safely } from '../../errors.js';
import { baseStyles } from '../base.styles.js';
import { termsStyles } from '../adpx-terms/adpx-terms.styles.js';
import type { TermsMode } from '../adpx-terms/terms.js';
import { offerStyles } from './adpx-offer.styles.js';
import { LanguageWatch } from '../language-watch.js';
import { OfferCard } from './card.js';
import { cardTemplate } from './card-template.js';

/**
 * One offer card, rendered from every fragment of the offer. Usable alone (give it `offer`) or
 * inside `<adpx-offers>`, which hands it the load's beacon ledger so each beacon fires once per load.
 *
 * Wide cards (480 CSS px and wider, measured on the card itself with a container query) read
 * `title`/`description`; narrow cards read `short_headline`/`short_description`. Each falls back to
 * the other when absent. At the same width the image becomes a thumbnail beside the advertiser,
 * headline and description; narrower cards show it on top. All offer text is text.
 *
 * Its CSS parts are declared in src/elements/parts.ts (docs/theming.md, "Parts").
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
 * @fires adpx-error - The offer or its terms cannot be shown safely. `detail: { message, code: 'render' }`.
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
  };

  static override styles = [baseStyles, offerStyles, termsStyles];

  /**
   * The offer to render: one of `fetchOffers`' offers, or an offer as the service sends it. It is
   * normalised again (unsafe URLs left out); one that cannot be shown is an `error` event.
   */
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

  /** The beacon ledger of the offer's load: beacons fire once per ledger. A card keeps its own. */
  ledger: BeaconLedger = new BeaconLedger();

  private log: DebugLog = createDebugLog(false);
  private overrides: AdpxStrings = {};
  private card?: OfferCard;
  /** The words follow a `lang` changed on the card or around it. */
  private readonly languageWatch = new LanguageWatch(this, () => resolveLanguage(this, this.defaultLanguage));

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('debug')) this.log = createDebugLog(this.debug);
    if (changed.has('strings')) this.overrides = checkStrings(this.strings, this.log);
    if (changed.has('offer') || changed.has('ledger')) {
      this.card?.dispose();
      this.card = undefined;
      const given = this.offer;
      if (!given) return;
      // Normalised again: an offer as the service sends it renders safely; one that cannot be
      // shown is an `error` event, never a throw into the page.
      const result = safely(() => normalizeOffer(given, new Set()));
      if (result?.ok) {
        const context = { log: () => this.log, dwell: () => this.dwell };
        this.card = new OfferCard(this, result.offer, this.ledger, context);
      } else {
        const message = `The offer cannot be shown: ${result?.reason ?? 'not readable'}.`;
        this.dispatchEvent(new AdpxEvent('error', { message, code: 'render' }));
      }
    }
  }

  protected override updated(): void {
    this.card?.rendered();
  }

  protected override render() {
    const card = this.card;
    if (!card) return nothing;
    const language = resolveLanguage(this, this.defaultLanguage);
    if (!languageReady(language)) {
      // A card used alone on a page in another language: its words first (a unit loads them before).
      void ensureLanguage(language, this.log).then(() => this.requestUpdate());
      return nothing;
    }
    const m = messagesFor(language, this.overrides);
    return html`<div dir=${m.rtl ? 'rtl' : nothing}>
      ${cardTemplate(card, {
        current: this.current,
        total: this.total,
        m,
        eager: this.eager,
        showQr: this.showQr,
        noOfferwall: this.noOfferwall,
        privacyUrl: safeHttpUrl(this.privacyUrl),
        headingLevel: this.headingLevel,
        terms: this.terms,
      })}
    </div>`;
  }
}
