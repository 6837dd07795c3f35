/**
 * The response model's single entry: parsed JSON from the service → a safe {@link OffersResponse}.
 * Offers that cannot be shown safely are dropped, text is cut to the spec's limits, unsafe URLs
 * and colours are removed. Pure: no DOM, no network, same result in a browser and in Node.
 */
import { OffersError, safely } from '../errors.js';
import type { DebugLog } from '../debug.js';
import type { Offer, OfferSettings, OfferStyles, OffersResponse } from './types.js';
import { isJsonObject, toBoolean, toPlainString, toPositiveNumber } from './coerce.js';
import { safeCssColor } from './colors.js';
import { MODEL_CAPS } from './limits.js';
import { normalizeOffer } from './normalize-offer.js';
import { safeHttpUrl } from './urls.js';

const silent: DebugLog = () => {};

/** Every response this module made: handing one back needs no second pass. */
const normalized = new WeakSet<object>();

/** The response made of each raw object: the same object is the same response (decision 002). */
const fromRaw = new WeakMap<object, OffersResponse>();

/** `styles` keys looked at: the three the spec names and any other `*_color` key. */
const STYLE_KEY = /^[a-z][a-z0-9_]{0,62}_color$/;

/**
 * {@link normalizeResponse} of a `{ data }` envelope or of the data object itself. The same raw
 * object gives the same response object every time (two units, or `setApiResponse` and a unit,
 * given one response count its offers once); an equal copy gives a new one.
 */
export function normalizeEnvelope(raw: object, log?: DebugLog): OffersResponse {
  let response = fromRaw.get(raw);
  if (!response) fromRaw.set(raw, (response = normalizeResponse('data' in raw ? raw : { data: raw }, log)));
  return response;
}

/** Longest JSON string a host may give (the mock service refuses bodies over 64 KiB; answers are larger). */
const MAX_JSON_LENGTH = 2 * 1024 * 1024;

/**
 * A response the host gives (`unit.response`, `Adpx.setApiResponse`): the service's JSON (`{ data }`),
 * the `data` object itself, either as a JSON string (what a native host passes most easily), or a
 * response this module already made (taken as it is). Throws `invalid_response`.
 */
export function acceptResponse(raw: unknown): OffersResponse {
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.length > MAX_JSON_LENGTH) throw new OffersError('invalid_response', 'The response is too large.');
    value = safely(() => JSON.parse(raw));
    if (value === undefined) throw new OffersError('invalid_response', 'The response is not valid JSON.');
  }
  if (!isJsonObject(value)) throw new OffersError('invalid_response', 'The response must be an object.');
  return normalized.has(value) ? (value as unknown as OffersResponse) : normalizeEnvelope(value);
}

/**
 * Normalises the parsed JSON body of a fetch response (the object holding the top-level `data`
 * envelope).
 *
 * Throws only `OffersError('invalid_response')`, and only when there is no usable envelope:
 * `raw` or `raw.data` not an object, or `data.offers` not an array. Everything below that is
 * repaired or dropped, with each decision written to `log`:
 * - at most {@link MODEL_CAPS.offers} offers are considered; the rest are ignored;
 * - an offer is dropped when it is not an object, has no valid integer id, repeats an id, has no
 *   headline, or has no safe `click_url`;
 * - `count` is the number of offers kept (the service's own `count` is ignored);
 * - `privacy_url` must pass `safeHttpUrl`; `styles` keeps valid colours only; `settings` keeps a
 *   positive `max_display_time` and a boolean `auto_close`.
 */
export function normalizeResponse(raw: unknown, log: DebugLog = silent): OffersResponse {
  const data = isJsonObject(raw) ? raw.data : undefined;
  if (!isJsonObject(data)) {
    throw new OffersError('invalid_response', 'The response has no "data" object.');
  }
  if (!Array.isArray(data.offers)) {
    throw new OffersError('invalid_response', 'The response\'s "data.offers" is not an array.');
  }
  const offers = normalizeOffers(data.offers, log);
  const response: OffersResponse = {
    offers,
    count: offers.length,
    styles: normalizeStyles(data.styles, log),
    settings: normalizeSettings(data.settings, log),
  };
  const sessionId = toPlainString(data.session_id, MODEL_CAPS.sessionId);
  if (sessionId !== undefined) response.session_id = sessionId;
  const privacyUrl = safeHttpUrl(data.privacy_url);
  if (privacyUrl !== undefined) response.privacy_url = privacyUrl;
  else if (data.privacy_url !== undefined && data.privacy_url !== null)
    log('N1', 'privacy_url dropped: not a safe URL');
  normalized.add(response);
  return response;
}

/** The offers that can be shown, in the service's order. */
function normalizeOffers(raw: unknown[], log: DebugLog): Offer[] {
  if (raw.length > MODEL_CAPS.offers) {
    log(
      'N2',
      'more offers received than are considered (received, considered):',
      raw.length,
      MODEL_CAPS.offers,
    );
  }
  const offers: Offer[] = [];
  const seenIds = new Set<number>();
  raw.slice(0, MODEL_CAPS.offers).forEach((entry, index) => {
    const result = normalizeOffer(entry, seenIds);
    if (!result.ok) {
      log('N3', 'offer dropped (index, reason, id):', index, result.reason, describeId(entry));
      return;
    }
    offers.push(result.offer);
    // Shown, but its impressions cannot be recorded (the spec: the pixel is what records one).
    if (result.offer.pixel === undefined)
      log(
        'N6',
        'offer kept without a safe pixel: its impressions cannot be recorded, offer:',
        result.offer.id,
      );
  });
  return offers;
}

/** The raw id of a dropped offer, for the log line; short and never a huge string. */
function describeId(entry: unknown): string {
  if (!isJsonObject(entry)) return `(${entry === null ? 'null' : typeof entry})`;
  const id = entry.id;
  return typeof id === 'number' || typeof id === 'string' ? `id=${String(id).slice(0, 32)}` : '(no id)';
}

/** Only valid CSS colours under `*_color` keys survive. */
function normalizeStyles(raw: unknown, log: DebugLog): OfferStyles {
  const styles: OfferStyles = {};
  if (!isJsonObject(raw)) return styles;
  for (const key of Object.keys(raw).slice(0, MODEL_CAPS.styleKeys)) {
    if (!STYLE_KEY.test(key)) continue;
    const color = safeCssColor(raw[key]);
    if (color !== undefined) styles[key] = color;
    else log('N4', 'style dropped, not a valid CSS colour:', key);
  }
  return styles;
}

/** `max_display_time` (seconds, finite and positive) and `auto_close` (boolean). */
function normalizeSettings(raw: unknown, log: DebugLog): OfferSettings {
  const settings: OfferSettings = {};
  if (!isJsonObject(raw)) return settings;
  const maxDisplayTime = toPositiveNumber(raw.max_display_time);
  if (maxDisplayTime !== undefined) settings.max_display_time = maxDisplayTime;
  else if (raw.max_display_time !== undefined)
    log('N5', 'settings.max_display_time dropped: not a positive number');
  const autoClose = toBoolean(raw.auto_close);
  if (autoClose !== undefined) settings.auto_close = autoClose;
  return settings;
}
