import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { isOffersError, OffersError } from '../client/errors.js';
import type { FetchOffersOptions } from '../client/options.js';
import { createDebugLog, type DebugLog } from '../debug.js';
import { AdpxEvent, type AdpxEventName, type AdpxEventPayloads, type CloseReason } from '../events/adpx-event.js';
import { normalizeResponse } from '../model/normalize.js';
import type { OffersResponse } from '../model/types.js';
import { ledgerFor, type BeaconLedger } from '../tracking/ledger.js';
import { offersStyles } from './adpx-offers.styles.js';
import { LoadController } from './load-controller.js';

/** Where the unit stands. A const object and a union, not an enum. */
export const UnitStatus = {
  Idle: 'idle',
  Loading: 'loading',
  Ready: 'ready',
  Shown: 'shown',
  Closed: 'closed',
  Error: 'error',
} as const;
export type UnitStatus = (typeof UnitStatus)[keyof typeof UnitStatus];

export type UnitLayout = 'inline' | 'popup' | 'fullscreen';
export type TermsMode = 'accordion' | 'modal';

const rawCache = new WeakMap<object, OffersResponse>();

/** Normalises a response supplied by the host (`{ data }` envelope or the data object itself). */
export function acceptResponse(raw: unknown): OffersResponse {
  if (typeof raw !== 'object' || raw === null) {
    throw new OffersError('invalid_response', 'The response must be an object');
  }
  const cached = rawCache.get(raw);
  if (cached) return cached;
  const response = normalizeResponse('data' in raw ? raw : { data: raw });
  rawCache.set(raw, response);
  return response;
}

/**
 * The offer unit: fetches offers (or renders a response the host supplies), shows them one at a
 * time, fires each beacon once per load, and reports every step as an event.
 *
 * @summary The offer unit: loads offers and shows them as cards, with exact tracking.
 *
 * @fires adpx-ads-found - Offers are loaded and ready. `detail: { total }`.
 * @fires adpx-no-ads-found - A load returned no offers. `detail: { total: 0 }`.
 * @fires adpx-closed-ads - The unit was dismissed or the flow ended. `detail: { reason }`.
 * @fires adpx-error - A load or render failed. `detail: { message, code, status? }`.
 * @fires adpx-offer-shown - Re-dispatched from the card. `detail: { current, total, offer_id }`.
 * @fires adpx-impression - Re-dispatched from the card when its pixel fires.
 * @fires adpx-ad-taken - Positive CTA.
 * @fires adpx-ad-not-taken - Negative CTA.
 * @fires adpx-last-ad-taken - Positive CTA on the last offer.
 * @fires adpx-url-clicked - A URL is to be opened. `detail: { target_url }`.
 *
 * @csspart unit - The box around the card.
 * @csspart close - The close button.
 * @csspart overlay - The backdrop of the popup and fullscreen layouts.
 * @csspart offer - The `<adpx-offer>` card.
 *
 * @cssprop --adpx-backdrop-color - Backdrop of popup and fullscreen layouts.
 * @cssprop --adpx-popup-width - Width of the popup.
 * @cssprop --adpx-z-index - Stacking level of the overlay.
 */
export class AdpxOffersElement extends LitElement {
  static override styles = offersStyles;

  @property({ attribute: 'api-key' }) apiKey = '';
  @property() endpoint = '';
  @property() placement = '';
  @property({ attribute: 'api-version' }) apiVersion: 'v2' | 'v4' = 'v2';
  @property({ attribute: 'pub-user-id' }) pubUserId?: string;
  @property() loyaltyboost?: '0' | '1' | '2';
  @property() creative?: '0' | '1';
  @property({ attribute: 'campaign-id' }) campaignId?: string;
  /** Ask the service for test offers; it records no tracking for them. */
  @property({ type: Boolean }) dev = false;
  @property({ reflect: true }) layout: UnitLayout = 'inline';
  @property() terms: TermsMode = 'accordion';
  /** Do not fetch on connect; call `load()` and `show()`. */
  @property({ type: Boolean }) manual = false;
  /** Continuous ms a card must be visible before its impression counts (0: at once). */
  @property({ type: Number }) dwell = 0;
  @property({ type: Boolean }) debug = false;
  /** Extra body keys sent with each load. */
  @property({ attribute: false }) payload: Record<string, unknown> = {};

  /** A service response supplied by the host: rendered without fetching. */
  @property({ attribute: false })
  get response(): OffersResponse | undefined {
    return this.loaded;
  }
  set response(raw: unknown) {
    if (raw === undefined || raw === null) return;
    try {
      this.accept(acceptResponse(raw));
      if (!this.manual) this.show();
    } catch (error) {
      this.fail(error);
    }
  }

  @state() private status: UnitStatus = UnitStatus.Idle;
  @state() private index = 0;
  @state() private loaded?: OffersResponse;
  private ledger?: BeaconLedger;
  private log: DebugLog = createDebugLog(false);
  private readonly loader = new LoadController(this);

  /** Where the unit stands: idle, loading, ready, shown, closed or error. */
  get state(): UnitStatus {
    return this.status;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('pagehide', this.onPageHide);
    if (!this.manual && this.status === UnitStatus.Idle && this.apiKey && this.endpoint) {
      this.load().then(
        (total) => total > 0 && this.show(),
        () => {},
      );
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('pagehide', this.onPageHide);
    if (this.status === UnitStatus.Loading) this.status = UnitStatus.Idle;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('debug')) this.log = createDebugLog(this.debug);
  }

  /** The options of a fetch, from the attributes and `payload`. */
  requestOptions(payload?: Record<string, unknown>): Omit<FetchOffersOptions, 'signal'> {
    return {
      endpoint: this.endpoint,
      apiKey: this.apiKey,
      apiVersion: this.apiVersion,
      placement: this.placement,
      pubUserId: this.pubUserId,
      loyaltyboost: this.loyaltyboost,
      creative: this.creative,
      campaignId: this.campaignId,
      dev: this.dev ? '1' : undefined,
      payload: { ...this.payload, ...payload },
      debug: this.debug,
    };
  }

  /**
   * Fetches offers. Resolves with the number of offers ready; rejects with an `OffersError` (and
   * fires `adpx-error`) when the load fails. A newer load replaces an older one.
   */
  async load(payload?: Record<string, unknown>): Promise<number> {
    this.status = UnitStatus.Loading;
    try {
      const response = await this.loader.run(this.requestOptions(payload));
      this.accept(response);
      return response.count;
    } catch (error) {
      if (isOffersError(error) && error.code === 'aborted') {
        this.log('load aborted or replaced');
        throw error;
      }
      throw this.fail(error);
    }
  }

  /** Takes a loaded response: a new beacon ledger, `ads_found` or `no_ads_found`. */
  private accept(response: OffersResponse): void {
    this.loaded = response;
    this.ledger = ledgerFor(response, { log: this.log });
    this.index = 0;
    this.status = UnitStatus.Ready;
    this.log(`loaded ${response.count} offers`);
    if (response.count > 0) this.emit('ads_found', { total: response.count });
    else {
      this.emit('ads_found', { total: 0 });
      this.emit('no_ads_found', { total: 0 });
    }
  }

  private fail(error: unknown): OffersError {
    const failure = isOffersError(error)
      ? error
      : new OffersError('render', error instanceof Error ? error.message : String(error), { cause: error });
    this.status = UnitStatus.Error;
    this.loaded = undefined;
    this.emit('error', {
      message: failure.message,
      code: failure.code,
      ...(failure.status !== undefined ? { status: failure.status } : {}),
    });
    return failure;
  }

  /** Shows the loaded offers from the first. Returns false when there is nothing to show. */
  show(): boolean {
    if (!this.loaded || this.loaded.count === 0 || this.status === UnitStatus.Loading) return false;
    if (this.status === UnitStatus.Closed) return false;
    this.status = UnitStatus.Shown;
    return true;
  }

  /** Shows the next offer; after the last one the flow ends (close beacon, `closed_ads`). */
  next(): void {
    if (this.status !== UnitStatus.Shown || !this.loaded) return;
    if (this.index + 1 < this.loaded.count) this.index += 1;
    else this.finish('flow_end');
  }

  /** Shows the previous offer. */
  previous(): void {
    if (this.status === UnitStatus.Shown && this.index > 0) this.index -= 1;
  }

  /** Dismisses the unit: fires the close beacon once per load (when shown) and `closed_ads`. */
  close(reason: CloseReason = 'api'): void {
    if (this.status === UnitStatus.Shown) this.finish(reason);
    else if (this.status !== UnitStatus.Closed) {
      this.status = UnitStatus.Closed;
      this.emit('closed_ads', { reason });
    }
  }

  private finish(reason: CloseReason): void {
    const offer = this.loaded?.offers[this.index];
    if (offer) this.ledger?.fire('close', offer, this.log);
    this.status = UnitStatus.Closed;
    this.emit('closed_ads', { reason });
  }

  private readonly onPageHide = (): void => {
    if (this.status !== UnitStatus.Shown) return;
    const offer = this.loaded?.offers[this.index];
    if (offer) this.ledger?.fire('close', offer, this.log);
  };

  private emit<N extends AdpxEventName>(name: N, detail: AdpxEventPayloads[N]): void {
    this.dispatchEvent(new AdpxEvent(name, detail));
  }

  protected override render() {
    const response = this.loaded;
    const offer = response?.offers[this.index];
    if (this.status !== UnitStatus.Shown || !response || !offer) return nothing;
    const unit = html`
      <section part="unit" class="unit" aria-label="Offers" aria-roledescription="offers">
        <button part="close" class="close" type="button" aria-label="Close" @click=${() => this.close('user')}>
          <span aria-hidden="true">×</span>
        </button>
        <adpx-offer
          part="offer"
          .offer=${offer}
          .current=${this.index + 1}
          .total=${response.count}
          .ledger=${this.ledger}
          .dwell=${this.dwell}
          .debug=${this.debug}
          @adpx-ad-taken=${() => this.next()}
          @adpx-ad-not-taken=${() => this.next()}
        ></adpx-offer>
      </section>
    `;
    if (this.layout === 'inline') return unit;
    return html`<div part="overlay" class="overlay layout-${this.layout}">${unit}</div>`;
  }
}
