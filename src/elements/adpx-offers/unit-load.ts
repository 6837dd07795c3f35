import type { ReactiveController } from 'lit';
import { OffersError, isOffersError } from '../../errors.js';
import { createDebugLog, type DebugLog } from '../../debug.js';
import { fetchOffers, raceAbort } from '../../client/fetch-offers.js';
import { offersRequestKey } from '../../client/request.js';
import { takeStartedRequest } from '../../client/started-requests.js';
import { nextTask } from '../../next-task.js';
import { isPending, withConsent } from '../../consent/apply.js';
import {
  dropPrefetched,
  readPrefetched,
  savePrefetched,
  type PrefetchRequestKey,
} from '../../hosts/prefetch-storage.js';
import { ensureLanguage } from '../../i18n/messages.js';
import type { OffersResponse } from '../../model/types.js';
import type { FetchOffersOptions } from '../../options/fetch-options.js';
import { UnitStatus } from './status.js';
import type { UnitFlow } from './unit-flow.js';
import type { AdpxOffersElement } from './adpx-offers.js';

/** The fetch options of a load: the element's request options and `payload`, plus the load's own. */
type OptionsOf = (payload?: Record<string, unknown>) => Omit<FetchOffersOptions, 'signal'>;

/** A show asked for before the unit could show: it waits for the load, then for `delay`. */
interface WaitingShow {
  promise: Promise<boolean>;
  settle: (outcome: boolean | { error: unknown }) => void;
  timer?: ReturnType<typeof setTimeout>;
}

const aborted = (): OffersError => new OffersError('aborted', 'A newer load replaced this one');

/**
 * The unit's load, in one place, as `@lit/task` keeps a task: the request key (the identity of
 * the request `client/` builds, `offersRequestKey`), the load in flight and its abort, the
 * SDK-prefetch read and store, and the show that waits for the load and its `delay`. A new load
 * aborts the previous one and a stale answer is never taken (it rejects `aborted`); the same
 * request while one is in flight is not asked twice. A request the page started before the
 * unit's code arrived (`keepStartedRequest`, by the same key) is adopted instead of sent again.
 *
 * It loads on its own in the host's update (`hostUpdate`, as `@lit/task` runs on `args`): the
 * first update of a unit that loads on its own, and an update that changed a request option
 * (`requestChanged`) when the request it makes is not the one asked last (decision 010). Where
 * the offers go once loaded is the flow's (`UnitFlow`). It reads the unit's properties as the
 * element declares them, when it needs them: the request options, `manual`, `defer-hydration`
 * (no load until a framework set the properties), `prefetch`, `prefetch-ttl` and `delay`.
 */
export class UnitLoad implements ReactiveController {
  /** The key of the last load asked (the unit loads again when its request's key changes). */
  private key?: string;
  private inFlight?: Promise<number>;
  private abort?: AbortController;
  /** The response the last load read from SDK-prefetch storage. */
  private storedHit?: OffersResponse;
  private waiting?: WaitingShow;
  /** An update since the last `hostUpdate` changed a request option. */
  private changed = false;

  constructor(
    private readonly unit: AdpxOffersElement,
    private readonly flow: UnitFlow,
    private readonly options: OptionsOf,
  ) {
    unit.addController(this);
  }

  private log(): DebugLog {
    return createDebugLog(this.unit.debug);
  }

  /** The key of the request the unit makes now (with a load's own `payload` keys). */
  private keyOf(payload?: Record<string, unknown>): string {
    return offersRequestKey(this.options(payload) as FetchOffersOptions);
  }

  /** The promise of the load in flight, if any. */
  get pending(): Promise<number> | undefined {
    return this.inFlight;
  }

  /** The promise of the show that waits, if any. */
  get pendingShow(): Promise<boolean> | undefined {
    return this.waiting?.promise;
  }

  /** The offers held (loading, ready or shown) were asked with the request the unit makes now. */
  get upToDate(): boolean {
    return this.key === this.keyOf();
  }

  /** The host's update changed a request option: `hostUpdate` compares the request's key. */
  requestChanged(): void {
    this.changed = true;
  }

  hostUpdate(): void {
    const changed = this.changed;
    this.changed = false;
    this.autoLoad(changed);
  }

  /**
   * Loads on its own when the unit does: when idle, or when a request option changed after a load
   * and the request is another (once per update however many changed; the load in flight aborted).
   */
  autoLoad(changed = false): void {
    const { isConnected, manual, deferHydration, apiKey, endpoint } = this.unit;
    if (!isConnected || manual || deferHydration || !apiKey || !endpoint) return;
    const asked = this.key;
    if (this.flow.status !== UnitStatus.Idle && (!asked || !changed || asked === this.keyOf())) return;
    this.load().then(
      (total) => total > 0 && this.show(),
      () => {},
    );
  }

  /** Fetches (or adopts, or reads from prefetch storage) the offers of a request; see the element's `load`. */
  load(payload?: Record<string, unknown>): Promise<number> {
    const key = this.keyOf(payload);
    if (key === this.key && this.inFlight) return this.inFlight;
    const promise = this.run(key, payload);
    this.inFlight = promise;
    const settled = () => {
      if (this.inFlight === promise) this.inFlight = undefined;
    };
    promise.then(settled, settled);
    return promise;
  }

  private async run(key: string, payload?: Record<string, unknown>): Promise<number> {
    this.cancel();
    const abort = new AbortController();
    this.abort = abort;
    this.key = key;
    this.storedHit = undefined;
    this.callOffDelayedShow();
    this.flow.loading();
    const log = this.log();
    try {
      // The unit's words load (when not English) while the offers are fetched.
      const words = ensureLanguage(this.unit.language, log);
      const started = takeStartedRequest(window, key);
      // An adopted request is shared by key and no taker may abort it: a load replaced meanwhile
      // stops waiting for it and rejects `aborted` at once, and its later failure reaches nobody.
      const response = await (started
        ? raceAbort(abort.signal, () => started)
        : this.fetch(key, payload, abort.signal));
      await words;
      // The answer was read and checked in the network's task; the unit and its card render in
      // tasks of their own (a phone's main thread is not held for all three at once, issue 36).
      await nextTask();
      if (abort.signal.aborted) throw aborted();
      this.flow.accept(response);
      if (this.unit.prefetch) this.keepOrDrop(key, response);
      if (this.waiting) this.show();
      return response.count;
    } catch (error) {
      if (isOffersError(error) && error.code === 'aborted') {
        log('U2', 'load aborted or replaced');
        throw error;
      }
      const failure = this.flow.fail(error);
      this.endShow({ error: failure });
      throw failure;
    } finally {
      if (this.abort === abort) this.abort = undefined;
    }
  }

  /**
   * Waits for the consent decision (up to `consent-timeout` for a platform that has not answered),
   * then reads the prefetch entry or fetches with what consent allows. Aborted meanwhile, nothing
   * is sent. No platform to wait for: the request leaves now, in the caller's task (a unit's first
   * update, before its first render), not a microtask later.
   */
  private async fetch(key: string, payload: Record<string, unknown> | undefined, signal: AbortSignal) {
    const decided = withConsent(this.options(payload), this.unit.consentTimeout);
    const allowed = isPending(decided) ? await decided : decided;
    if (signal.aborted) throw aborted();
    return this.readStored(key) ?? (await fetchOffers({ ...allowed, signal }));
  }

  /** SDK prefetch: the response stored for this request (read once consent allows it). */
  private readStored(key: string): OffersResponse | undefined {
    if (!this.unit.prefetch) return undefined;
    const log = this.log();
    const found = readPrefetched(window, this.prefetchKey(key), { ttlMs: this.unit.prefetchTtl });
    if (!found.hit) return void log('U4', 'prefetch: no usable entry:', found.reason);
    log('U3', 'prefetch: using the stored response');
    return (this.storedHit = found.response);
  }

  /**
   * SDK prefetch, once the offers arrived: a stored response a show waits for is taken out of
   * storage (shown once only); a fetched one no show waits for is kept for the next page of the
   * same request.
   */
  private keepOrDrop(key: string, response: OffersResponse): void {
    const waited = !!this.waiting;
    if (response === this.storedHit) {
      if (waited) dropPrefetched(window, this.prefetchKey(key));
    } else if (!waited && savePrefetched(window, this.prefetchKey(key), response))
      this.log()('U5', 'prefetch: response stored for the next page');
  }

  private prefetchKey(request: string): PrefetchRequestKey {
    const { apiKey, placement } = this.unit;
    return { sdkId: apiKey, placement, request };
  }

  /** Aborts the load in flight: its answer is dropped, its promise rejects `aborted`. */
  cancel(): void {
    this.abort?.abort(aborted());
    this.abort = undefined;
    this.inFlight = undefined;
  }

  /**
   * A response the host supplied (the element's `response`), shown at once with `show` or when a
   * show waits. It replaces the load in flight: that answer must not arrive over it. The host
   * supplies the next one too: a request option changed later does not fetch over it.
   */
  supply(raw: unknown, show: boolean): void {
    this.cancel();
    this.key = undefined;
    this.callOffDelayedShow();
    try {
      this.flow.supply(raw);
      if (show || this.waiting) this.show();
    } catch (error) {
      this.endShow({ error: this.flow.fail(error) });
    }
  }

  /**
   * Shows the loaded offers, after `delay` ms when one is set; asked while they load, when they
   * arrive. False when there is nothing to show.
   */
  show(): boolean {
    const { status, response } = this.flow;
    const delay = this.unit.delay;
    if (status === UnitStatus.Loading) {
      this.wait();
      return true;
    }
    if (status === UnitStatus.Ready && delay > 0 && (response?.count ?? 0) > 0) {
      const waiting = this.wait();
      waiting.timer ??= setTimeout(() => this.endShow(this.flow.show()), delay);
      return true;
    }
    const shown = this.flow.show();
    this.endShow(shown);
    return shown;
  }

  /** Calls off the show that waits (`pendingShow` resolves false). True when one was waiting. */
  callOffShow(): boolean {
    return this.endShow(false);
  }

  /** A new load: a show waiting for its delay is called off; one waiting for a load follows it. */
  private callOffDelayedShow(): void {
    if (this.waiting?.timer !== undefined) this.endShow(false);
  }

  private wait(): WaitingShow {
    if (this.waiting) return this.waiting;
    let settle: WaitingShow['settle'] = () => {};
    const promise = new Promise<boolean>((resolve, reject) => {
      settle = (outcome) => (typeof outcome === 'boolean' ? resolve(outcome) : reject(outcome.error));
    });
    // A show nobody awaits must not turn a failed load into an unhandled rejection on the page.
    promise.catch(() => {});
    return (this.waiting = { promise, settle });
  }

  /** Ends the waiting show with its outcome. True when a show was waiting. */
  private endShow(outcome: boolean | { error: unknown }): boolean {
    const waiting = this.waiting;
    if (!waiting) return false;
    this.waiting = undefined;
    clearTimeout(waiting.timer);
    waiting.settle(outcome);
    return true;
  }
}
