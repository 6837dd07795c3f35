/**
 * The loads of the script API's unit: which request the unit holds, the one in flight (shared by
 * a repeated `init` or `load` of the same request, never sent twice), and a response the host
 * supplied for API prefetch.
 */
import type { AdpxOffersElement } from '../elements/adpx-offers.js';
import { UnitStatus } from '../elements/unit/status.js';
import type { OffersResponse } from '../model/types.js';
import { errorInfo } from './requests.js';
import type { ShowSession } from './show-session.js';
import type { AdpxErrorInfo, AdpxUser } from './types.js';

export type LoadOutcome = { ok: true; count: number } | { ok: false; error: AdpxErrorInfo };

/** Unit states with offers (or the end card) on screen. */
const ON_SCREEN: ReadonlySet<UnitStatus> = new Set([UnitStatus.Shown, UnitStatus.Ended]);

/** Closes the unit when it shows offers (close beacon once, `closed_ads`); cancels a delayed show. */
export function retire(unit: AdpxOffersElement, session: ShowSession): void {
  session.cancelDelay();
  if (ON_SCREEN.has(unit.state)) unit.close('api');
}

/** The outcome of the unit's load, as the script API reports it (never a rejection). */
function outcomeOf(load: Promise<number>): Promise<LoadOutcome> {
  return load.then(
    (count): LoadOutcome => ({ ok: true, count }),
    (error: unknown): LoadOutcome => ({ ok: false, error: errorInfo(error) }),
  );
}

/**
 * What the script API remembers of its unit's loads: which request the unit holds (its key) and a
 * response `setApiResponse` supplied. Whether a load is in flight, ready or shown is the unit's
 * own (`pendingLoad`, `state`).
 */
export class UnitLoads {
  private currentKey?: string;
  private supplied?: OffersResponse;
  /** API prefetch: `setApiResponse` was called; `reload` renders only what it supplied. */
  apiMode = false;

  constructor(private readonly session: ShowSession) {}

  /** The unit's load in flight, if any, followed to the newest load (see {@link latest}). */
  inFlight(unit: AdpxOffersElement | undefined): Promise<LoadOutcome> | undefined {
    const load = unit?.pendingLoad;
    return load && unit && this.latest(unit, outcomeOf(load));
  }

  /**
   * The outcome of `outcome`'s load or, when a newer load replaced it (`aborted` while the unit has
   * another load in flight: `Adpx.init(…); Adpx.load(user)`), of that newer one: whoever waits for
   * "the offers" (`autoShow`, a `show()`) gets the offers the page asked for last, not an error.
   */
  async latest(unit: AdpxOffersElement, outcome: Promise<LoadOutcome>): Promise<LoadOutcome> {
    let result = await outcome;
    let followed: Promise<number> | undefined;
    while (!result.ok && result.error.code === 'aborted') {
      const load = unit.pendingLoad;
      if (!load || load === followed) break;
      followed = load;
      result = await outcomeOf(load);
    }
    return result;
  }

  /** True when the unit already holds (or is loading) this request's offers. */
  holds(unit: AdpxOffersElement, key: string): boolean {
    if (key !== this.currentKey) return false;
    return unit.pendingLoad !== undefined || unit.state === UnitStatus.Ready || ON_SCREEN.has(unit.state);
  }

  /** Offers ready to show: a supplied response, or a load the unit holds and has not shown yet. */
  isReady(unit: AdpxOffersElement | undefined): boolean {
    if (this.supplied) return this.supplied.count > 0;
    return !!unit && unit.state === UnitStatus.Ready && (unit.response?.count ?? 0) > 0;
  }

  /** True when `load` can answer from what the unit holds. */
  canReuse(unit: AdpxOffersElement, key: string): boolean {
    return key === this.currentKey && !this.supplied && this.isReady(unit);
  }

  /** The unit was replaced: nothing it held counts any more. */
  forget(): void {
    this.currentKey = undefined;
  }

  /** One load; a load of the same request already in flight is shared, not repeated. */
  run(unit: AdpxOffersElement, payload: AdpxUser, key: string): Promise<LoadOutcome> {
    const pending = unit.pendingLoad;
    if (pending && key === this.currentKey) return outcomeOf(pending);
    retire(unit, this.session);
    this.currentKey = key;
    this.supplied = undefined;
    this.session.newLoad();
    unit.payload = payload;
    return outcomeOf(unit.load());
  }

  /** Takes a response without a request (prefetch or API prefetch): `ads_found` fires. */
  accept(unit: AdpxOffersElement, response: OffersResponse, key: string): void {
    retire(unit, this.session);
    this.currentKey = key;
    this.session.newLoad();
    unit.response = response;
  }

  /** API prefetch: keeps a validated response (or, with undefined, drops an invalid one). */
  supply(response: OffersResponse | undefined): void {
    this.apiMode = true;
    this.supplied = response;
  }

  /** Renders a supplied response on the unit, once. Returns it, or undefined when none waits. */
  takeSupplied(unit: AdpxOffersElement): OffersResponse | undefined {
    const response = this.supplied;
    if (!response) return undefined;
    this.supplied = undefined;
    this.accept(unit, response, 'api');
    return response;
  }

  /** An explicit `load()`: leaves API prefetch mode. */
  leaveApiMode(): void {
    this.apiMode = false;
    this.supplied = undefined;
  }
}
