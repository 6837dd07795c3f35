import type { DebugLog } from '../debug.js';
import type { Offer, OffersResponse } from '../model/types.js';
import { deliverBeacon, type BeaconDeliveryOptions } from './beacon.js';

/** The beacons an offer carries. */
export type BeaconKind = 'pixel' | 'adv_pixel' | 'no_thanks_click' | 'close';

/**
 * Remembers which beacons of one loaded response have been fired, so that each fires at most once
 * however often a card re-renders, scrolls back in, or the same response is shown again. A new
 * load gets a new ledger (see `ledgerFor`).
 */
export class BeaconLedger {
  private readonly fired = new Set<string>();
  private impressions = 0;

  constructor(private readonly delivery: BeaconDeliveryOptions = {}) {}

  /** True when this beacon of this offer was already fired in this load. */
  has(kind: BeaconKind, offer: Offer): boolean {
    return this.fired.has(this.key(kind, offer));
  }

  /** True when the impression of `offer` was already counted in this load. */
  impressed(offer: Offer): boolean {
    return this.fired.has(`impression:${offer.id}`);
  }

  /** True once any impression of this load was counted: the unit was visibly displayed. */
  get displayed(): boolean {
    return this.impressions > 0;
  }

  /**
   * The page is being left (`pagehide`, also on the way into the back/forward cache), or the unit
   * was removed from it (`what` says which, for the log), while the unit is up: fires `close` (once per load, like any close), but only when the unit was visibly
   * displayed — a unit nobody saw (below the fold, a 0x0 prefetch WebView) was never shown, so
   * leaving it is no dismissal. Returns true when it fired now.
   */
  closeOnPageLeave(offer: Offer, log: DebugLog | undefined = this.delivery.log, what = 'page left'): boolean {
    if (!this.displayed) {
      log?.(`${what} before any offer was visibly displayed: no close beacon`);
      return false;
    }
    log?.(`${what} while the unit was shown`);
    return this.fire('close', offer, log);
  }

  /**
   * Counts the impression of `offer` once per load: fires its `pixel` and `adv_pixel_url`.
   * Returns false (and fires nothing) when it was counted before.
   */
  countImpression(offer: Offer, log?: DebugLog): boolean {
    const key = `impression:${offer.id}`;
    if (this.fired.has(key)) {
      (log ?? this.delivery.log)?.(
        `offer ${offer.id}: impression already counted in this load; nothing fired`,
      );
      return false;
    }
    this.fired.add(key);
    this.impressions += 1;
    this.fire('pixel', offer, log);
    this.fire('adv_pixel', offer, log);
    return true;
  }

  /**
   * Fires the beacon of `offer` unless it was fired before in this load or the offer has no such
   * URL. `close` is once per load, whichever offer it comes from. Returns true when it fired now.
   */
  fire(kind: BeaconKind, offer: Offer, log?: DebugLog): boolean {
    const url = beaconUrl(kind, offer);
    const key = this.key(kind, offer);
    const sink = log ?? this.delivery.log;
    if (!url || this.fired.has(key)) {
      sink?.(`beacon ${kind} of offer ${offer.id} ${url ? 'already fired in this load' : 'absent'}; skipped`);
      return false;
    }
    this.fired.add(key);
    sink?.(`beacon ${kind} of offer ${offer.id}: GET ${url}`);
    void deliverBeacon(url, { ...this.delivery, log: sink });
    return true;
  }

  private key(kind: BeaconKind, offer: Offer): string {
    return kind === 'close' ? 'close' : `${kind}:${offer.id}`;
  }
}

function beaconUrl(kind: BeaconKind, offer: Offer): string | undefined {
  switch (kind) {
    case 'pixel':
      return offer.pixel;
    case 'adv_pixel':
      return offer.adv_pixel_url;
    case 'no_thanks_click':
      return offer.beacons.no_thanks_click;
    case 'close':
      return offer.beacons.close;
  }
}

const ledgers = new WeakMap<object, BeaconLedger>();

/**
 * True when `value` is a response that already has a ledger: a loaded response given back (for
 * example `unit.response = unit.response`). It is the same load and must keep its ledger, so code
 * that normalises host input should take it as it is instead of making a new response of it.
 */
export function hasLedger(value: object): value is OffersResponse {
  return ledgers.has(value);
}

/** The ledger of a loaded response: the same response object always gets the same ledger. */
export function ledgerFor(response: OffersResponse, delivery?: BeaconDeliveryOptions): BeaconLedger {
  let ledger = ledgers.get(response);
  if (!ledger) {
    ledger = new BeaconLedger(delivery);
    ledgers.set(response, ledger);
  }
  return ledger;
}
