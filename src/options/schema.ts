/**
 * The request and unit options, each declared once: its `<adpx-offers>` attribute and property,
 * its `AdpxConfig` key (`window.AdpxConfig` / `Adpx.init`), where the request carries it, its
 * type, default, validator and doc. The element's reactive properties, the launcher's config,
 * `getOffers`, the prefetch key, the framework typings and the options table of docs/api.md are
 * all derived from {@link OPTIONS}; test/options/schema.test.ts fails when a surface misses one.
 */
import { toBoolean } from '../model/coerce.js';
import type { FetchOffersOptions } from './fetch-options.js';
import {
  DEFAULT_CONSENT_TIMEOUT_MS,
  DEFAULT_PREFETCH_TTL_MS,
  MAX_PREFETCH_TTL_MS,
  clampMs,
  httpUrl,
  invalidRequest,
  isAbsent,
  oneOf,
  toCampaignId,
  toCreative,
  toExactOrigin,
  toLoyaltyboost,
  toText,
} from './values.js';

/**
 * One option. `parse` turns what a page configured into the value used (throwing on a refusal).
 * Its doc is the entry's JSDoc, and `@sent` says how the request carries it: scripts/options-doc.mjs
 * reads them for docs/api.md and custom-elements.json (comments stay out of the bundle).
 */
export interface OptionSpec {
  /** The `<adpx-offers>` property; absent: the launcher's only. */
  property?: string;
  /** Its attribute; `false`: a property only (rich data). */
  attribute?: string | false;
  /** How the attribute converts: Lit's `Boolean`/`Number`, else a string. */
  type: 'string' | 'boolean' | 'number' | 'object';
  /** The element's value before any is set (a function for a fresh object per element). */
  initial?: string | boolean | number | (() => object);
  /** Key of `AdpxConfig`; absent: the element's only. */
  config?: string;
  /** The option of `fetchOffers` it becomes. */
  fetch?: keyof FetchOffersOptions;
  /** Keys of a `getOffers` payload that give it for one call (they win over the configured one). */
  payloadKeys?: readonly string[];
  /** The launcher does not write it onto its unit (page-wide: `Adpx` applies it itself). */
  notOnUnit?: true;
  /**
   * Part of what the service is asked (its doc has `@sent`): changed after the unit loaded, the
   * unit loads again (docs/decisions/010-unit-removal.md).
   */
  request?: true;
  /** The launcher's value; default applied, `invalid_request` thrown on a refused value. */
  parse: (value: unknown) => unknown;
}

const bool = (fallback: boolean) => (value: unknown) => toBoolean(value) ?? fallback;
const asGiven = (value: unknown) => value;

/**
 * The endpoint as an absolute http(s) URL, undefined when none is given. In a page, a path from the
 * page's origin (`/offers-proxy`: the proxy on the publisher's own server) resolves against the
 * document's base URL. Other relative forms are refused: `offers.example` is far more likely a URL
 * that lost its scheme than a path, and a path relative to the route would move with it in a
 * single-page app.
 */
export function toEndpoint(value: unknown): string | undefined {
  const given = toText(value);
  if (given === undefined) return undefined;
  const base = /^\/(?!\/)/.test(given) ? globalThis.document?.baseURI : undefined;
  return (
    httpUrl(given, base)?.href ??
    invalidRequest(
      `endpoint must be an absolute http(s) URL without credentials (the offers service or your proxy), or in a page a path such as "/offers-proxy"; got ${JSON.stringify(given.slice(0, 80))}.`,
    )
  );
}

export const OPTIONS = {
  /**
   * API key (direct connect) or SDK ID. Required.
   * @sent query `api_key`
   */
  accountId: {
    property: 'apiKey',
    attribute: 'api-key',
    type: 'string',
    initial: '',
    config: 'accountId',
    fetch: 'apiKey',
    request: true,
    parse: (value: unknown): string =>
      toText(value) ??
      invalidRequest('The SDK ID is missing: pass Adpx.init({ accountId }) or Adpx.init(sdkId).'),
  },
  /**
   * Base URL of the offers service or of your proxy: absolute http(s), or in a page a path from
   * its origin (`/offers-proxy`). Required to load.
   * @sent base URL
   */
  endpoint: {
    property: 'endpoint',
    attribute: 'endpoint',
    type: 'string',
    initial: '',
    config: 'endpoint',
    fetch: 'endpoint',
    request: true,
    parse: toEndpoint,
  },
  /**
   * Where the unit is triggered, e.g. `checkout`; the launcher's default is `default`.
   * @sent body `placement`
   */
  placement: {
    property: 'placement',
    attribute: 'placement',
    type: 'string',
    initial: '',
    config: 'placement',
    fetch: 'placement',
    request: true,

    payloadKeys: ['placement'],
    parse: (value: unknown): string => toText(value) ?? 'default',
  },
  /**
   * `v2` (default) or `v4`.
   * @sent path `/native/v2/`, `/native/v4/`
   */
  apiVersion: {
    property: 'apiVersion',
    attribute: 'api-version',
    type: 'string',
    initial: 'v2',
    config: 'apiVersion',
    fetch: 'apiVersion',
    request: true,
    parse: (value: unknown): 'v2' | 'v4' =>
      value === undefined ? 'v2' : oneOf('apiVersion', value, ['v2', 'v4'] as const, false),
  },
  /**
   * The publisher's id of the user.
   * @sent body `pub_user_id`
   */
  pubUserId: {
    property: 'pubUserId',
    attribute: 'pub-user-id',
    type: 'string',
    config: 'pubUserId',
    fetch: 'pubUserId',
    request: true,

    payloadKeys: ['pub_user_id'],
    parse: (value: unknown): string | undefined => toText(value),
  },
  /**
   * `0`, `1` or `2`.
   * @sent query `loyaltyboost`
   */
  loyaltyboost: {
    property: 'loyaltyboost',
    attribute: 'loyaltyboost',
    type: 'string',
    config: 'loyaltyboost',
    fetch: 'loyaltyboost',
    request: true,

    payloadKeys: ['loyaltyboost'],
    parse: (value: unknown) => (isAbsent(value) ? undefined : toLoyaltyboost(value)),
  },
  /**
   * `0` or `1`.
   * @sent query `creative`
   */
  creative: {
    property: 'creative',
    attribute: 'creative',
    type: 'string',
    config: 'creative',
    fetch: 'creative',
    request: true,

    payloadKeys: ['creative', 'creatives'],
    parse: (value: unknown) => (isAbsent(value) ? undefined : toCreative(value)),
  },
  /**
   * One campaign id (letters, digits, `_`, `-`).
   * @sent query `campaignId`
   */
  campaignId: {
    property: 'campaignId',
    attribute: 'campaign-id',
    type: 'string',
    config: 'campaignId',
    fetch: 'campaignId',
    request: true,

    payloadKeys: ['campaignId'],
    parse: (value: unknown) => (isAbsent(value) ? undefined : toCampaignId(value)),
  },
  /**
   * Ask for test offers; the service records no tracking for them.
   * @sent body `dev: 1`
   */
  dev: {
    property: 'dev',
    attribute: 'dev',
    type: 'boolean',
    initial: false,
    config: 'dev',
    fetch: 'dev',
    request: true,

    payloadKeys: ['dev'],
    parse: bool(false),
  },
  /** The launcher's form of `dev`: `0` live (default), `1` test. Set before `init`. */
  environment: {
    type: 'number',
    config: 'environment',
    parse: (value: unknown): 0 | 1 | undefined => toEnvironment(value),
  },
  /** Log decisions and beacons to the console with the `[adpx]` prefix. */
  debug: {
    property: 'debug',
    attribute: 'debug',
    type: 'boolean',
    initial: false,
    config: 'debug',
    fetch: 'debug',
    parse: bool(false),
  },
  /**
   * Extra body keys sent with each load (the launcher's is `window.AdpxUser`).
   * @sent body, one key each
   */
  payload: {
    property: 'payload',
    attribute: false,
    type: 'object',
    initial: () => ({}),
    request: true,
    parse: asGiven,
  },
  /** The visitor's consent as the host knows it; wins over the page's consent platform (docs/privacy.md). */
  consent: {
    property: 'consent',
    attribute: false,
    type: 'object',
    config: 'consent',
    notOnUnit: true,
    parse: asGiven,
  },
  /** Ms the first request waits for a consent platform that has not answered (default 1500, at most 60000). */
  consentTimeoutMs: {
    property: 'consentTimeout',
    attribute: 'consent-timeout',
    type: 'number',
    initial: DEFAULT_CONSENT_TIMEOUT_MS,
    config: 'consentTimeout',
    parse: (value: unknown): number => clampMs(value, DEFAULT_CONSENT_TIMEOUT_MS, 60_000),
  },
  /** The language when neither the unit nor the page has a `lang` (docs/i18n.md). */
  language: {
    property: 'defaultLanguage',
    attribute: false,
    type: 'string',
    config: 'language',
    parse: (value: unknown): string | undefined => toText(value),
  },
  /** Overrides of the unit's own words by key (docs/i18n.md). */
  strings: { property: 'strings', attribute: false, type: 'object', config: 'strings', parse: asGiven },
  /** Top heading level, 1 to 6: the unit's `heading`, its cards one below (at most 6); else the cards'. */
  headingLevel: {
    property: 'headingLevel',
    attribute: 'heading-level',
    type: 'number',
    initial: 2,
    config: 'headingLevel',
    parse: (value: unknown): string | undefined => toText(value),
  },
  /** Load on `init` (default true). */
  autoLoad: { type: 'boolean', config: 'autoLoad', parse: bool(true) },
  /** Show as soon as offers arrive (default false). */
  autoShow: { type: 'boolean', config: 'autoShow', parse: bool(false) },
  /**
   * SDK prefetch: a load first takes a response stored for the same request (once consent allows
   * reading storage); a load that no show waits for stores its response for the next page
   * (docs/decisions/005-bridge-order-and-prefetch.md).
   */
  prefetch: {
    property: 'prefetch',
    attribute: 'prefetch',
    type: 'boolean',
    initial: false,
    config: 'prefetch',
    parse: bool(false),
  },
  /** How long a prefetched response stays usable, in ms (default 5 minutes, at most 1 hour). */
  prefetchTtlMs: {
    property: 'prefetchTtl',
    attribute: 'prefetch-ttl',
    initial: DEFAULT_PREFETCH_TTL_MS,
    type: 'number',
    config: 'prefetchTtlMs',
    parse: (value: unknown): number => clampMs(value, DEFAULT_PREFETCH_TTL_MS, MAX_PREFETCH_TTL_MS),
  },
  /** Exact origin of the parent page for the iframe bridge; anything else is ignored with a warning. */
  parentOrigin: {
    type: 'string',
    config: 'parentOrigin',
    parse: (value: unknown): string | undefined => toExactOrigin(value),
  },
  /**
   * Hand the unit's events to the page's analytics: `datalayer` (Google Tag Manager's
   * `window.dataLayer`) or `gtag` (GA4); no personal data (docs/api.md, "Analytics hand-off").
   */
  analytics: {
    property: 'analytics',
    attribute: 'analytics',
    type: 'string',
    config: 'analytics',
    parse: (value: unknown): 'datalayer' | 'gtag' | undefined =>
      isAbsent(value)
        ? undefined
        : oneOf(
            'analytics',
            typeof value === 'string' ? value.toLowerCase() : value,
            ['datalayer', 'gtag'] as const,
            false,
          ),
  },
} as const satisfies Record<string, OptionSpec>;

export type OptionName = keyof typeof OPTIONS;

/** The value each option resolves to. */
export type OptionValues = { [K in OptionName]: ReturnType<(typeof OPTIONS)[K]['parse']> };

/** `0 | 1` from `0`, `1`, `'0'`, `'1'`; else undefined. */
export function toEnvironment(value: unknown): 0 | 1 | undefined {
  if (value === 0 || value === '0') return 0;
  if (value === 1 || value === '1') return 1;
  return undefined;
}

/** Every option as a `[name, spec]` pair, typed as the general spec. */
export const optionEntries = (): Array<[OptionName, OptionSpec]> =>
  Object.entries(OPTIONS) as Array<[OptionName, OptionSpec]>;

/**
 * The `fetchOffers` options that the given option values make (an option absent, empty or
 * `false` is left out). `values` holds them by option name: a resolved config, or an element's.
 */
export function fetchOptionsOf(values: Partial<Record<OptionName, unknown>>): Partial<FetchOffersOptions> {
  const options: Record<string, unknown> = {};
  for (const [name, spec] of optionEntries()) {
    const value = values[name];
    if (spec.fetch && !isAbsent(value) && value !== false) options[spec.fetch] = value;
  }
  return options as Partial<FetchOffersOptions>;
}
