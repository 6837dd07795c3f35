/**
 * `window.Adpx`: the script-tag API that host pages written for the service's launcher call, and
 * that native hosts drive from their WebViews. It owns one `<adpx-offers>` unit in manual mode,
 * decides when it loads and shows, and forwards its events once to the callback or the bridge.
 *
 * Nothing here throws into the host page and no promise of it rejects (launcher pages call it
 * without `await` or `catch`): failures resolve with `false` (or, for `init`, nothing), reach the
 * given callback, and fire `error`.
 */
import { isOffersError, OffersError } from '../errors.js';
import { forget, resolveConsent, setConsent } from '../consent/consent.js';
import { createDebugLog, type DebugLog } from '../debug.js';
import type { AdpxOffersElement } from '../elements/adpx-offers.js';
import { UnitStatus } from '../elements/unit/status.js';
import { defineElements } from '../elements/registry.js';
import { AdpxEvent, type AdpxEventName } from '../events/adpx-event.js';
import { readPrefetched, savePrefetched } from '../hosts/prefetch-storage.js';
import { resolveConfig, toEnvironment, type PresetValues, type ResolvedConfig } from './config.js';
import { commandQueue } from './command-queue.js';
import { callHost, deliver, UnitListener, type DeliveryTarget } from './forward.js';
import { hostResponse } from './host-response.js';
import { errorInfo, getOffers, loadKey, MISSING_ENDPOINT, prefetchKey } from './requests.js';
import { retire, UnitLoads, type LoadOutcome } from './loads.js';
import { namedCallback, readPageGlobals, userOf, type PageGlobals } from './page-globals.js';
import { ShowSession } from './show-session.js';
import type { AdpxApi, AdpxCallback, AdpxConfig, AdpxErrorInfo, AdpxGetOffersResult } from './types.js';
import type { AdpxShowCallbacks, AdpxShowOptions, AdpxUser } from './types.js';
import { bodyReady, configureUnit, createUnit, findTarget } from './unit-dom.js';
import { unitSetup, type UnitSetup } from './unit-options.js';

export const ADPX_VERSION = '0.1.0';

/** Unit states after a show: the offers of this load cannot be shown again. */
const AFTER_SHOW: ReadonlySet<UnitStatus> = new Set([UnitStatus.Ended, UnitStatus.Closed]);

const warn = (message: string) => console.warn(`[adpx] ${message}`);

export class AdpxController implements AdpxApi {
  readonly version = ADPX_VERSION;
  private globals?: PageGlobals;
  private readonly preset: PresetValues = {};
  private config?: ResolvedConfig;
  private setup?: UnitSetup;
  private unit?: AdpxOffersElement;
  private log: DebugLog = createDebugLog(false);
  private readonly listener = new UnitListener((name, payload) => this.onUnitEvent(name, payload));
  private readonly session = new ShowSession(() => this.win);
  /** `Adpx.cmd`: functions pushed here run at once (those queued before the script, in order). */
  readonly cmd = commandQueue((error) => this.reportCommandError(error));
  private readonly loads = new UnitLoads(this.session);
  private lastPayload?: AdpxUser;
  /**
   * While an early `init` waits for `<body>`, or a prefetch `init` for the consent decision
   * (`holdCalls`): calls made meanwhile wait for it too.
   */
  private settingUp?: Promise<unknown>;
  /**
   * How many times `Adpx.close()` was called. A show that waits for a load (`autoShow`, `show()`,
   * `reload()`) compares it before showing: a close meanwhile means the page no longer wants the
   * offers on screen; they stay ready for a later `show()`.
   */
  private closes = 0;

  constructor(private readonly windowOverride?: Window) {}

  private get win(): Window {
    return this.windowOverride ?? window;
  }

  /** Reads `window.AdpxConfig` and `window.AdpxUser` now (the script-tag build does it on load). */
  captureGlobals(): void {
    this.globals = readPageGlobals(this.win);
  }

  private get captured(): PageGlobals {
    this.globals ??= readPageGlobals(this.win);
    return this.globals;
  }

  private get target(): DeliveryTarget {
    return { callback: this.config?.callback, parentOrigin: this.config?.parentOrigin };
  }

  get environment(): 0 | 1 {
    if (this.config) return this.config.dev ? 1 : 0;
    return this.preset.environment ?? 0;
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
   */
  async init(input?: AdpxConfig | string, callback?: AdpxCallback): Promise<void> {
    try {
      await this.setUp(input, callback);
    } catch (error) {
      this.emitError(errorInfo(error));
    }
  }

  private async setUp(input: AdpxConfig | string | undefined, callback?: AdpxCallback): Promise<void> {
    const result = resolveConfig(input, this.captured.config, this.preset, callback);
    if (!result.ok) {
      const named = namedCallback(input, callback, this.captured);
      const fallback = typeof named === 'function' ? (named as AdpxCallback) : undefined;
      this.emitError(errorInfo(result.error), {
        callback: fallback,
        parentOrigin: this.config?.parentOrigin,
      });
      return;
    }
    // A newer init replaces `this.config`: this one then stops at its next step (no counter).
    const config = result.config;
    this.config = config;
    this.log = createDebugLog(config.debug);
    if (config.consent !== undefined) setConsent(config.consent, this.log);
    if (result.ignored.includes('parentOrigin'))
      warn('parentOrigin must be an exact origin; it was ignored.');
    if (result.ignored.length > 0) this.log('A1', result.ignored.join(', '));
    defineElements(this.win.customElements);
    // With a body the unit is placed and its load started before init returns its promise, so
    // `Adpx.init(config); Adpx.show()` without awaiting works.
    const doc = this.win.document;
    if (!doc.body) {
      await this.holdCalls(bodyReady(doc));
      if (config !== this.config) return;
    }
    const body = doc.body as HTMLElement;
    const previous = this.setup;
    this.setup = unitSetup(config.settings, config.styles);
    for (const note of this.setup.notes) this.log(note);
    const unit = this.placeUnit(body, this.setup);
    for (const [name] of previous?.properties ?? []) unit.style.removeProperty(name);
    configureUnit(unit, config, this.setup);
    this.session.cancelDelay();
    this.log(`init: ${config.accountId} placement=${config.placement} autoLoad=${config.autoLoad}`);
    if (config.autoLoad) await this.autoLoad(config, unit);
  }

  /** The unit, in the target element (inline) or on `<body>`; a new one when the place changed. */
  private placeUnit(body: HTMLElement, setup: UnitSetup): AdpxOffersElement {
    const doc = this.win.document;
    const target = findTarget(doc, setup.target);
    if (setup.target !== undefined && !target) {
      warn('the target element was not found; the offers show as a popup instead.');
      setup.layout = 'popup';
    }
    const parent = target ?? body;
    const old = this.unit;
    if (old && old.parentElement === parent) return old;
    if (old) {
      retire(old, this.session);
      this.listener.detach(old);
      old.remove();
      this.loads.forget();
    }
    const unit = createUnit(doc, parent);
    this.listener.attach(unit);
    this.unit = unit;
    return unit;
  }

  /**
   * `step`, which calls made meanwhile (`load`, `show`, …) wait for too. The caller awaits the step
   * itself, so it goes on before those calls do (they were made after it).
   */
  private holdCalls<T>(step: Promise<T>): Promise<T> {
    this.settingUp = step;
    const done = () => {
      if (this.settingUp === step) this.settingUp = undefined;
    };
    step.then(done, done);
    return step;
  }

  /** `autoLoad`: the stored prefetch response when there is one, else a load; then `autoShow`. */
  private async autoLoad(config: ResolvedConfig, unit: AdpxOffersElement): Promise<void> {
    const closes = this.closes;
    if (config.prefetch) {
      // The stored response is on the device: it is read only once this request's consent
      // decision allows it (a refusal deletes it unread). Calls made meanwhile wait for it.
      await this.holdCalls(resolveConsent(config.consentTimeoutMs, this.log));
      if (config !== this.config) return;
    }
    const payload = this.payloadFor(this.lastPayload);
    const key = loadKey(config, payload);
    if (this.loads.holds(unit, key)) {
      this.log('A2');
      const outcome = await this.loads.inFlight(this.unit);
      if (this.closes !== closes) return this.log('A3');
      if (config === this.config && config.autoShow && outcome?.ok !== false && this.isReady()) {
        await this.show();
      }
      return;
    }
    const storageKey = prefetchKey(config, payload);
    if (config.prefetch) {
      const options = { ttlMs: config.prefetchTtlMs, consume: config.autoShow };
      const found = readPrefetched(this.win, storageKey, options);
      if (found.hit) {
        this.log('A4');
        this.loads.accept(unit, found.response, key);
        if (config.autoShow && this.isReady()) await this.show();
        return;
      }
      this.log('A5', found.reason);
    }
    const outcome = await this.loads.latest(unit, this.loads.run(unit, payload, key));
    if (config !== this.config || !outcome.ok) return;
    if (config.prefetch && !config.autoShow && unit.response) {
      savePrefetched(this.win, storageKey, unit.response);
      this.log('A6');
    }
    if (this.closes !== closes) return this.log('A3');
    // A host may have called show() meanwhile: autoShow then has nothing left to do.
    if (config.autoShow && this.isReady()) await this.show();
  }

  private payloadFor(extra: AdpxUser | undefined): AdpxUser {
    return { ...this.captured.user, ...extra };
  }

  async load(
    payload?: AdpxUser,
    callback?: (loaded: boolean, error?: AdpxErrorInfo) => void,
  ): Promise<boolean> {
    const outcome = await this.loadOutcome(payload);
    const loaded = outcome.ok && outcome.count > 0;
    let error: AdpxErrorInfo | undefined = outcome.ok ? undefined : outcome.error;
    if (outcome.ok && !loaded)
      error = { message: 'No offers are available for this request.', code: 'no_offers' };
    if (typeof callback === 'function') callHost(() => callback(loaded, error));
    return loaded;
  }

  private async loadOutcome(payload: AdpxUser | undefined): Promise<LoadOutcome> {
    await this.settingUp;
    const { config, unit } = this;
    const message =
      !config || !unit ? 'Call Adpx.init before Adpx.load.' : !config.endpoint ? MISSING_ENDPOINT : '';
    if (!config || !unit || message) {
      const error: AdpxErrorInfo = { message, code: 'invalid_request' };
      this.emitError(error);
      return { ok: false, error };
    }
    this.loads.leaveApiMode();
    this.lastPayload = userOf(payload);
    const merged = this.payloadFor(this.lastPayload);
    const key = loadKey(config, merged);
    if (this.loads.canReuse(unit, key)) return { ok: true, count: unit.response?.count ?? 0 };
    return this.loads.run(unit, merged, key);
  }

  async show(given?: AdpxShowOptions | null): Promise<boolean> {
    // Native code calls `Adpx.show(null)` through evaluateJavascript: anything but an object is none.
    const options: AdpxShowOptions = typeof given === 'object' && given !== null ? given : {};
    const closes = this.closes;
    await this.settingUp;
    const { unit, setup } = this;
    const callbacks = options.callbacks ?? {};
    if (!unit || !setup) return this.showFailed(callbacks, 'Call Adpx.init and Adpx.load before Adpx.show.');
    const outcome = await this.loads.inFlight(this.unit);
    if (outcome && !outcome.ok)
      return this.showFailed(callbacks, outcome.error.message, outcome.error, false);
    if (this.closes !== closes) {
      this.log('A7');
      return false;
    }
    return this.showLoaded(unit, setup, options);
  }

  /**
   * The rest of `show` once no load is in flight, in the caller's task: a supplied response is
   * taken and shown in one task, so the unit renders once (not ready, then shown).
   */
  private async showLoaded(
    unit: AdpxOffersElement,
    setup: UnitSetup,
    options: AdpxShowOptions,
  ): Promise<boolean> {
    const callbacks = options.callbacks ?? {};
    this.loads.takeSupplied(unit);
    if (unit.state === UnitStatus.Ready && unit.response?.count === 0) {
      const info: AdpxErrorInfo = { message: 'No offers to show.', code: 'no_offers' };
      return this.showFailed(callbacks, info.message, info, false);
    }
    // Manual mode: only this API shows the unit, so `shown` means these offers are on screen.
    if (unit.state === UnitStatus.Shown) {
      this.session.adopt(options.callbacks);
      return true;
    }
    if (!this.isReady()) {
      const message = AFTER_SHOW.has(unit.state)
        ? 'These offers were already displayed: call Adpx.load again before showing.'
        : 'Nothing is loaded: call Adpx.load before Adpx.show.';
      return this.showFailed(callbacks, message);
    }
    const result = await this.session.show(unit, setup, options);
    if (result === 'shown') return true;
    // Closed by the page, or replaced by a new load, during the display delay: not an error.
    if (result === 'cancelled') {
      this.log('A11');
      return false;
    }
    return this.showFailed(callbacks, 'The offers could not be shown.', undefined, false);
  }

  private showFailed(
    callbacks: AdpxShowCallbacks,
    message: string,
    info: AdpxErrorInfo = { message, code: 'invalid_request' },
    emit = true,
  ): boolean {
    this.log(`show: ${message}`);
    if (emit) this.emitError(info);
    const errorCallback = callbacks.errorCallback;
    if (typeof errorCallback === 'function') callHost(() => errorCallback(info));
    return false;
  }

  close(): void {
    this.closes++;
    this.session.cancelDelay();
    if (this.unit) retire(this.unit, this.session);
  }

  setConsent(consent: unknown): void {
    setConsent(consent, this.log);
  }

  forget(): void {
    forget();
    this.log('A8');
  }

  isReady(): boolean {
    return this.loads.isReady(this.unit);
  }

  async reload(): Promise<boolean> {
    await this.settingUp;
    const { unit, config, setup } = this;
    if (!unit || !config) return this.showFailed({}, 'Call Adpx.init before Adpx.reload.');
    const supplied = this.loads.takeSupplied(unit);
    if (supplied) return supplied.count > 0 && setup ? this.showLoaded(unit, setup, {}) : false;
    if (this.loads.apiMode) {
      this.log('A9');
      return false;
    }
    if (!config.endpoint) {
      this.emitError({ message: MISSING_ENDPOINT, code: 'invalid_request' });
      return false;
    }
    const closes = this.closes;
    const payload = this.payloadFor(this.lastPayload);
    const outcome = await this.loads.run(unit, payload, loadKey(config, payload));
    if (this.closes !== closes) return false;
    return outcome.ok && outcome.count > 0 ? this.show() : false;
  }

  async getOffers(sdkId: string, payload?: AdpxUser): Promise<AdpxGetOffersResult> {
    let base = this.config;
    if (!base) {
      const placeholder = { accountId: 'getOffers', autoLoad: false };
      const resolved = resolveConfig(placeholder, this.captured.config, this.preset);
      if (!resolved.ok) return { status: false, response: errorInfo(resolved.error) };
      base = resolved.config;
    }
    return getOffers(sdkId, payload, base, this.captured.user);
  }

  /** Resolves true when the response is valid; else false and an `error` event. Never rejects. */
  async setApiResponse(response: unknown): Promise<boolean> {
    try {
      this.loads.supply(hostResponse(response));
      this.log('A10');
      return true;
    } catch (error) {
      this.loads.supply(undefined);
      const failure = isOffersError(error) ? error : new OffersError('invalid_response', String(error));
      this.emitError(errorInfo(failure));
      return false;
    }
  }

  private onUnitEvent(name: AdpxEventName, payload: object): void {
    this.session.onEvent(name, payload);
    deliver(this.win, this.target, name, payload);
  }

  /** A function in `Adpx.cmd` threw: a debug line (and the console) and an `error` event. */
  private reportCommandError(error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    const message = `A function in Adpx.cmd threw: ${reason}`;
    this.log(message, error);
    warn(message);
    this.emitError({ message, code: 'command' });
  }

  /**
   * An `error` of the script API itself. On the unit when there is one (forwarded from there like
   * the unit's own events); else on the document and delivered directly. `override` is where a
   * failed `init` reports (its callback, not the previous configuration's).
   */
  private emitError(info: AdpxErrorInfo, override?: DeliveryTarget): void {
    const { code } = info;
    if (code === 'no_offers') return;
    const detail = { ...info, code };
    const event = new AdpxEvent('error', detail);
    if (!override && this.unit?.isConnected) {
      this.unit.dispatchEvent(event);
      return;
    }
    this.win.document?.dispatchEvent(event);
    deliver(this.win, override ?? this.target, 'error', detail);
  }
}
