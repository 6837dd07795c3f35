import type { DebugLog } from '../debug.js';
import type { Offer } from '../model/types.js';
import { deliverBeacon, type BeaconDeliveryOptions } from './beacon.js';
import { inLaterTask, runLaterSteps } from './later-steps.js';

/** The beacons an offer carries. */
export type BeaconKind = 'pixel' | 'adv_pixel' | 'no_thanks_click' | 'close';

/** The ledger of each response object a unit took: a second unit given it shares the count. */
const ledgers = new WeakMap<object, BeaconLedger>();

/**
 * The ledger of `response` (a normalised response object; the same raw object always gives the
 * same one, `normalizeEnvelope`): the one a unit made for it before, unless `used` says this unit
 * had it already (then it is a new load, with a new ledger, which later units share).
 * One response object, one count, whichever unit shows an offer first (decision 002).
 */
export function ledgerOf(
  response: object,
  used: WeakSet<BeaconLedger>,
  delivery?: BeaconDeliveryOptions,
): BeaconLedger {
  let ledger = ledgers.get(response);
  if (!ledger || used.has(ledger)) ledgers.set(response, (ledger = new BeaconLedger(delivery)));
  return ledger;
}

/**
 * The state of one load, in one object: the beacons fired, the impressions counted and the offers
 * saved for later, so that each beacon fires at most once however often a card re-renders, scrolls
 * back in, or the same response is given back, and each offer is saved at most once. The unit's
 * flow makes one per load (UnitFlow.accept) and hands it to its cards; a card used alone
 * keeps its own.
 */
export class BeaconLedger {
  private readonly fired = new Set<string>();
  private readonly saved = new Set<number>();
  private impressions = 0;

  constructor(private readonly delivery: BeaconDeliveryOptions = {}) {}

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
   * Returns false (and fires nothing) when it was counted before. Both are recorded now; their
   * GETs leave in the next tasks, one each, pixel first (later-steps.ts: on a phone the rule's
   * hit test and a `fetch` call are each some 10 to 40 ms at 4× CPU), or at once when anything
   * else fires or the page is hidden or left first.
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
    this.fire('pixel', offer, log, true);
    this.fire('adv_pixel', offer, log, true);
    return true;
  }

  /**
   * Fires the beacon of `offer` unless it was fired before in this load or the offer has no such
   * URL. `close` is once per load, whichever offer it comes from. Returns true when it fired now
   * (recorded at once: a second call is skipped even while its GET waits). The GET leaves now,
   * after every step an impression left for later (so the service gets pixel, adv pixel, then
   * this one), or with `later`, in a task of its own after them.
   */
  fire(kind: BeaconKind, offer: Offer, log?: DebugLog, later = false): boolean {
    const url = beaconUrl(kind, offer);
    const key = this.key(kind, offer);
    const sink = log ?? this.delivery.log;
    if (!url || this.fired.has(key)) {
      sink?.(`beacon ${kind} of offer ${offer.id} ${url ? 'already fired in this load' : 'absent'}; skipped`);
      return false;
    }
    this.fired.add(key);
    sink?.(`beacon ${kind} of offer ${offer.id}: GET ${url}`);
    const send = () => void deliverBeacon(url, { ...this.delivery, log: sink });
    if (later) inLaterTask(send);
    else {
      runLaterSteps();
      send();
    }
    return true;
  }

  /** True when the offer was saved for later (or is being saved) in this load. */
  isSaved(offerId: number): boolean {
    return this.saved.has(offerId);
  }

  /** Claims the save of an offer for this load; false when it was claimed before. */
  claimSave(offerId: number): boolean {
    if (this.saved.has(offerId)) return false;
    this.saved.add(offerId);
    return true;
  }

  /** Gives the claim back after a failed request, so the user may try again. */
  releaseSave(offerId: number): void {
    this.saved.delete(offerId);
  }

  private key(kind: BeaconKind, offer: Offer): string {
    return kind === 'close' ? 'close' : `${kind}:${offer.id}`;
  }
}

function beaconUrl(kind: BeaconKind, offer: Offer): string | undefined {
  const { pixel, adv_pixel_url: adv_pixel, beacons } = offer;
  return { ...beacons, pixel, adv_pixel }[kind];
}
