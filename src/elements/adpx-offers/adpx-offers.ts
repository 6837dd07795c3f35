import { nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import { createDebugLog, type DebugLog } from '../../debug.js';
import { AdpxEvent, type CloseReason } from '../../events/adpx-event.js';
import type { OffersResponse } from '../../model/types.js';
import { offersStyles } from './adpx-offers.styles.js';
import { LanguageWatch } from '../language-watch.js';
import type { TermsMode } from '../adpx-terms/terms.js';
import { headingLevelOf } from '../../options/values.js';
import { DisplayTimer } from './display-timer.js';
import { isModalLayout, toLayout, type UnitLayout } from './flow.js';
import { ElementWords } from '../element-words.js';
import { LiveRegion } from './live-region.js';
import { UnitFlow } from './unit-flow.js';
import { FocusReturn } from './focus-return.js';
import { ModalController } from './modal.js';
import { PresenceController } from './presence.js';
import { OffersRequestElement } from './request-element.js';
import { UnitLoad } from './unit-load.js';
import { ScrollPastController } from './scroll-past.js';
import { unitSettings, type UnitOverrides, type UnitSettings } from './settings.js';
import { UnitStatus } from './status.js';
import { unitTemplate, type UnitView } from './templates.js';
import { themeMemo } from './theme.js';
import { HeldEvents } from './held-events.js';
import { CloseHold } from './close-hold.js';
import { attachStates, setStates } from '../custom-states.js';
import { UnitCards } from './unit-cards.js';
import { DraftPass } from './draft-pass.js';
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
  /** `defer-hydration` (community protocol): no automatic load until a framework removes it. */
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

  private log: DebugLog = createDebugLog(false);
  private readonly flow = new UnitFlow(this, {
    emit: (name, detail) => this.held.fire(new AdpxEvent(name, detail)),
    log: () => this.log,
    autoClose: () => this.settings.autoClose,
    isList: () => this.view === 'list',
  });
  /** The load: its request key, the load in flight, SDK prefetch, the show that waits. */
  private readonly loads = new UnitLoad(this, this.flow, (payload) => this.requestOptions(payload));
  private readonly cards = new UnitCards(this, {
    log: () => this.log,
    dwell: () => this.dwell,
    onImpression: () => {
      this.scrollPast.markSeen(); // a card of this load counted its impression
      this.timer.seen();
    },
    // One offer at a time: a CTA moves on to the next offer.
    onDone: () => this.view !== 'list' && this.next(),
  });
  private readonly closeHold = new CloseHold(this);
  /** The response's (and the launcher's) colours as private variables. */
  private readonly themeOf = themeMemo();
  private readonly timer = new DisplayTimer(this, () => this.flow.timeout());
  private readonly modal = new ModalController(this);
  private readonly closeByUser = (): void => this.close('user');
  private readonly dialogHandlers = this.modal.handlers(
    this.closeByUser,
    () => this.flow.onScreen,
    () => this.backdropDismiss && this.view === 'popup',
  );
  private readonly live = new LiveRegion(this);
  private readonly words = new ElementWords(this, () => this.log);
  private readonly focusReturn = new FocusReturn(this);
  private readonly scrollPast = new ScrollPastController(this, () => this.flow.scrolledPast());
  private readonly presence = new PresenceController(this, {
    // Out of the document for good (not moved): abort the load, close what was shown.
    onLeave: () => {
      this.loads.callOffShow();
      this.loads.cancel();
      this.flow.removed();
      this.focusReturn.restore(() => this.modal.release());
    },
    onReturn: () => this.flow.returned() && !this.manual && this.show(),
    onPageHide: () => this.flow.pageHide(),
  });
  private readonly internals = attachStates(this);
  /** `analytics`: the events to the page's dataLayer or gtag (src/hosts/analytics.ts). */
  private readonly handOff = new AnalyticsHandOff(this);
  /** A new language is a new request (decision 010) and new words. */
  private readonly languageWatch = new LanguageWatch(this, () => this.language);
  /** Last of the controllers: the events of a unit not yet in the document wait for it. */
  private readonly held = new HeldEvents(this);
  private readonly draft = new DraftPass(this, () => this.render());

  /** A service response supplied by the host: rendered without fetching. */
  get response(): OffersResponse | undefined {
    return this.flow.response;
  }
  set response(raw: unknown) {
    if (raw !== undefined && raw !== null) this.loads.supply(raw, !this.manual);
  }

  /** Where the unit stands: idle, loading, ready, shown, ended, closed or error. */
  get state(): UnitStatus {
    return this.flow.status;
  }

  /**
   * A server's shadow root (`renderOffers`) is emptied, the unit renders anew, no longer `inert`;
   * the take-over of server-rendered pages (take-over.ts) keeps its nodes instead. */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    if (this.shadowRoot) {
      this.shadowRoot.replaceChildren();
      this.removeAttribute('inert');
    }
    return super.createRenderRoot();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // A first connection loads in the first update (`UnitLoad.hostUpdate`); a reconnection at once.
    if (this.hasUpdated) this.loads.autoLoad();
  }

  /**
   * Fetches offers. Resolves with the number of offers ready; rejects with an `OffersError` (and
   * fires `adpx-error`) when the load fails. A newer load replaces an older one; the same request
   * (options and `payload`) in flight is not asked twice: its promise is returned.
   */
  load(payload?: Record<string, unknown>): Promise<number> {
    return this.loads.load(payload);
  }

  /** The latest `load()`'s promise while in flight (not once settled or replaced by `response`). */
  get pendingLoad(): Promise<number> | undefined {
    return this.loads.pending;
  }

  /**
   * The show asked for while the offers load or during `delay`: resolves `true` once they are on
   * screen, `false` when it is called off (`close()`, a new load during the delay, no offers), and
   * rejects with the load's `OffersError` when the load fails. Undefined when no show waits.
   */
  get pendingShow(): Promise<boolean> | undefined {
    return this.loads.pendingShow;
  }

  /**
   * Shows the loaded offers from the first, after `delay` ms when one is set; asked while they
   * load, when they arrive (`pendingShow`). Returns false when there is nothing to show.
   */
  show(): boolean {
    return this.loads.show();
  }

  /** The offers held (loading, ready or shown) were asked with the request options as they are now. */
  get upToDate(): boolean {
    return this.loads.upToDate;
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
    if (this.loads.callOffShow())
      return this.log(
        'U6',
        'show called off before the offers were on screen (close, or a new load during the delay)',
      );
    // Closed while the offers load: their answer must not show the unit again (the load rejects
    // `aborted`). The script API never closes a loading unit: it keeps the offers for a later show.
    if (this.flow.status === UnitStatus.Loading) this.loads.cancel();
    this.flow.close(reason);
  }

  private get view(): UnitLayout {
    return toLayout(this.layout);
  }

  private get settings(): UnitSettings {
    return unitSettings(this.flow.response?.settings, this.overrides?.settings);
  }

  /**
   * State only (Lit SSR runs it in Node). The unit loads right after, in `UnitLoad.hostUpdate`: on
   * its first update unless `manual`, and when a request option changed (unit-load.ts says why).
   */
  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed); // a new `consent` applies at once
    if (changed.has('debug')) this.log = createDebugLog(this.debug);
    if (this.requestChanged(changed)) this.loads.requestChanged();
  }

  /** Lit calls `update` on the client only (never on a server): the flow's effects run here. */
  protected override update(changed: PropertyValues): void {
    this.flowChanged(changed);
    this.draft.begin(changed, this.flow.status);
    super.update(changed);
  }

  protected override scheduleUpdate(): Promise<unknown> | undefined {
    return this.draft.schedule(this.hasUpdated, this.flow.status, () => void super.scheduleUpdate());
  }

  protected override async getUpdateComplete(): Promise<boolean> {
    return this.draft.complete(await super.getUpdateComplete(), () => super.getUpdateComplete());
  }

  /**
   * The effects of what the flow changed (`UnitFlow` names `state`, `index` and `ledger` with their
   * old values), before the DOM changes: focus, the display clock, the close button's delay,
   * announcements, custom states. A server-rendered unit's take-over runs them too.
   */
  protected flowChanged(changed: PropertyValues): void {
    const status = this.flow.status;
    const was = changed.get('state') as UnitStatus | undefined;
    if (changed.has('state') && was !== status) this.statusChanged(status, was);
    if (changed.has('ledger') && changed.get('ledger') !== this.flow.ledger) {
      this.cards.drop(this.flow.ledger);
      // A new load on screen in one task (a response replaced while shown): its own clock, from its
      // own first impression, not what was left of the previous load's.
      if (status === UnitStatus.Shown) this.timer.await(this.settings.maxDisplayMs);
    }
    const newlyShown = changed.has('state') && was !== UnitStatus.Shown;
    const moved = changed.has('index') && changed.get('index') !== this.flow.index;
    if (status === UnitStatus.Shown && (newlyShown || moved) && this.view !== 'list')
      this.live.announceOffer(this.flow, this.words.messages);
  }

  private statusChanged(status: UnitStatus, was: UnitStatus | undefined): void {
    if (status === UnitStatus.Shown && was !== UnitStatus.Shown) {
      this.focusReturn.track();
      this.timer.await(this.settings.maxDisplayMs);
      this.closeHold.hold(this.closeDelay);
    } else if (status !== UnitStatus.Shown) {
      this.timer.stop();
      this.closeHold.hold(0);
    }
    if (!this.flow.onScreen) this.focusReturn.restore(() => this.modal.release());
    const endCard = status === UnitStatus.Ended && this.view !== 'list';
    this.focusReturn.endCard(endCard, isModalLayout(this.view));
    if (endCard) this.live.announce(this.words.messages.t('endTitle'));
    // The status as a custom state, for page CSS: `adpx-offers:state(closed) { … }`.
    setStates(this.internals, status);
  }

  protected override updated(): void {
    if (this.draft.drafted()) return;
    this.cards.rendered();
    const root = this.renderRoot;
    const dialog = root.querySelector<HTMLDialogElement>('dialog.overlay');
    if (dialog) this.modal.open(dialog, root.querySelector<HTMLElement>('.box'));
    const listShown = this.flow.status === UnitStatus.Shown && this.view === 'list';
    this.scrollPast.observe(listShown ? root.querySelector('.sentinel') : null);
    this.focusReturn.rendered(root);
  }

  private viewModel(response: OffersResponse): UnitView {
    return {
      layout: this.view,
      theme: this.themeOf(response.styles, this.overrides?.styles, this.transparent),
      themeClass: this.transparent ? 'theme transparent' : 'theme',
      response,
      index: this.flow.index,
      ended: this.flow.status === UnitStatus.Ended,
      cardFor: (offer) => this.cards.cardFor(offer, this.flow.ledger, this.view),
      heading: this.heading,
      headingLevel: headingLevelOf(this.headingLevel),
      hideClose: this.hideClose || this.closeHold.held,
      showQr: this.showQr,
      noOfferwall: this.settings.offerwall === false,
      position: this.settings.position,
      terms: this.terms,
      m: this.words.messages,
      draft: this.draft.active,
      onClose: this.closeByUser,
      onNext: () => this.next(),
      onPrevious: () => this.previous(),
      ...this.dialogHandlers,
    };
  }

  protected override render() {
    const response = this.flow.response;
    if (!this.flow.onScreen || !response?.count || !this.words.ready()) return nothing;
    return unitTemplate(this.viewModel(response));
  }
}
