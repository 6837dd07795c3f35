/**
 * `window.Adpx`: the script-tag API that host pages written for the service's launcher call, and
 * that native hosts drive from their WebViews. A translator over one `<adpx-offers manual>`: it
 * writes the configuration onto the unit, calls the unit's `load()`, `show()` and `close()`, and
 * forwards the unit's events to the show callbacks and to the `init` callback or the bridge. Every
 * state (loading, waiting for a delay, shown, closed) is the unit's; what is kept here is what the
 * page gave: the config, the show callbacks, the user payload and a supplied response.
 *
 * Nothing here throws into the host page and no promise of it rejects (launcher pages call it
 * without `await` or `catch`): failures resolve with `false` (or, for `init`, nothing), reach the
 * given callback, and fire `error`.
 */
import { fetchOffers } from '../client/fetch-offers.js';
import { withConsent } from '../consent/apply.js';
import { errorInfo, errorMessage } from '../errors.js';
import { forget, setConsent } from '../consent/consent.js';
import { createDebugLog, type DebugLog } from '../debug.js';
import type { AdpxOffersElement } from '../elements/adpx-offers/adpx-offers.js';
import { UnitStatus } from '../elements/adpx-offers/status.js';
import { defineElements } from '../elements/registry.js';
import { forgetKept } from '../tracking/kept-beacons.js';
import { AdpxEvent, type AdpxEventName, type AdpxEventPayloads } from '../events/adpx-event.js';
import { isJsonObject } from '../model/coerce.js';
import { acceptResponse } from '../model/normalize.js';
import type { OffersResponse } from '../model/types.js';
import { fetchOptionsOf } from '../options/schema.js';
import { invalidRequest, MISSING_ENDPOINT } from '../options/values.js';
import { resolveConfig, toEnvironment, type PresetValues, type ResolvedConfig } from './config.js';
import { commandQueue } from './command-queue.js';
import { callHost, deliver, UnitListener, type DeliveryTarget } from './forward.js';
import type { AdpxApi, AdpxCallback, AdpxConfig, AdpxErrorInfo, AdpxGetOffersResult } from './types.js';
import type { AdpxShowCallbacks, AdpxShowOptions, AdpxUser } from './types.js';
import { applyShowLook, bodyReady, configureUnit } from './unit-dom.js';
import { findTarget } from './launcher-target.js';
import { unitSetup, type UnitSetup } from './launcher-options.js';

export const ADPX_VERSION = '0.1.0';

const warn = (message: string) => console.warn(`[adpx] ${message}`);
const invalid = (message: string): AdpxErrorInfo => ({ message, code: 'invalid_request' });
/** `getOffers` before `init`: AdpxConfig's endpoint and options (the SDK ID is its argument). */
const ANY_ID = { accountId: 'getOffers', autoLoad: false };
const NO_OFFERS: AdpxErrorInfo = { message: 'No offers are available for this request.', code: 'no_offers' };

/** A copy of a plain object, or `{}`: later changes to the page's object do not reach the SDK. */
const userOf = (value: unknown): AdpxUser => (isJsonObject(value) ? { ...value } : {});

/** `window.AdpxConfig` and `window.AdpxUser`, as a launcher page sets them before the script loads. */
type PageGlobals = { config?: Record<string, unknown>; user: AdpxUser };

function run<T>(callback: ((value: T) => void) | undefined, value: T): void {
  if (typeof callback === 'function') callHost(() => callback(value));
}

export class AdpxLauncher implements AdpxApi {
  readonly version = ADPX_VERSION;
  /** `Adpx.cmd`: functions pushed here run at once (those queued before the script, in order). */
  readonly cmd = commandQueue((error) => this.reportCommandError(error));
  private globals?: PageGlobals;
  private readonly preset: PresetValues = {};
  private config?: ResolvedConfig;
  private setup?: UnitSetup;
  private unit?: AdpxOffersElement;
  /** The unit once `init` placed it; an `init` in `<head>` places it when `<body>` exists. */
  private placed: Promise<AdpxOffersElement | undefined> = Promise.resolve(undefined);
  /** The payload the page gave `load()` last. */
  private user: AdpxUser = {};
  /** API prefetch: what `setApiResponse` was given (no `response` when it was not valid). */
  private supplied?: { response?: OffersResponse };
  /** The callbacks of the show on screen (or waiting); they end with the unit's `closed_ads`. */
  private callbacks: AdpxShowCallbacks = {};
  private log: DebugLog = createDebugLog(false);
  private readonly listener = new UnitListener((name, payload) => this.onUnitEvent(name, payload));

  constructor(private readonly windowOverride?: Window) {}

  private get win(): Window {
    return this.windowOverride ?? window;
  }

  /**
   * Reads `window.AdpxConfig` and `window.AdpxUser` now (the script-tag build does it on load), or
   * takes them as the first file's stub kept them when the script loaded (`[config, user]`).
   */
  captureGlobals(kept?: unknown[]): PageGlobals {
    const { AdpxConfig, AdpxUser } = this.win as { AdpxConfig?: unknown; AdpxUser?: unknown };
    const [config, user] = kept ?? [AdpxConfig, AdpxUser];
    return (this.globals = { config: isJsonObject(config) ? { ...config } : undefined, user: userOf(user) });
  }

  private get captured(): PageGlobals {
    return this.globals ?? this.captureGlobals();
  }

  get environment(): 0 | 1 {
    return this.config ? (this.config.dev ? 1 : 0) : (this.preset.environment ?? 0);
  }
  set environment(value: 0 | 1) {
    this.setEnvironment(value);
  }
  get debug(): boolean {
    return this.config?.debug ?? this.preset.debug ?? false;
  }
  set debug(value: boolean) {
    this.setDebug(value);
  }

  setEnvironment(value: 0 | 1): void {
    if (this.config) return warn('environment must be set before Adpx.init(); this change has no effect.');
    const environment = toEnvironment(value);
    if (environment === undefined) return warn('environment must be 0 (live) or 1 (test).');
    this.preset.environment = environment;
  }

  setDebug(value: boolean): void {
    if (this.config) return warn('debug must be set before Adpx.init(); this change has no effect.');
    this.preset.debug = value === true;
  }

  /**
   * Never rejects (launcher pages call it without `await` or `catch`): a refused configuration
   * goes to the given callback (or the bridge) and the `error` event, and the promise resolves.
   * With a `<body>`, the unit is placed and its load started before `init` returns, so
   * `Adpx.init(config); Adpx.show()` without awaiting works; in `<head>`, calls wait for it. It
   * resolves once the load it started settled (and, with `autoShow`, the offers are on screen).
   */
  async init(input?: AdpxConfig | string, callback?: AdpxCallback): Promise<void> {
    try {
      const result = resolveConfig(input, this.captured.config, this.preset, callback);
      if (!result.ok) {
        // Its callback: the argument, the config's, or AdpxConfig's (not the previous init's).
        const named = [callback, isJsonObject(input) && input.callback, this.captured.config?.callback];
        const fallback = named.find((given) => typeof given === 'function') as AdpxCallback | undefined;
        return void this.emitError(errorInfo(result.error), { ...this.config, callback: fallback });
      }
      const { config } = result;
      this.config = config;
      this.log = createDebugLog(config.debug);
      if (config.consent !== undefined) setConsent(config.consent, this.log);
      if (result.ignored.includes('parentOrigin'))
        warn('parentOrigin must be an exact origin; it was ignored.');
      if (result.ignored.length > 0)
        this.log('A1', 'unknown config keys ignored:', result.ignored.join(', '));
      defineElements(this.win.customElements);
      const setup = (this.setup = unitSetup(config.settings, config.styles));
      for (const note of setup.notes) this.log(note);
      this.placed = bodyReady(this.win.document, (body) => this.place(body, config, setup));
      // Resolves once the offers it loads are in (and shown, with autoShow), as launcher pages expect.
      const unit = await this.placed;
      await Promise.allSettled([unit?.pendingLoad, unit?.pendingShow]);
    } catch (error) {
      this.emitError(errorInfo(error));
    }
  }

  /** The unit in the target element (inline) or on `<body>`, configured; its load started. */
  private place(body: HTMLElement, config: ResolvedConfig, setup: UnitSetup): AdpxOffersElement {
    const doc = this.win.document;
    const target = findTarget(doc, setup.target);
    if (setup.target !== undefined && !target) {
      warn('the target element was not found; the offers show as a popup instead.');
      setup.layout = 'popup';
    }
    const parent = target ?? body;
    let { unit } = this;
    if (unit?.parentElement !== parent) {
      this.close();
      if (unit) this.listener.detach(unit);
      unit?.remove();
      // In manual mode: the script API decides when to load and show.
      unit = this.unit = doc.createElement('adpx-offers');
      unit.setAttribute('manual', '');
      parent.append(unit);
      this.listener.attach(unit);
    }
    configureUnit(unit, config, setup);
    unit.payload = { ...this.captured.user, ...this.user };
    this.log(`init: ${config.accountId} placement=${config.placement} autoLoad=${config.autoLoad}`);
    // A repeated init of the request the unit holds (ready or on screen, not loading) changes
    // nothing; another request replaces it.
    if (config.autoLoad && !(unit.upToDate && (unit.onScreen || unit.state === UnitStatus.Ready)))
      this.startLoad(unit);
    if (config.autoLoad && config.autoShow) void this.showOn(unit, {});
    return unit;
  }

  /** A load of the unit's request; offers on screen are closed first (their close beacon once). */
  private startLoad(unit: AdpxOffersElement): Promise<number> {
    if (unit.onScreen) unit.close('api');
    const load = unit.load();
    load.catch(() => {}); // reported by the unit's `error` event
    return load;
  }

  load(payload?: AdpxUser, callback?: (loaded: boolean, error?: AdpxErrorInfo) => void): Promise<boolean> {
    return this.withUnit(async (unit) => {
      const error = await this.loadFailure(unit, payload);
      if (typeof callback === 'function') callHost(() => callback(!error, error));
      return !error;
    });
  }

  /** Loads the unit's request with `payload`: what went wrong, or nothing when offers are ready. */
  private async loadFailure(
    unit?: AdpxOffersElement,
    payload?: AdpxUser,
  ): Promise<AdpxErrorInfo | undefined> {
    if (!unit) return this.emitError(invalid('Call Adpx.init before Adpx.load.'));
    if (!this.config?.endpoint) return this.emitError(invalid(MISSING_ENDPOINT));
    this.supplied = undefined;
    this.user = userOf(payload);
    unit.payload = { ...this.captured.user, ...this.user };
    // Offers of this request that are ready answer it: the service is not asked twice.
    const ready = unit.state === UnitStatus.Ready && unit.upToDate ? unit.response?.count : undefined;
    try {
      return (ready ?? (await this.startLoad(unit))) > 0 ? undefined : NO_OFFERS;
    } catch (failure) {
      return errorInfo(failure);
    }
  }

  /**
   * Runs `act` with the unit: at once when it is in the page (so that a call made after another,
   * `Adpx.show(); Adpx.close()`, reaches the unit after it), else once `init` placed it.
   */
  private withUnit<T>(act: (unit: AdpxOffersElement | undefined) => Promise<T>): Promise<T> {
    const { unit } = this;
    return unit?.isConnected ? act(unit) : this.placed.then(act);
  }

  show(given?: AdpxShowOptions | null): Promise<boolean> {
    // Native code calls `Adpx.show(null)` through evaluateJavascript: anything but an object is none.
    const options = typeof given === 'object' && given !== null ? given : {};
    return this.withUnit((unit) => this.showOn(unit, options));
  }

  /**
   * Asks the unit to show, with this show's look and callbacks: at once when its offers are ready,
   * when they arrive while they load, after the unit's `delay`. A show while the offers are on
   * screen or another show waits resolves alike and takes over its callbacks (decision 005).
   */
  private async showOn(unit: AdpxOffersElement | undefined, options: AdpxShowOptions): Promise<boolean> {
    const callbacks = options.callbacks ?? {};
    const { setup } = this;
    if (!unit || !setup)
      return this.showFailed(callbacks, invalid('Call Adpx.init and Adpx.load before Adpx.show.'));
    const response = this.supplied?.response;
    if (response) {
      this.supplied = {};
      unit.response = response;
    }
    if (options.callbacks || !(unit.onScreen || unit.pendingShow)) this.callbacks = callbacks;
    if (!unit.onScreen) applyShowLook(unit, options, setup);
    if (!unit.show()) {
      if (unit.state === UnitStatus.Ready) return this.showFailed(callbacks, NO_OFFERS, false);
      const shownBefore = unit.state === UnitStatus.Ended || unit.state === UnitStatus.Closed;
      const message = shownBefore
        ? 'These offers were already displayed: call Adpx.load again before showing.'
        : 'Nothing is loaded: call Adpx.load before Adpx.show.';
      return this.showFailed(callbacks, invalid(message));
    }
    try {
      if (await (unit.pendingShow ?? true)) return true;
      // Called off (`Adpx.close`, a new load during the delay) is no error; a load of no offers is.
      const none = unit.state === UnitStatus.Ready && unit.response?.count === 0;
      return none ? this.showFailed(callbacks, NO_OFFERS, false) : false;
    } catch (failure) {
      return this.showFailed(callbacks, errorInfo(failure), false);
    }
  }

  private showFailed(callbacks: AdpxShowCallbacks, info: AdpxErrorInfo, emit = true): false {
    this.log(`show: ${info.message}`);
    if (emit) this.emitError(info);
    run(callbacks.errorCallback, info);
    return false;
  }

  /** Closes the offers on screen (close beacon once, `closed_ads`), or calls off a show that waits. */
  close(): void {
    const { unit } = this;
    if (unit && (unit.onScreen || unit.pendingShow)) unit.close('api');
  }

  setConsent(consent: unknown): void {
    setConsent(consent, this.log);
  }

  /** Deletes what the SDK stored on the device, and the beacons this page keeps in memory. */
  forget(): void {
    forget();
    forgetKept();
    this.log('A8', 'forget: everything the SDK stored on this device was deleted');
  }

  isReady(): boolean {
    const ready = this.unit?.state === UnitStatus.Ready ? this.unit.response : undefined;
    return ((this.supplied?.response ?? ready)?.count ?? 0) > 0;
  }

  reload(): Promise<boolean> {
    return this.withUnit(async (unit) => {
      const { config, supplied } = this;
      if (!unit || !config) return this.showFailed({}, invalid('Call Adpx.init before Adpx.reload.'));
      if (supplied && !supplied.response)
        this.log('A9', 'reload: no valid response supplied by setApiResponse; nothing to render');
      else if (!supplied && !config.endpoint) this.emitError(invalid(MISSING_ENDPOINT));
      else {
        if (!supplied) this.startLoad(unit);
        return this.showOn(unit, {});
      }
      return false;
    });
  }

  /**
   * One fetch with the SDK ID as `api_key`, the configured endpoint and options (before `init`,
   * AdpxConfig's), and `payload` over the user payload; a body field or request option in
   * `payload` (`placement`, `pub_user_id`, `dev`, `loyaltyboost`, `creative`, `campaignId`) wins
   * over the configured one (spec). Resolves `{ status: true, response }` (the normalised `data`
   * envelope) or `{ status: false, response: { message, code, status? } }`; never rejects.
   */
  async getOffers(sdkId: string, payload?: AdpxUser): Promise<AdpxGetOffersResult> {
    try {
      const resolved = this.config ? undefined : resolveConfig(ANY_ID, this.captured.config, this.preset);
      if (resolved?.ok === false) throw resolved.error;
      const config = this.config ?? resolved?.config;
      const apiKey = typeof sdkId === 'string' ? sdkId.trim() : '';
      if (!apiKey) invalidRequest('The SDK ID is missing: Adpx.getOffers(sdkId, payload?).');
      if (!config?.endpoint) invalidRequest(MISSING_ENDPOINT);
      const extra = userOf(payload);
      // The client's one rule (client/request.ts): an option wins over the same key in the payload,
      // which fills in what no option gives; the placement too, before `init` set one.
      const request: Record<string, unknown> = fetchOptionsOf(config);
      const placement = config.placement ?? extra.placement;
      if (typeof placement !== 'string' || placement.trim() === '')
        invalidRequest('payload.placement must be a non-empty string.');
      const user = { ...this.captured.user, ...extra };
      const options = { ...request, endpoint: config.endpoint, apiKey, placement, payload: user };
      const response = await fetchOffers(await withConsent(options, config.consentTimeoutMs));
      return { status: true, response };
    } catch (error) {
      return { status: false, response: errorInfo(error) };
    }
  }

  /** Resolves true when the response is valid; else false and an `error` event. Never rejects. */
  async setApiResponse(response: unknown): Promise<boolean> {
    try {
      this.supplied = { response: acceptResponse(response) };
      this.log('A10', 'setApiResponse: response ready; Adpx.reload() renders it');
      return true;
    } catch (error) {
      this.supplied = {};
      this.emitError(errorInfo(error));
      return false;
    }
  }

  /**
   * The show callbacks for the unit's events (`offer_shown`; `error` while shown; `closed_ads`,
   * which ends them), then the event to the `init` callback or the bridge.
   */
  private onUnitEvent(name: AdpxEventName, payload: object): void {
    const { callbacks } = this;
    if (name === 'offer_shown') run(callbacks.showCallback, payload as AdpxEventPayloads['offer_shown']);
    else if (name === 'error' && this.unit?.state === UnitStatus.Shown)
      run(callbacks.errorCallback, payload as AdpxErrorInfo);
    else if (name === 'closed_ads') {
      this.callbacks = {};
      run(callbacks.dismissCallback, payload as AdpxEventPayloads['closed_ads']);
    }
    deliver(this.win, this.config ?? {}, name, payload);
  }

  /** A function in `Adpx.cmd` threw: a debug line (and the console) and an `error` event. */
  private reportCommandError(error: unknown): void {
    const message = `A function in Adpx.cmd threw: ${errorMessage(error)}`;
    this.log(message, error);
    warn(message);
    this.emitError({ message, code: 'command' });
  }

  /**
   * An `error` of the script API itself. On the unit when there is one (forwarded from there like
   * the unit's own events); else on the document and delivered directly. `override` is where a
   * failed `init` reports (its callback, not the previous configuration's).
   */
  private emitError(info: AdpxErrorInfo, override?: DeliveryTarget): AdpxErrorInfo {
    if (info.code === 'no_offers') return info;
    const detail = { ...info, code: info.code };
    if (!override && this.unit?.isConnected) this.unit.dispatchEvent(new AdpxEvent('error', detail));
    else {
      this.win.document?.dispatchEvent(new AdpxEvent('error', detail));
      deliver(this.win, override ?? this.config ?? {}, 'error', detail);
    }
    return info;
  }
}
