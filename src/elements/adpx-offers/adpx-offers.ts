import { isServer, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import { isOffersError } from '../../errors.js';
import { createDebugLog, type DebugLog } from '../../debug.js';
import { AdpxEvent, type CloseReason } from '../../events/adpx-event.js';
import type { Offer, OffersResponse } from '../../model/types.js';
import { offersStyles } from './adpx-offers.styles.js';
import { OfferCard, type CardContext } from '../adpx-offer/card.js';
import { LanguageWatch } from '../language-watch.js';
import { LoadController } from '../load-controller.js';
import type { TermsMode } from '../adpx-terms/terms.js';
import { headingLevelOf } from '../../options/values.js';
import { DisplayTimer } from './display-timer.js';
import { isModalLayout, offerAnnouncement, toLayout, type UnitLayout } from './flow.js';
import {
  checkStrings,
  ensureLanguage,
  languageReady,
  messagesFor,
  type Messages,
} from '../../i18n/messages.js';
import type { AdpxStrings } from '../../i18n/types.js';
import { FlowController } from './flow-controller.js';
import { FocusReturn } from './focus-return.js';
import { ModalController } from './modal.js';
import { PresenceController } from './presence.js';
import { OffersRequestElement } from './request-element.js';
import { PendingShow } from './pending-show.js';
import {
  dropPrefetched,
  readPrefetched,
  savePrefetched,
  type PrefetchRequestKey,
} from '../../hosts/prefetch-storage.js';
import { ScrollPastController } from './scroll-past.js';
import { unitSettings, type UnitOverrides, type UnitSettings } from './settings.js';
import { UnitStatus } from './status.js';
import { unitTemplate, type UnitView } from './templates.js';
import { themeVariables } from './theme.js';
import { attachStates, setStates } from '../custom-states.js';
import type { FrameWidthMemo } from '../adpx-offer/media-size.js';
import { BeaconLedger } from '../../tracking/ledger.js';
import { AnalyticsHandOff } from '../../hosts/analytics.js';

export { UnitStatus } from './status.js';
export type { UnitLayout } from './flow.js';
export type { UnitOverrides, UnitSettings } from './settings.js';
export type { TermsMode };

/**
 * The offer unit: fetches offers (or renders a response the host supplies) and shows them inline,
 * in a popup, fullscreen, or as a list; fires each beacon once per load and reports every step as
 * an event. Layouts, the flow, theming and accessibility: docs/theming.md.
 *
 * Its CSS parts are declared in src/elements/parts.ts (docs/theming.md, "Parts").
 *
 * @summary The offer unit: loads offers and shows them as cards, with exact tracking.
 *
 * @fires adpx-ads-found - Offers are loaded and ready. `detail: { total }`.
 * @fires adpx-no-ads-found - A load returned no offers. `detail: { total: 0 }`.
 * @fires adpx-closed-ads - Once per load: the unit was dismissed or the flow ended.
 *   `detail: { reason }`: `user` (close button, Escape, backdrop), `flow_end` (past the last offer),
 *   `scrolled_past` (list layout), `timeout` (`max_display_time`), `api` (`close()`), `removed`
 *   (taken out of the document, not moved: docs/decisions/010-unit-removal.md).
 * @fires adpx-error - A load or render failed. `detail: { message, code, status? }`.
 * @fires adpx-offer-shown - A card is on screen. `detail: { current, total, offer_id }`.
 * @fires adpx-impression - A card was visibly displayed and its pixel fired.
 * @fires adpx-ad-taken - Positive CTA.
 * @fires adpx-ad-not-taken - Negative CTA.
 * @fires adpx-last-ad-taken - Positive CTA on the last offer.
 * @fires adpx-url-clicked - A URL is to be opened. `detail: { target_url }`.
 * @fires adpx-save-for-later - "Save for later" on a card (cancelable).
 *
 * @cssprop --adpx-primary-color - Accent and positive CTA (default from the response, else blue).
 * @cssprop --adpx-on-primary-color - Text on the accent colour.
 * @cssprop --adpx-background - Background of the unit and the cards.
 * @cssprop --adpx-text-color - Text colour.
 * @cssprop --adpx-muted-color - Secondary text (progress, end card).
 * @cssprop --adpx-border-color - Borders.
 * @cssprop --adpx-focus-color - Focus ring (default: the primary colour).
 * @cssprop --adpx-unit-background - The unit's own box (default `--adpx-background`).
 * @cssprop --adpx-backdrop-color - The popup's backdrop.
 * @cssprop --adpx-font-family - Font.
 * @cssprop --adpx-font-size - Base font size of the unit (default `medium`); its cards' sizes are `em` of it.
 * @cssprop --adpx-radius - Corner radius.
 * @cssprop --adpx-spacing - Spacing unit.
 * @cssprop --adpx-shadow - The popup's shadow.
 * @cssprop --adpx-min-height - Inline and list layouts: space reserved before offers arrive.
 * @cssprop --adpx-popup-width - The popup's largest width.
 * @cssprop --adpx-fullscreen-width - Fullscreen: largest width of the content column.
 * @cssprop --adpx-inset-top - Popup: distance kept from the top edge (default 16px, at least the safe area).
 * @cssprop --adpx-inset-right - Popup: distance kept from the right edge.
 * @cssprop --adpx-inset-bottom - Popup: distance kept from the bottom edge.
 * @cssprop --adpx-inset-left - Popup: distance kept from the left edge.
 * @cssprop --adpx-list-gap - Space between cards in the list layout.
 *
 * @slot - None: the unit renders its offers only.
 */
export class AdpxOffersElement extends OffersRequestElement {
  /** The reactive properties (documented at their fields), as in adpx-offer.ts. */
  static override properties: PropertyDeclarations = {
    // Reflected for `:host([layout=…])`, but not its default: an upgrade writes no attribute that
    // a server's HTML lacks (a React hydration mismatch otherwise).
    layout: { reflect: true, useDefault: true },
    terms: {},
    manual: { type: Boolean },
    deferHydration: { type: Boolean, attribute: 'defer-hydration' },
    dwell: { type: Number },
    delay: { type: Number },
    closeDelay: { type: Number, attribute: 'close-delay' },
    heading: {},
    hideClose: { type: Boolean, attribute: 'hide-close' },
    showQr: { type: Boolean, attribute: 'show-qr' },
    transparent: { type: Boolean },
    backdropDismiss: { type: Boolean, attribute: 'backdrop-dismiss' },
    overrides: { attribute: false },
    response: { attribute: false },
  };

  static override styles = offersStyles;

  /** `inline` (default), `popup`, `fullscreen` or `list`. */
  layout: UnitLayout = 'inline';
  /** How cards reveal their terms: `accordion` (default) or `modal`. */
  terms: TermsMode = 'accordion';
  /** Do not fetch on connect; call `load()` and `show()`. */
  manual = false;
  /**
   * `defer-hydration` (the web components community protocol): the host is about to set properties
   * and listeners (a framework hydrating server HTML); the automatic load waits until it removes
   * the attribute.
   */
  deferHydration = false;
  /** Continuous ms a card must be visible before its impression counts (0: at once). */
  dwell = 0;
  /** Ms between `show()` and the offers on screen (the launcher's `settings.delay`, in s). */
  delay = 0;
  /** Ms the close button stays hidden after the offers show (the launcher's `settings.close_delay`). */
  closeDelay = 0;
  /** Optional text above the cards, e.g. "Offers picked for you"; it also names the unit. */
  heading = '';
  /** Hide the header's close button (Escape still closes a popup). */
  hideClose = false;
  /** Show each offer's QR code (passed to the cards). */
  showQr = false;
  /** Transparent offer background (the script API's `styles.transparent`). */
  transparent = false;
  /** Popup: a click on the backdrop closes the unit. Off by default. */
  backdropDismiss = false;
  /** Styles and settings over the response's (the script API's `styles`/`settings`). */
  overrides: UnitOverrides = {};
  /** A service response supplied by the host: rendered without fetching. */
  get response(): OffersResponse | undefined {
    return this.flow.response;
  }
  set response(raw: unknown) {
    if (raw === undefined || raw === null) return;
    // A supplied response replaces a load in flight: its answer must not arrive over it. The host
    // supplies the next one too: a request option changed later does not fetch over it.
    this.loader.cancel();
    this.loadInFlight = undefined;
    this.fetchedFor = undefined;
    this.showing.newLoad();
    try {
      this.flow.supply(raw);
      if (!this.manual || this.showing.promise) this.show();
    } catch (error) {
      this.showing.end({ error: this.flow.fail(error) });
    }
  }

  /**
   * The latest announcement asked for (the polite live region's text); an older one waiting for
   * its render is dropped.
   */
  private announcing = 0;
  private log: DebugLog = createDebugLog(false);
  private seenStatus: UnitStatus = UnitStatus.Idle;
  private seenIndex = -1;
  private seenLedger?: BeaconLedger;
  private focusEndCard = false;
  /**
   * Events of a unit never yet in the document, dispatched when it first connects: React 19 and
   * Vue set `response` on the new element before they add its listeners and insert it, and a
   * detached element's events never reach the document. A unit taken out later fires at once
   * (decision 010).
   */
  private held?: AdpxEvent[] = [];
  private readonly fire = (event: AdpxEvent): void => {
    if (this.held) this.held.push(event);
    else this.dispatchEvent(event);
  };
  private readonly flow = new FlowController(this, {
    emit: (name, detail) => this.fire(new AdpxEvent(name, detail)),
    log: () => this.log,
    autoClose: () => this.settings.autoClose,
    isList: () => this.view === 'list',
  });
  private readonly loader = new LoadController();
  private readonly showing = new PendingShow();
  /** `close-delay`: the close button is held back until this timer runs out. */
  private closeTimer?: ReturnType<typeof setTimeout>;
  private loadInFlight?: Promise<number>;
  /** The `requestKey()` of the unit's last fetch: the unit loads again when it changes. */
  private fetchedFor?: string;
  private readonly timer = new DisplayTimer(this, () => this.flow.timeout());
  private readonly modal = new ModalController(this);
  private readonly focusReturn = new FocusReturn(this);
  private readonly scrollPast = new ScrollPastController(this, () => this.flow.scrolledPast());
  private readonly presence = new PresenceController(this, {
    onLeave: () => this.leave(),
    onReturn: () => this.flow.returned() && !this.manual && this.show(),
  });
  private readonly internals = attachStates(this);
  /** `analytics`: the events to the page's dataLayer or gtag (src/hosts/analytics.ts). */
  private readonly handOff = new AnalyticsHandOff(this);
  /** A new language is a new request (decision 010) and new words. */
  private readonly languageWatch = new LanguageWatch(this, () => this.language);

  /** Where the unit stands: idle, loading, ready, shown, ended, closed or error. */
  get state(): UnitStatus {
    return this.flow.status;
  }

  /**
   * A declarative shadow root from the server (`renderOffers`) is emptied and the unit renders
   * anew, no longer `inert`. The take-over (take-over.ts) of the entries for server-rendered pages
   * keeps its nodes instead.
   */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    if (this.shadowRoot) {
      this.shadowRoot.replaceChildren();
      this.removeAttribute('inert');
    }
    return super.createRenderRoot();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const held = this.held;
    this.held = undefined;
    held?.forEach(this.fire);
    window.addEventListener('pagehide', this.onPageHide);
    // A first connection loads in the first update (willUpdate); a reconnection at once.
    if (this.hasUpdated) this.autoLoad();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('pagehide', this.onPageHide);
  }

  /** Out of the document for good (not moved): abort the load, close what was shown. */
  private leave(): void {
    this.showing.end(false);
    this.loader.cancel();
    this.flow.removed();
    this.focusReturn.restore(() => this.modal.release());
  }

  /**
   * Fetches offers. Resolves with the number of offers ready; rejects with an `OffersError` (and
   * fires `adpx-error`) when the load fails. A newer load replaces an older one; the same request
   * (the same options and `payload`) while it is in flight is not asked twice: its promise is
   * returned.
   */
  load(payload?: Record<string, unknown>): Promise<number> {
    const key = this.requestKey(payload);
    if (key === this.fetchedFor && this.loadInFlight) return this.loadInFlight;
    const promise = this.fetchAndAccept(key, payload);
    this.loadInFlight = promise;
    const settled = () => {
      if (this.loadInFlight === promise) this.loadInFlight = undefined;
    };
    promise.then(settled, settled);
    return promise;
  }

  /**
   * The promise the latest `load()` returned, while that load is in flight (undefined once it
   * settled, or when a response given to `response` replaced it).
   */
  get pendingLoad(): Promise<number> | undefined {
    return this.loadInFlight;
  }

  /**
   * The show asked for while the offers load or during `delay`: resolves `true` once they are on
   * screen, `false` when it is called off (`close()`, a new load during the delay, no offers), and
   * rejects with the load's `OffersError` when the load fails. Undefined when no show waits.
   */
  get pendingShow(): Promise<boolean> | undefined {
    return this.showing.promise;
  }

  private async fetchAndAccept(key: string, payload?: Record<string, unknown>): Promise<number> {
    this.fetchedFor = key;
    this.showing.newLoad();
    this.flow.loading();
    try {
      // The unit's words load (when not English) while the offers are fetched.
      const words = ensureLanguage(this.language, this.log);
      const stored = this.prefetch ? () => this.readStored(key) : undefined;
      const options = this.requestOptions(payload);
      const response = await this.loader.run(options, this.consentTimeout, words, stored);
      this.flow.accept(response);
      if (this.prefetch) this.keepOrDrop(key, response);
      if (this.showing.promise) this.show();
      return response.count;
    } catch (error) {
      if (isOffersError(error) && error.code === 'aborted') {
        this.log('U2');
        throw error;
      }
      const failure = this.flow.fail(error);
      this.showing.end({ error: failure });
      throw failure;
    }
  }

  private storedHit?: OffersResponse;

  /** SDK prefetch: the response stored for this request (read once consent allows it). */
  private readStored(key: string): OffersResponse | undefined {
    const found = readPrefetched(window, this.prefetchKey(key), { ttlMs: this.prefetchTtl });
    if (!found.hit) return void this.log('U4', found.reason);
    this.log('U3');
    return (this.storedHit = found.response);
  }

  /**
   * SDK prefetch, once the offers arrived: a stored response a show waits for is taken out of
   * storage (shown once only); a fetched one no show waits for is kept for the next page of the
   * same request.
   */
  private keepOrDrop(key: string, response: OffersResponse): void {
    const waited = !!this.showing.promise;
    if (response === this.storedHit) {
      if (waited) dropPrefetched(window, this.prefetchKey(key));
    } else if (!waited && savePrefetched(window, this.prefetchKey(key), response)) this.log('U5');
  }

  private prefetchKey(request: string): PrefetchRequestKey {
    return { sdkId: this.apiKey, placement: this.placement, request };
  }

  /**
   * Shows the loaded offers from the first, after `delay` ms when one is set. Asked while the
   * offers load, it shows them when they arrive (`pendingShow`). Returns false when there is
   * nothing to show.
   */
  show(): boolean {
    const { status, response } = this.flow;
    if (status === UnitStatus.Loading) {
      this.showing.wait();
      return true;
    }
    if (status === UnitStatus.Ready && this.delay > 0 && (response?.count ?? 0) > 0) {
      this.showing.wait(this.delay, () => this.showing.end(this.flow.show()));
      return true;
    }
    const shown = this.flow.show();
    this.showing.end(shown);
    return shown;
  }

  /**
   * True when the offers the unit holds (loading, ready or on screen) were asked with its request
   * options as they are now: a manual unit whose options changed since its load is not.
   */
  get upToDate(): boolean {
    return this.fetchedFor === this.requestKey();
  }

  /** Offers, the end card or a scrolled-past list are on screen. */
  get onScreen(): boolean {
    return this.flow.onScreen;
  }

  /** Shows the next offer; after the last one the flow ends (close beacon, `closed_ads`). */
  next(): void {
    this.flow.next();
  }

  /** Shows the previous offer. */
  previous(): void {
    this.flow.previous();
  }

  /**
   * Dismisses the unit. While offers are shown: the close beacon (once per load) and `closed_ads`.
   * After the flow ended (end card, or a list scrolled past) it only removes what is on screen.
   * While offers load: the load is cancelled (its `load()` promise rejects `aborted`), `closed_ads`.
   * While a show waits (`pendingShow`): only that show is called off; a load goes on.
   */
  close(reason: CloseReason = 'api'): void {
    // A show that waits (for the load or its delay) is called off: nothing was on screen.
    if (this.showing.end(false)) return this.log('U6');
    // Closed while the offers load: their answer must not show the unit again (the load rejects
    // `aborted`). The script API never closes a loading unit: it keeps the offers for a later show.
    if (this.flow.status === UnitStatus.Loading) {
      this.loader.cancel();
      this.loadInFlight = undefined;
    }
    this.flow.close(reason);
  }

  private get view(): UnitLayout {
    return toLayout(this.layout);
  }

  private get settings(): UnitSettings {
    return unitSettings(this.flow.response?.settings, this.overrides?.settings);
  }

  /**
   * Fetches on connect unless `manual`, once `api-key` and `endpoint` are set. Not in
   * connectedCallback: properties set before the element was defined are applied by Lit in the
   * first update, and some frameworks (Angular) bind properties after inserting the element.
   * Fetches again when a request option changed after a fetch (a single-page app reusing the unit
   * for another placement or user): once per update, however many options changed in it, the
   * load in flight aborted (docs/decisions/010-unit-removal.md).
   */
  private autoLoad(changed?: PropertyValues): void {
    if (!this.isConnected || this.manual || this.deferHydration || !this.apiKey || !this.endpoint) return;
    if (this.flow.status !== UnitStatus.Idle) {
      // Only an update that changed a request option can ask anew (not every render of a shown unit).
      const asked = this.fetchedFor;
      if (!asked || !changed || !this.requestChanged(changed) || asked === this.requestKey()) return;
    }
    this.load().then(
      (total) => total > 0 && this.show(),
      () => {},
    );
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed); // a new `consent` applies at once
    if (changed.has('debug')) this.log = createDebugLog(this.debug);
    this.autoLoad(changed);
    const { status, index, ledger } = this.flow;
    // Lit's server renderer (adpx-offers/ssr) runs willUpdate too: focus, timers and states are the browser's.
    if (isServer) return;
    if (status !== this.seenStatus) this.statusChanged(status);
    if (ledger !== this.seenLedger) {
      this.seenLedger = ledger;
      this.dropCards();
      // A new load on screen in one task (a response replaced while shown): its own clock, from its
      // own first impression, not what was left of the previous load's.
      if (status === UnitStatus.Shown) {
        this.timer.stop();
        this.displayMs = this.settings.maxDisplayMs;
      }
    }
    if (status === UnitStatus.Shown && index !== this.seenIndex && this.view !== 'list') this.announceOffer();
    this.seenIndex = status === UnitStatus.Shown ? index : -1;
  }

  /** Side effects of a new status: focus, the display clock, announcements. */
  private statusChanged(status: UnitStatus): void {
    const wasShown = this.seenStatus === UnitStatus.Shown;
    this.seenStatus = status;
    if (status === UnitStatus.Shown && !wasShown) {
      this.focusReturn.track();
      this.displayMs = this.settings.maxDisplayMs;
      this.holdClose(this.closeDelay);
    } else if (status !== UnitStatus.Shown) {
      this.timer.stop();
      this.displayMs = undefined;
      this.holdClose(0);
    }
    if (!this.flow.onScreen) this.focusReturn.restore(() => this.modal.release());
    // The end card replaces the card that had focus: its button takes focus. `:focus-within`, not
    // `document.activeElement`, which is the outer host when the unit is in another shadow root.
    this.focusEndCard =
      status === UnitStatus.Ended &&
      this.view !== 'list' &&
      (this.matches(':focus-within') || isModalLayout(this.view));
    if (status === UnitStatus.Ended && this.view !== 'list') this.announce(this.messages.t('endTitle'));
    // The status as a custom state, for page CSS: `adpx-offers:state(closed) { … }`.
    setStates(this.internals, status);
  }

  /** Hides the close button for `ms` (`close-delay`); 0 shows it again. */
  private holdClose(ms: number): void {
    const held = this.closeTimer !== undefined;
    clearTimeout(this.closeTimer);
    this.closeTimer = ms > 0 ? setTimeout(() => this.holdClose(0), ms) : undefined;
    if (held && !this.closeTimer) this.requestUpdate();
  }

  protected override updated(): void {
    for (const card of this.cards.values()) card.rendered();
    const root = this.renderRoot;
    const dialog = root.querySelector<HTMLDialogElement>('dialog.overlay');
    if (dialog) this.modal.open(dialog, root.querySelector<HTMLElement>('.box'));
    const listShown = this.flow.status === UnitStatus.Shown && this.view === 'list';
    this.scrollPast.observe(listShown ? root.querySelector('.sentinel') : null);
    if (this.focusEndCard) {
      this.focusEndCard = false;
      root.querySelector<HTMLElement>('.end-close')?.focus();
    }
  }

  private announceOffer(): void {
    const { response, current, index } = this.flow;
    if (response && current) this.announce(offerAnnouncement(current, index, response.count, this.messages));
  }

  /**
   * Empties the live region, then writes `text` into it once the pending render is done (the region
   * is in the DOM by then), so that it is announced. Written directly: no second render of the unit.
   */
  private announce(text: string): void {
    const turn = ++this.announcing;
    const region = () => this.renderRoot.querySelector<HTMLElement>('.live');
    const now = region();
    if (now) now.textContent = '';
    void this.updateComplete.then(() => {
      const target = region();
      if (turn === this.announcing && target) target.textContent = text;
    });
  }

  private readonly onPageHide = (): void => this.flow.pageHide();

  /**
   * `max_display_time` of the offers on screen, in ms, until their first impression starts the
   * clock: the time a person can see them, not the time since `show()`. An inline unit below the
   * fold (or in a background tab) no longer closes itself, close beacon and all, before anyone saw it.
   */
  private displayMs?: number;

  /** A card of this load counted its impression. */
  private readonly onCardSeen = (): void => {
    this.scrollPast.markSeen();
    if (this.displayMs === undefined) return;
    this.timer.start(this.displayMs);
    this.displayMs = undefined;
  };

  private checkedStrings?: { given: AdpxStrings | undefined; clean: AdpxStrings };

  /** The unit's words: its language (docs/i18n.md) with the host's overrides. */
  private get messages(): Messages {
    const known = this.checkedStrings;
    const checked =
      known && known.given === this.strings
        ? known
        : (this.checkedStrings = { given: this.strings, clean: checkStrings(this.strings, this.log) });
    return messagesFor(this.language, checked.clean);
  }

  /**
   * True when the unit's words are at hand. Otherwise (a response given without a load, or the
   * page's language changed) they are loaded and the unit renders once they are: never in English
   * first and then in the page's language.
   */
  private wordsReady(): boolean {
    const language = this.language;
    if (languageReady(language)) return true;
    void ensureLanguage(language, this.log).then(() => this.requestUpdate());
    return false;
  }

  /** The cards of the load on screen, by offer: their state (save, terms, impression) lives as long as the load. */
  private readonly cards = new Map<Offer, OfferCard>();

  private readonly cardContext: CardContext = {
    log: () => this.log,
    dwell: () => this.dwell,
    onImpression: () => this.onCardSeen(),
    // One offer at a time: a CTA moves on to the next offer.
    onDone: () => this.view !== 'list' && this.next(),
  };

  private cardFor(offer: Offer): OfferCard {
    let card = this.cards.get(offer);
    if (!card) {
      const ledger = this.flow.ledger ?? new BeaconLedger();
      card = new OfferCard(this, offer, ledger, this.cardContext, this.frameWidthIn(this.view));
      this.cards.set(offer, card);
    }
    return card;
  }

  private dropCards(): void {
    for (const card of this.cards.values()) card.dispose();
    this.cards.clear();
  }

  /** The cards' image frame width per layout (a popup's frame is not an inline card's). */
  private readonly frameWidths = new Map<UnitLayout, FrameWidthMemo>();

  private frameWidthIn(layout: UnitLayout): FrameWidthMemo {
    let memo = this.frameWidths.get(layout);
    if (!memo) this.frameWidths.set(layout, (memo = { width: 0 }));
    return memo;
  }

  private viewModel(response: OffersResponse): UnitView {
    return {
      layout: this.view,
      theme: this.themeFor(response),
      themeClass: this.transparent ? 'theme transparent' : 'theme',
      response,
      index: this.flow.index,
      ended: this.flow.status === UnitStatus.Ended,
      cardFor: (offer) => this.cardFor(offer),
      heading: this.heading,
      headingLevel: headingLevelOf(this.headingLevel),
      hideClose: this.hideClose || this.closeTimer !== undefined,
      showQr: this.showQr,
      noOfferwall: this.settings.offerwall === false,
      position: this.settings.position,
      terms: this.terms,
      m: this.messages,
      onClose: () => this.close('user'),
      onNext: () => this.next(),
      onPrevious: () => this.previous(),
      onCancel: (event) => {
        event.preventDefault();
        this.close('user');
      },
      onDialogClose: (event) => {
        if (this.flow.onScreen && this.modal.closedFromOutside(event)) this.close('user');
      },
      onPointerDown: this.modal.onPointerDown,
      onOverlayClick: (event) => {
        const dismiss = this.backdropDismiss && this.view === 'popup';
        if (this.modal.isBackdropClick(event) && dismiss) this.close('user');
      },
    };
  }

  /** The response's (and the launcher's) colours as private variables, worked out once per change. */
  private theme?: {
    response: OffersResponse;
    overrides: UnitOverrides;
    transparent: boolean;
    variables: Record<string, string>;
  };

  private themeFor(response: OffersResponse): Record<string, string> {
    const known = this.theme;
    const { overrides, transparent } = this;
    if (known?.response === response && known.overrides === overrides && known.transparent === transparent)
      return known.variables;
    const variables = themeVariables(response.styles, overrides?.styles, transparent);
    this.theme = { response, overrides, transparent, variables };
    return variables;
  }

  protected override render() {
    const response = this.flow.response;
    if (!this.flow.onScreen || !response || response.count === 0) return nothing;
    if (!this.wordsReady()) return nothing;
    return unitTemplate(this.viewModel(response));
  }
}
