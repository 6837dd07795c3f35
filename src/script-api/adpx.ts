/**
 * `window.Adpx`: the script-tag API that host pages written for the service's launcher call, and
 * that native hosts drive from their WebViews. It owns one `<adpx-offers>` unit in manual mode,
 * decides when it loads and shows, and forwards its events once to the callback or the bridge.
 *
 * Nothing here throws into the host page: failures resolve a promise with `false` (or reject
 * `init`/`setApiResponse` with an `OffersError`), reach the given callback, and fire `error`.
 */
import { OffersError } from '../client/errors.js';
import { createDebugLog, type DebugLog } from '../debug.js';
import type { AdpxOffersElement } from '../elements/adpx-offers.js';
import { defineElements } from '../elements/registry.js';
import { AdpxEvent, type AdpxEventName } from '../events/adpx-event.js';
import { readPrefetched, savePrefetched } from '../hosts/prefetch-storage.js';
import type { OffersResponse } from '../model/types.js';
import { resolveConfig, toEnvironment, type PresetValues, type ResolvedConfig } from './config.js';
import { deliver, reportHostError, UnitListener, type DeliveryTarget } from './forward.js';
import { hostResponse } from './host-response.js';
import { errorInfo, getOffers, loadKey, MISSING_ENDPOINT, prefetchKey } from './requests.js';
import { ShowSession } from './show-session.js';
import type { AdpxApi, AdpxCallback, AdpxConfig, AdpxErrorInfo, AdpxGetOffersResult } from './types.js';
import type { AdpxShowOptions, AdpxUser } from './types.js';
import { bodyReady, configureUnit, createUnit, findTarget } from './unit-dom.js';
import { unitSetup, type UnitSetup } from './unit-options.js';

export const ADPX_VERSION = '0.1.0';

type LoadOutcome = { ok: true; count: number } | { ok: false; error: AdpxErrorInfo };

interface Globals {
  config: unknown;
  user: AdpxUser;
}

const userOf = (value: unknown): AdpxUser =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...(value as AdpxUser) } : {};

/** Unit states with offers (or the end card) on screen. A plain set: older units have no `ended`. */
const ON_SCREEN: ReadonlySet<string> = new Set(['shown', 'ended']);

const warn = (message: string) => console.warn(`[adpx] ${message}`);

export class AdpxController implements AdpxApi {
  readonly version = ADPX_VERSION;
  private globals?: Globals;
  private readonly preset: PresetValues = {};
  private config?: ResolvedConfig;
  private setup?: UnitSetup;
  private unit?: AdpxOffersElement;
  private log: DebugLog = createDebugLog(false);
  private readonly listener = new UnitListener((name, payload) => this.onUnitEvent(name, payload));
  private readonly session = new ShowSession(() => this.win);
  private generation = 0;
  private currentKey?: string;
  private pending?: { key: string; promise: Promise<LoadOutcome> };
  private lastPayload?: AdpxUser;
  private apiResponse?: OffersResponse;
  /** API prefetch: `setApiResponse` was called; `reload` renders what it supplied and never fetches. */
  private apiMode = false;

  constructor(private readonly windowOverride?: Window) {}

  private get win(): Window {
    return this.windowOverride ?? window;
  }

  /** Reads `window.AdpxConfig` and `window.AdpxUser` now (the script-tag build does it on load). */
  captureGlobals(): void {
    const host = this.win as Window & { AdpxConfig?: unknown; AdpxUser?: unknown };
    const config = host.AdpxConfig;
    this.globals = {
      config: typeof config === 'object' && config !== null ? { ...config } : undefined,
      user: userOf(host.AdpxUser),
    };
  }

  private get captured(): Globals {
    if (!this.globals) this.captureGlobals();
    return this.globals as Globals;
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

  async init(input?: AdpxConfig | string, callback?: AdpxCallback): Promise<void> {
    const result = resolveConfig(input, this.captured.config, this.preset, callback);
    if (!result.ok) {
      const fallback = typeof callback === 'function' ? callback : this.callbackIn(input);
      this.emitError(errorInfo(result.error), {
        callback: fallback,
        parentOrigin: this.config?.parentOrigin,
      });
      throw result.error;
    }
    const generation = ++this.generation;
    const config = result.config;
    this.config = config;
    this.log = createDebugLog(config.debug);
    if (result.ignored.includes('parentOrigin'))
      warn('parentOrigin must be an exact origin; it was ignored.');
    if (result.ignored.length > 0) this.log(`unknown config keys ignored: ${result.ignored.join(', ')}`);
    defineElements(this.win.customElements);
    const body = await bodyReady(this.win.document);
    if (generation !== this.generation) return;
    this.setup = unitSetup(config.settings, config.styles);
    const unit = this.placeUnit(body, this.setup);
    configureUnit(unit, config, this.setup);
    this.session.cancelDelay();
    this.log(`init: ${config.accountId} placement=${config.placement} autoLoad=${config.autoLoad}`);
    if (config.autoLoad) await this.autoLoad(config, unit, generation);
  }

  private callbackIn(input: unknown): AdpxCallback | undefined {
    const candidate =
      typeof input === 'object' && input !== null ? (input as AdpxConfig).callback : undefined;
    const global = this.captured.config as AdpxConfig | undefined;
    const handler = candidate ?? global?.callback;
    return typeof handler === 'function' ? handler : undefined;
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
      this.retire(old);
      this.listener.detach(old);
      old.remove();
      this.currentKey = undefined;
      this.pending = undefined;
    }
    const unit = createUnit(doc, parent);
    this.listener.attach(unit);
    this.unit = unit;
    return unit;
  }

  /** Closes the unit when it is showing offers (close beacon once, `closed_ads`). */
  private retire(unit: AdpxOffersElement): void {
    this.session.cancelDelay();
    if (ON_SCREEN.has(unit.state)) unit.close('api');
  }

  private async autoLoad(config: ResolvedConfig, unit: AdpxOffersElement, generation: number): Promise<void> {
    const payload = this.payloadFor(this.lastPayload);
    const key = loadKey(config, payload);
    if (
      this.pending?.key === key ||
      (key === this.currentKey && (unit.state === 'ready' || ON_SCREEN.has(unit.state)))
    ) {
      this.log('init: same request as the current load; not loading again');
      const outcome = this.pending ? await this.pending.promise : undefined;
      if (generation === this.generation && config.autoShow && outcome?.ok !== false && this.isReady()) {
        await this.show();
      }
      return;
    }
    if (config.prefetch) {
      const found = readPrefetched(this.win, prefetchKey(config, payload), {
        ttlMs: config.prefetchTtlMs,
        consume: config.autoShow,
      });
      this.log(`prefetch: ${found.hit ? 'using the stored response' : `no usable entry (${found.reason})`}`);
      if (found.hit) {
        this.accept(unit, found.response, key);
        if (config.autoShow && found.response.count > 0) await this.show();
        return;
      }
    }
    const outcome = await this.runLoad(payload, key);
    if (generation !== this.generation || !outcome.ok) return;
    const response = unit.response;
    if (config.prefetch && !config.autoShow && response) {
      savePrefetched(this.win, prefetchKey(config, payload), response);
      this.log('prefetch: response stored for the checkout WebView');
    }
    if (config.autoShow && outcome.count > 0) await this.show();
  }

  private payloadFor(extra: AdpxUser | undefined): AdpxUser {
    return { ...this.captured.user, ...extra };
  }

  /** One load; a load of the same request already in flight is shared, not repeated. */
  private runLoad(payload: AdpxUser, key: string): Promise<LoadOutcome> {
    const unit = this.unit;
    if (!unit)
      return Promise.resolve({ ok: false, error: { message: 'Not initialised.', code: 'invalid_request' } });
    if (this.pending?.key === key) return this.pending.promise;
    this.retire(unit);
    this.currentKey = key;
    this.apiResponse = undefined;
    this.session.newLoad();
    unit.payload = payload;
    const promise = unit.load().then(
      (count): LoadOutcome => ({ ok: true, count }),
      (error: unknown): LoadOutcome => ({ ok: false, error: errorInfo(error) }),
    );
    const pending = { key, promise };
    this.pending = pending;
    void promise.then(() => {
      if (this.pending === pending) this.pending = undefined;
    });
    return promise;
  }

  /** Takes a response without a request (prefetch or API prefetch): `ads_found` fires. */
  private accept(unit: AdpxOffersElement, response: OffersResponse, key: string): void {
    this.retire(unit);
    this.pending = undefined;
    this.currentKey = key;
    this.session.newLoad();
    unit.response = response;
  }

  async load(
    payload?: AdpxUser,
    callback?: (loaded: boolean, error?: AdpxErrorInfo) => void,
  ): Promise<boolean> {
    let outcome: LoadOutcome;
    const config = this.config;
    if (!config || !this.unit) {
      outcome = {
        ok: false,
        error: { message: 'Call Adpx.init before Adpx.load.', code: 'invalid_request' },
      };
      this.emitError(outcome.error);
    } else if (!config.endpoint) {
      outcome = { ok: false, error: { message: MISSING_ENDPOINT, code: 'invalid_request' } };
      this.emitError(outcome.error);
    } else {
      this.apiMode = false;
      this.lastPayload = userOf(payload);
      const merged = this.payloadFor(this.lastPayload);
      const key = loadKey(config, merged);
      const reusable = key === this.currentKey && this.isReady();
      outcome = reusable
        ? { ok: true, count: this.unit.response?.count ?? 0 }
        : await this.runLoad(merged, key);
    }
    const loaded = outcome.ok && outcome.count > 0;
    const error: AdpxErrorInfo | undefined = outcome.ok
      ? loaded
        ? undefined
        : { message: 'No offers are available for this request.', code: 'no_offers' }
      : outcome.error;
    if (callback) this.callHost(() => callback(loaded, error));
    return loaded;
  }

  async show(options: AdpxShowOptions = {}): Promise<boolean> {
    const unit = this.unit;
    const callbacks = options.callbacks ?? {};
    if (!unit || !this.setup)
      return this.showFailed(callbacks, 'Call Adpx.init and Adpx.load before Adpx.show.');
    if (this.pending) {
      const outcome = await this.pending.promise;
      if (!outcome.ok) return this.showFailed(callbacks, outcome.error.message, outcome.error, false);
    }
    if (this.apiResponse) this.accept(unit, this.apiResponse, 'api');
    this.apiResponse = undefined;
    const response = unit.response;
    if (response && response.count === 0 && unit.state === 'ready') {
      return this.showFailed(
        callbacks,
        'No offers to show.',
        { message: 'No offers to show.', code: 'no_offers' },
        false,
      );
    }
    if (!this.isReady()) {
      const message = this.session.displayed
        ? 'These offers were already displayed: call Adpx.load again before showing.'
        : 'Nothing is loaded: call Adpx.load before Adpx.show.';
      return this.showFailed(callbacks, message);
    }
    const shown = await this.session.show(unit, this.setup, options);
    if (!shown) return this.showFailed(callbacks, 'The offers could not be shown.', undefined, false);
    return true;
  }

  private showFailed(
    callbacks: AdpxShowOptions['callbacks'] & object,
    message: string,
    info: AdpxErrorInfo = { message, code: 'invalid_request' },
    emit = true,
  ): boolean {
    this.log(`show: ${message}`);
    if (emit) this.emitError(info);
    const errorCallback = callbacks.errorCallback;
    if (typeof errorCallback === 'function') this.callHost(() => errorCallback(info));
    return false;
  }

  close(): void {
    this.session.cancelDelay();
    if (this.unit) this.retire(this.unit);
  }

  isReady(): boolean {
    const unit = this.unit;
    if (this.apiResponse) return this.apiResponse.count > 0;
    return !!unit && unit.state === 'ready' && (unit.response?.count ?? 0) > 0 && !this.session.displayed;
  }

  async reload(): Promise<boolean> {
    const unit = this.unit;
    const config = this.config;
    if (!unit || !config) return this.showFailed({}, 'Call Adpx.init before Adpx.reload.');
    const supplied = this.apiResponse;
    if (supplied) {
      this.apiResponse = undefined;
      this.accept(unit, supplied, 'api');
      return supplied.count > 0 ? this.show() : false;
    }
    if (this.apiMode) {
      this.log('reload: no valid response supplied by setApiResponse; nothing to render');
      return false;
    }
    if (!config.endpoint) {
      this.emitError({ message: MISSING_ENDPOINT, code: 'invalid_request' });
      return false;
    }
    const payload = this.payloadFor(this.lastPayload);
    const outcome = await this.runLoad(payload, loadKey(config, payload));
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

  async setApiResponse(response: unknown): Promise<void> {
    this.apiMode = true;
    try {
      this.apiResponse = hostResponse(response);
      this.log(`setApiResponse: ${this.apiResponse.count} offer(s) ready; Adpx.reload() renders them`);
    } catch (error) {
      this.apiResponse = undefined;
      const failure =
        error instanceof OffersError ? error : new OffersError('invalid_response', String(error));
      this.emitError(errorInfo(failure));
      throw failure;
    }
  }

  private onUnitEvent(name: AdpxEventName, payload: object): void {
    this.session.onEvent(name, payload);
    deliver(this.win, this.target, name, payload);
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

  private callHost(call: () => void): void {
    try {
      call();
    } catch (error) {
      reportHostError(error);
    }
  }
}
