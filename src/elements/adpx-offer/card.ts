/**
 * One offer card: its state ({@link OfferCard}, one per offer and host) and its template
 * (`cardTemplate`, in card-template.ts). `<adpx-offer>` renders one in its shadow root;
 * `<adpx-offers>` renders its cards in its own shadow root, one source for both. What a card does
 * lives here: the impression (its own IntersectionObserver on the card's box), the image sized to
 * its frame, save for later, the CTAs and links, and the terms' open state. Every event is
 * dispatched on the host element.
 */
import type { ReactiveControllerHost } from 'lit';
import type { DebugLog } from '../../debug.js';
import {
  AdpxEvent,
  type AdpxEventName,
  type AdpxEventPayloads,
  type OfferProgress,
} from '../../events/adpx-event.js';
import { openOfferUrl } from '../../hosts/open-url.js';
import type { Messages } from '../../i18n/messages.js';
import type { Offer } from '../../model/types.js';
import { nextTask } from '../../next-task.js';
import { deliverBeacon } from '../../tracking/beacon.js';
import type { ImpressionController } from '../../tracking/impression-controller.js';
import { loadImpressionRule } from '../../tracking/impression-rule.js';
import { inLaterTask, runLaterSteps } from '../../tracking/later-steps.js';
import type { BeaconLedger } from '../../tracking/ledger.js';
import { Terms, type TermsMode } from '../adpx-terms/terms.js';
import { pickImage } from './image-source.js';
import { MediaSizeController, type FrameWidthMemo } from './media-size.js';
import { SaveState } from './save-for-later.js';

/**
 * The hosts already told that the impression rule could not be loaded: one `error` a unit, not one
 * a card or a retry.
 */
const toldRuleFailure = new WeakSet<CardHost>();

/** The element a card renders in: `<adpx-offer>` or `<adpx-offers>`. */
export type CardHost = ReactiveControllerHost & HTMLElement & { readonly renderRoot: ParentNode };

/** What a card needs of its host beyond the offer, read when it needs it. */
export interface CardContext {
  log: () => DebugLog;
  /** Continuous ms the card must be visible before its impression counts. */
  dwell: () => number;
  /** The card's impression counted (the unit starts its display clock). */
  onImpression?: () => void;
  /** A CTA was used (a one-at-a-time unit moves on). */
  onDone?: () => void;
}

/** How the card renders, given by its host at each render. */
export interface CardView {
  current: number;
  total: number;
  m: Messages;
  /** Load the image at once with high priority (the first card). */
  eager: boolean;
  showQr: boolean;
  noOfferwall: boolean;
  privacyUrl?: string;
  headingLevel: number;
  terms: TermsMode;
  /**
   * The first of a new card's two renders (issue 36: no task over 50 ms on a phone): the unit is
   * hidden, and the card leaves out what follows its actions, drawn one task later.
   */
  draft?: boolean;
}

/** One offer's card in one host: its state and handlers. {@link dispose} when it goes. */
export class OfferCard {
  /**
   * The id of the card's root in the host's shadow root: one card per offer there (ids are unique
   * in a response), the same on the server and in the browser (adpx-offers/ssr).
   */
  readonly id: string;
  saveState: SaveState;
  /** The image URL that failed to load; its frame is hidden. */
  failedImage?: string;
  readonly terms: Terms;
  readonly image;
  /** The impression rule on the card's box, once its code is there (see {@link rendered}). */
  private impressions?: ImpressionController;
  private readonly media: MediaSizeController;
  /** The position the card was last rendered at (its events carry it). */
  private view?: CardView;
  /** The card was in its host's last render. */
  private onScreen = false;
  /** The impression watch is set for the next task (see {@link rendered}). */
  private watchSet = false;
  private disposed = false;

  constructor(
    private readonly host: CardHost,
    readonly offer: Offer,
    readonly ledger: BeaconLedger,
    private readonly context: CardContext,
    frameWidth?: FrameWidthMemo,
  ) {
    this.id = `adpx-c${offer.id}`;
    this.saveState = ledger.isSaved(offer.id) ? SaveState.Saved : SaveState.Idle;
    this.terms = new Terms(host, context.log, `${this.id}-t`);
    this.image = pickImage(offer);
    this.media = new MediaSizeController(host, () => this.root);
    this.media.memo = frameWidth;
    this.media.image = this.image;
  }

  /** The offer can be saved for later: the publisher's wallet is on and it has a save URL. */
  get canSave(): boolean {
    return this.offer.perkswallet_enabled === true && this.offer.save_for_later_url !== undefined;
  }

  private get root(): HTMLElement | null {
    return this.host.renderRoot.querySelector<HTMLElement>(`#${this.id}`);
  }

  /** Before each render of the card. */
  willRender(view: CardView): void {
    this.view = view;
    this.terms.set(this.offer.terms_and_conditions, view.terms);
  }

  /**
   * After each render of the host, whether the card was in it or not: a card new on screen fires
   * `offer_shown`; its impression is watched on its box until it counts. The watch (its observer,
   * the occlusion check, the timers) is set in the next task, not in the render's (issue 36: the
   * first card's task stays short on a phone), and once the rule's code is there (the split script
   * tag loads it after the first card: boot/impression-rule.after-card.ts); the rule measures from then
   * on (decision 002).
   */
  rendered(): void {
    const root = this.root;
    if (root && !this.onScreen) this.emit('offer_shown', this.progress());
    this.onScreen = root !== null;
    this.terms.rendered();
    this.setWatch();
  }

  private setWatch(): void {
    if (this.watchSet) return;
    this.watchSet = true;
    // A rule whose file failed to load (the network, a file not published beside the tag) is
    // asked for again once the browser is back online: the card counts then. Until then no
    // impression can count, so the page hears of it: an `error` and a console warning, once.
    const failed = (error: Error) => {
      this.context.log()('C5', 'the impression rule could not be loaded; tried again online:', error.message);
      if (toldRuleFailure.has(this.host)) return;
      toldRuleFailure.add(this.host);
      console.warn(error.message);
      this.emit('error', { message: error.message, code: 'render' });
    };
    void Promise.all([loadImpressionRule(failed), nextTask()]).then(([Rule]) => {
      this.watchSet = false;
      if (this.disposed) return;
      this.impressions ??= new Rule(this.host, {
        onImpression: () => this.countImpression(),
        dwellMs: this.context.dwell,
        log: (message, ...details) => this.context.log()(message, ...details),
      });
      const box = this.root;
      this.impressions.watch(box && !this.ledger.impressed(this.offer) ? String(this.offer.id) : null, box);
    });
  }

  /** The card left its host for good. */
  dispose(): void {
    this.disposed = true;
    if (this.impressions) {
      this.impressions.watch(null);
      this.host.removeController(this.impressions);
    }
    this.media.stop();
    this.host.removeController(this.media);
  }

  private progress(): OfferProgress {
    const view = this.view;
    return { current: view?.current ?? 1, total: view?.total ?? 1, offer_id: this.offer.id };
  }

  /** Dispatches an event on the host, after what an impression left for later (in order). */
  private emit<N extends AdpxEventName>(name: N, detail: AdpxEventPayloads[N]): boolean {
    runLaterSteps();
    return this.host.dispatchEvent(new AdpxEvent(name, detail));
  }

  /**
   * The impression: the ledger counts it now (once per load); its two GETs, then the `impression`
   * event and the unit's display clock, follow in the next tasks, one each (later-steps.ts), or
   * at once when the card dispatches anything else, a beacon fires, or the page goes first.
   */
  private countImpression(): void {
    if (!this.ledger.countImpression(this.offer, this.context.log())) return;
    const progress = this.progress();
    inLaterTask(() => {
      this.host.dispatchEvent(new AdpxEvent('impression', progress));
      this.context.onImpression?.();
    });
  }

  /**
   * A person's click on the card's CTA or Save proves the card was displayed: its impression counts
   * first when the rule has not counted it yet (a `dwell` still running, an entrance animation's
   * recheck), so the service never gets a click or a no-thanks without the pixel before it (the
   * spec's display and tracking sequence: pixel, then the CTA's beacon). A click the page made with
   * script (`isTrusted` false) proves nothing and changes nothing. Decision 002.
   */
  private engaged(event: Event | undefined): void {
    if (!event?.isTrusted || this.ledger.impressed(this.offer)) return;
    this.context.log()(
      'C4',
      'a click on the card counts its impression first (the rule had not yet), offer:',
      this.offer.id,
    );
    this.countImpression();
    this.impressions?.watch(null);
  }

  /**
   * The positive CTA: the click URL opens first, then the unit moves on (the spec's sequence: the
   * redirect, then the next offer or the end of the flow with its close beacon), so a host that
   * tears down on `closed_ads` has had `last_ad_taken` and `url_clicked` already.
   */
  readonly onAccept = (event?: Event): void => {
    this.engaged(event);
    const progress = this.progress();
    this.emit('ad_taken', progress);
    if (progress.current >= progress.total) this.emit('last_ad_taken', progress);
    if (this.offer.click_url) this.openUrl(this.offer.click_url);
    this.context.onDone?.();
  };

  readonly onDecline = (event?: Event): void => {
    this.engaged(event);
    this.ledger.fire('no_thanks_click', this.offer, this.context.log());
    this.emit('ad_not_taken', this.progress());
    this.context.onDone?.();
  };

  /** A link the card opens itself: `url_clicked`, then a new tab or the native host. */
  readonly onLink = (event: MouseEvent): void => {
    const url = (event.currentTarget as Element).getAttribute('href');
    if (url === null) return;
    event.preventDefault();
    this.openUrl(url);
  };

  /**
   * "Save for later": a cancelable `save_for_later` event; unless cancelled, one GET of
   * `save_for_later_url` per offer per load, then "Saved". A failed request may be retried.
   */
  readonly onSave = async (event?: Event): Promise<void> => {
    const { offer, ledger } = this;
    const url = offer.save_for_later_url;
    if (!url || !this.canSave) return;
    this.engaged(event);
    if (this.saveState === SaveState.Saving || this.saveState === SaveState.Saved) return;
    if (ledger.isSaved(offer.id)) return;
    const log = this.context.log();
    if (!this.emit('save_for_later', { ...this.progress(), url }))
      return log('C1', 'save_for_later cancelled by the host, offer:', offer.id);
    if (!ledger.claimSave(offer.id)) return;
    this.setSave(SaveState.Saving);
    const delivered = await deliverBeacon(url, { log });
    if (!delivered) ledger.releaseSave(offer.id);
    this.setSave(delivered ? SaveState.Saved : SaveState.Failed);
  };

  private setSave(state: SaveState): void {
    this.saveState = state;
    this.host.requestUpdate();
  }

  readonly onImageError = (): void => {
    this.context.log()('C2', 'image failed to load, frame hidden:', this.image?.url);
    this.failedImage = this.image?.url;
    this.host.requestUpdate();
  };

  /** Emits `url_clicked`, then opens the URL in a new tab unless a native host handles it. */
  private openUrl(url: string): void {
    this.emit('url_clicked', { target_url: url });
    this.context.log()('C3', 'url opened (url, how):', url, openOfferUrl(url));
  }
}
