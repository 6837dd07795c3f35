/**
 * The configuration of `window.Adpx`: `window.AdpxConfig` (read when the script loads), settings
 * made before `init` (`Adpx.environment`, `Adpx.debug`) and the config given to `init`, merged in
 * that order (the later wins) and validated. Pure: no DOM.
 */
import { OffersError } from '../errors.js';
import { DEFAULT_CONSENT_TIMEOUT_MS } from '../consent/consent.js';
import { isJsonObject, toBoolean } from '../model/coerce.js';
import { toExactOrigin } from '../hosts/bridge.js';
import { prefetchTtl } from '../hosts/prefetch-storage.js';
import type { AdpxCallback, AdpxConfig, AdpxSettings, AdpxStyles } from './types.js';

/** Placement sent when the config names none (the service requires one). */
export const DEFAULT_PLACEMENT = 'default';

/** A validated configuration, every default applied. */
export interface ResolvedConfig {
  accountId: string;
  /** Absent when none was given: loading then fails with a clear error. */
  endpoint?: string;
  apiVersion: 'v2' | 'v4';
  placement: string;
  autoLoad: boolean;
  autoShow: boolean;
  prefetch: boolean;
  /** Test mode: `dev: true` or `environment: 1`. */
  dev: boolean;
  debug: boolean;
  callback?: AdpxCallback;
  settings: AdpxSettings;
  styles: AdpxStyles;
  parentOrigin?: string;
  prefetchTtlMs: number;
  pubUserId?: string;
  loyaltyboost?: '0' | '1' | '2';
  creative?: '0' | '1';
  campaignId?: string;
  /** The consent given in the config, as given: `setConsent` checks it. Absent: none given. */
  consent?: unknown;
  consentTimeoutMs: number;
  /** The unit's language when the page has no `lang`. */
  language?: string;
  /** Overrides of the unit's words, as given (the unit checks them). */
  strings?: unknown;
}

/** Values set through `Adpx.environment` / `Adpx.debug` before `init`. */
export interface PresetValues {
  environment?: 0 | 1;
  debug?: boolean;
}

export type ConfigResult =
  { ok: true; config: ResolvedConfig; ignored: string[] } | { ok: false; error: OffersError };

const KNOWN_KEYS: ReadonlySet<string> = new Set<keyof AdpxConfig>([
  'accountId',
  'endpoint',
  'apiVersion',
  'placement',
  'autoLoad',
  'autoShow',
  'prefetch',
  'dev',
  'environment',
  'debug',
  'callback',
  'settings',
  'styles',
  'parentOrigin',
  'prefetchTtlMs',
  'pubUserId',
  'loyaltyboost',
  'creative',
  'campaignId',
  'consent',
  'consentTimeout',
  'language',
  'strings',
]);

const invalid = (message: string): ConfigResult => ({
  ok: false,
  error: new OffersError('invalid_request', message),
});

/** A non-empty trimmed string, else undefined. */
function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** `0 | 1` from `0`, `1`, `'0'`, `'1'`; else undefined. */
export function toEnvironment(value: unknown): 0 | 1 | undefined {
  if (value === 0 || value === '0') return 0;
  if (value === 1 || value === '1') return 1;
  return undefined;
}

/** The absolute http(s) base URL, or undefined when `value` is not one. */
function toEndpoint(value: string): string | undefined {
  try {
    const url = new URL(value);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
      return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

/** Ms to wait for a consent platform: a number from 0 to one minute, else the default. */
function consentTimeout(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return DEFAULT_CONSENT_TIMEOUT_MS;
  return Math.min(value, 60_000);
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  const candidate = text(value);
  return allowed.find((entry) => entry === candidate);
}

/**
 * The config `init` runs with. `init` is what `Adpx.init` received (a config object, an SDK ID or
 * nothing); `global` is `window.AdpxConfig`. Fails with `OffersError('invalid_request')` on a
 * missing SDK ID, an endpoint that is not an absolute http(s) URL, a missing endpoint when
 * `autoLoad` is on, or an `init` argument of another type. Unknown keys are listed in `ignored`.
 */
export function resolveConfig(
  init: unknown,
  global: unknown,
  preset: PresetValues = {},
  callback?: unknown,
): ConfigResult {
  if (init !== undefined && init !== null && typeof init !== 'string' && !isJsonObject(init)) {
    return invalid('Adpx.init expects a config object or an SDK ID string.');
  }
  const fromInit: Record<string, unknown> = typeof init === 'string' ? { accountId: init } : (init ?? {});
  const base: Record<string, unknown> = isJsonObject(global) ? global : {};
  const presetValues: Record<string, unknown> = {};
  if (preset.environment !== undefined) presetValues.environment = preset.environment;
  if (preset.debug !== undefined) presetValues.debug = preset.debug;
  const merged: Record<string, unknown> = { ...base, ...presetValues, ...fromInit };
  const ignored = Object.keys(merged).filter((key) => !KNOWN_KEYS.has(key));

  const accountId = text(merged.accountId);
  if (!accountId) {
    return invalid('The SDK ID is missing: pass Adpx.init({ accountId }) or Adpx.init(sdkId).');
  }
  const endpointText = text(merged.endpoint);
  const endpoint = endpointText === undefined ? undefined : toEndpoint(endpointText);
  if (endpointText !== undefined && endpoint === undefined) {
    return invalid(
      `endpoint must be an absolute http(s) URL (the offers service or your proxy); got "${endpointText}".`,
    );
  }
  const apiVersion = merged.apiVersion === undefined ? 'v2' : oneOf(merged.apiVersion, ['v2', 'v4'] as const);
  if (!apiVersion) return invalid("apiVersion must be 'v2' or 'v4'.");
  const autoLoad = toBoolean(merged.autoLoad) ?? true;
  if (autoLoad && !endpoint) {
    return invalid(
      'The endpoint is missing: set endpoint (the offers service or your proxy) in AdpxConfig or Adpx.init.',
    );
  }
  const loyaltyboost = oneOf(merged.loyaltyboost, ['0', '1', '2'] as const);
  if (merged.loyaltyboost !== undefined && !loyaltyboost)
    return invalid("loyaltyboost must be '0', '1' or '2'.");
  const creative = oneOf(merged.creative, ['0', '1'] as const);
  if (merged.creative !== undefined && !creative) return invalid("creative must be '0' or '1'.");
  const handler = typeof callback === 'function' ? callback : merged.callback;
  const config: ResolvedConfig = {
    accountId,
    endpoint,
    apiVersion,
    placement: text(merged.placement) ?? DEFAULT_PLACEMENT,
    autoLoad,
    autoShow: toBoolean(merged.autoShow) ?? false,
    prefetch: toBoolean(merged.prefetch) ?? false,
    dev: toBoolean(merged.dev) === true || toEnvironment(merged.environment) === 1,
    debug: toBoolean(merged.debug) ?? false,
    callback: typeof handler === 'function' ? (handler as AdpxCallback) : undefined,
    settings: isJsonObject(merged.settings) ? (merged.settings as AdpxSettings) : {},
    styles: isJsonObject(merged.styles) ? (merged.styles as AdpxStyles) : {},
    parentOrigin: toExactOrigin(merged.parentOrigin),
    prefetchTtlMs: prefetchTtl(merged.prefetchTtlMs),
    pubUserId: text(merged.pubUserId),
    loyaltyboost,
    creative,
    campaignId: text(merged.campaignId),
    consent: merged.consent,
    consentTimeoutMs: consentTimeout(merged.consentTimeout),
    language: text(merged.language),
    strings: merged.strings,
  };
  if (merged.parentOrigin !== undefined && config.parentOrigin === undefined) ignored.push('parentOrigin');
  return { ok: true, config, ignored };
}
