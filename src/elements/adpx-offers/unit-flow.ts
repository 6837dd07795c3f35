import { errorInfo, toOffersError, type OffersError } from '../../errors.js';
import type { DebugLog } from '../../debug.js';
import type { AdpxEventName, AdpxEventPayloads, CloseReason } from '../../events/adpx-event.js';
import type { Offer, OffersResponse } from '../../model/types.js';
import { acceptResponse } from '../../model/normalize.js';
import { sendKeptBeacons } from '../../tracking/beacon.js';
import { BeaconLedger, ledgerOf } from '../../tracking/ledger.js';
import { UnitStatus } from './status.js';

/**
 * The element the flow updates, by the name of what changed and its old value (as Lit's own
 * properties do): `state` (the status), `index` (the offer on screen) and `ledger` (a new load).
 */
export interface FlowElement {
  requestUpdate(name: 'state' | 'index' | 'ledger', oldValue: unknown): void;
}

/** What the flow needs from its element. */
export interface FlowHost {
  emit<N extends AdpxEventName>(name: N, detail: AdpxEventPayloads[N]): void;
  log(): DebugLog;
  /** `settings.auto_close` in effect: the unit goes away when the flow ends. */
  autoClose(): boolean;
  /** True in the list layout: every offer at once, no stepping. */
  isList(): boolean;
}

/**
 * The unit's state machine: the loaded response and its beacon ledger, the status, the offer on
 * screen, and the once-per-load close beacon with `closed_ads`. Events and beacons happen here;
 * each change reaches the element as a changed property with its old value (`FlowElement`), which
 * the element turns into focus, timers and announcements.
 *
 * idle → loading → ready → shown → (ended →) closed; any load or render failure → error.
 * `ended`: the flow is over and reported, but the end card (or a scrolled-past list) is on screen.
 */
export class UnitFlow {
  private _status: UnitStatus = UnitStatus.Idle;
  private _index = 0;
  private _response?: OffersResponse;
  /** The state of the current load (beacons, impressions, saves): one object, new for each load. */
  private _ledger?: BeaconLedger;
  /** Removed from the document while loading or on screen (see `removed`). */
  private leftWhileUp = false;
  /** The object the host supplied for the current load, when it was not the response itself. */
  private _source?: object;
  /** The current response was supplied by the host (`supply`), not fetched. */
  private supplied = false;
  /** Every ledger this unit has had: a response it showed before, given again, is a new load. */
  private readonly used = new WeakSet<BeaconLedger>();

  constructor(
    private readonly host: FlowElement,
    private readonly unit: FlowHost,
  ) {}

  get status(): UnitStatus {
    return this._status;
  }
  get index(): number {
    return this._index;
  }
  get response(): OffersResponse | undefined {
    return this._response;
  }
  get ledger(): BeaconLedger | undefined {
    return this._ledger;
  }
  /** Something is on screen: offers, the end card, or a scrolled-past list. */
  get onScreen(): boolean {
    return this._status === UnitStatus.Shown || this._status === UnitStatus.Ended;
  }
  get current(): Offer | undefined {
    return this._response?.offers[this._index];
  }

  private set(status: UnitStatus, index = this._index): void {
    const { _status, _index } = this;
    this._status = status;
    this._index = index;
    this.host.requestUpdate('state', _status);
    this.host.requestUpdate('index', _index);
  }

  loading(): void {
    this.supplied = false;
    this.replaced();
    this.set(UnitStatus.Loading);
  }

  /**
   * A new load takes the offers on screen away: their close beacon when one was visibly displayed
   * (as on leaving, decision 010). No `closed_ads`: the unit stays up for the new offers.
   */
  private replaced(): void {
    const offer = this.current;
    if (this._status === UnitStatus.Shown && offer)
      this._ledger?.closeOnPageLeave(offer, this.unit.log(), 'offers replaced');
  }

  /**
   * The unit left the document (removed, not moved; its load was aborted). Offers on screen count
   * as left: the close beacon when an offer was visibly displayed (as on `pagehide`) and
   * `closed_ads` with reason `removed`. A load in flight goes back to idle. A unit that was up
   * (loading or on screen) loads afresh when it is inserted again (`returned`).
   */
  removed(): void {
    const offer = this.current;
    if (this._status === UnitStatus.Loading) this.set(UnitStatus.Idle);
    else if (this._status === UnitStatus.Ended) this.set(UnitStatus.Closed);
    else if (this._status === UnitStatus.Shown) {
      if (offer) this._ledger?.closeOnPageLeave(offer, this.unit.log(), 'unit removed from the page');
      this.set(UnitStatus.Closed);
      this.unit.emit('closed_ads', { reason: 'removed' });
    } else return;
    this.leftWhileUp = true;
  }

  /**
   * Inserted again after it left: a unit that was up starts a new visit. A fetched one goes idle,
   * so it loads afresh; one showing a response the host supplied takes that response again as a
   * new load (ledger, `ads_found`): true then, and the element shows it unless `manual`.
   */
  returned(): boolean {
    if (!this.leftWhileUp) return false;
    this.leftWhileUp = false;
    const response = this.supplied ? this._response : undefined;
    if (response) this.accept(response, undefined, this._source);
    else this.set(UnitStatus.Idle);
    return !!response;
  }

  /**
   * A response the host supplied (`unit.response = raw`). The current load given back (its
   * response, or the same raw object again) stays the same load, with its ledger: nothing fires
   * twice. Anything else is normalised and is a new load, except that a response object another
   * unit holds shares that unit's ledger (one response, one count: `ledgerOf`). Throws
   * `invalid_response`.
   */
  supply(raw: unknown): void {
    const { _response: current, _source: source } = this;
    this.supplied = true;
    if (current && (raw === current || raw === source)) return this.accept(current, this._ledger, source);
    const response = acceptResponse(raw);
    const ledger = ledgerOf(response, this.used, { log: this.unit.log() });
    this.accept(response, ledger, raw === response ? undefined : (raw as object));
  }

  /**
   * Takes a loaded response: a new load (ledger) unless given the current one; `ads_found`. A load
   * also sends the beacons kept after a failed delivery (decision 015).
   */
  accept(
    response: OffersResponse,
    ledger = new BeaconLedger({ log: this.unit.log() }),
    source?: object,
  ): void {
    const old = this._ledger;
    if (ledger !== old) this.replaced();
    this.used.add(ledger);
    sendKeptBeacons(this.unit.log());
    this._response = response;
    this._ledger = ledger;
    this.host.requestUpdate('ledger', old);
    this._source = source;
    this.set(UnitStatus.Ready, 0);
    this.unit.log()('U1', 'offers loaded, count:', response.count);
    this.unit.emit('ads_found', { total: response.count });
    if (response.count === 0) this.unit.emit('no_ads_found', { total: 0 });
  }

  /** A load or render failure: nothing on screen, an `error` event; returns the typed error. */
  fail(error: unknown): OffersError {
    const failure = toOffersError(error);
    this._response = undefined;
    this._source = undefined;
    this.set(UnitStatus.Error);
    this.unit.emit('error', errorInfo(failure));
    return failure;
  }

  /** From `ready`: shows the first offer. True when offers are (now) shown. */
  show(): boolean {
    if (this._status === UnitStatus.Shown) return true;
    const count = this._response?.count ?? 0;
    if (this._status !== UnitStatus.Ready || count === 0) return false;
    this.set(UnitStatus.Shown, 0);
    return true;
  }

  next(): void {
    if (this._status !== UnitStatus.Shown || !this._response || this.unit.isList()) return;
    if (this._index + 1 < this._response.count) this.set(UnitStatus.Shown, this._index + 1);
    else this.finish('flow_end', !this.unit.autoClose());
  }

  previous(): void {
    if (this._status === UnitStatus.Shown && !this.unit.isList() && this._index > 0)
      this.set(UnitStatus.Shown, this._index - 1);
  }

  /**
   * Dismisses the unit. While offers are shown: the close beacon (once per load) and `closed_ads`.
   * After the flow ended it only takes the end card (or list) off screen: that was reported already.
   */
  close(reason: CloseReason): void {
    if (this._status === UnitStatus.Shown) this.finish(reason, false);
    else if (this._status === UnitStatus.Ended) this.set(UnitStatus.Closed);
    else if (this._status !== UnitStatus.Closed) {
      this.set(UnitStatus.Closed);
      this.unit.emit('closed_ads', { reason });
    }
  }

  /** `max_display_time` is up. Only offers on screen close; a finished flow stays as it is. */
  timeout(): void {
    if (this._status === UnitStatus.Shown) this.finish('timeout', false);
  }

  /** List layout: the reader scrolled past every offer. The list stays where it is. */
  scrolledPast(): void {
    if (this._status === UnitStatus.Shown) this.finish('scrolled_past', true);
  }

  /** The page is going away with offers on screen: the close beacon (no event, nobody listens). */
  pageHide(): void {
    const offer = this.current;
    if (this._status === UnitStatus.Shown && offer) this._ledger?.closeOnPageLeave(offer, this.unit.log());
  }

  private finish(reason: CloseReason, keepOnScreen: boolean): void {
    const offer = this.current ?? this._response?.offers[0];
    if (offer) this._ledger?.fire('close', offer, this.unit.log());
    this.set(keepOnScreen ? UnitStatus.Ended : UnitStatus.Closed);
    this.unit.emit('closed_ads', { reason });
  }
}
