/**
 * `fetchOffers`: one POST of the fetch operation, normalised. Rejects with nothing but an
 * `OffersError`, whose `code` says what went wrong.
 */
import { stringify } from '../built-ins.js';
import { createDebugLog } from '../debug.js';
import type { DebugLog } from '../debug.js';
import { stripControlCharacters } from '../model/coerce.js';
import { truncate } from '../model/limits.js';
import { normalizeResponse } from '../model/normalize.js';
import type { OffersResponse } from '../model/types.js';
import { OffersError, errorMessage, isOffersError, safely } from '../errors.js';
import type { FetchOffersOptions } from '../options/fetch-options.js';
import { buildOffersRequest, redactApiKey } from './request.js';
import type { OffersRequest, OffersRequestEnv } from './request.js';

/** Injection points of {@link fetchOffers}. */
export interface FetchOffersInit {
  /** The `fetch` to use; default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Defaults for `ua` and `adpx_fp` (see `OffersRequestEnv`); default: browser defaults. */
  env?: Omit<OffersRequestEnv, 'log'>;
}

/** Timeout when `options.timeoutMs` is not given. */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Longest service error message passed on, in code points. */
const MAX_ERROR_MESSAGE = 300;

/** What the transport phase yields: the status and the body text. */
interface RawAnswer {
  status: number;
  ok: boolean;
  text: string;
}

/**
 * Fetches offers: validates the options (no request is sent when one is bad), POSTs the request
 * built by `buildOffersRequest`, and returns the `data` envelope normalised by
 * `normalizeResponse`.
 *
 * Rejects with an `OffersError` whose `code` is: `invalid_request` (bad option, nothing sent);
 * `aborted` (`options.signal` aborted); `timeout` (no complete answer within `timeoutMs`, default
 * 10 000 ms); `network` (no answer, e.g. offline, DNS, CORS); `http` (non-2xx: the message is the
 * JSON body's string `message`, else `HTTP <status>`; `status` is set); `invalid_response` (2xx
 * whose body is not JSON or has no usable `data` envelope).
 */
export function fetchOffers(
  options: FetchOffersOptions,
  init: FetchOffersInit = {},
): Promise<OffersResponse> {
  return fetchOffersInSteps(options, init);
}

/**
 * {@link fetchOffers}, awaiting `pause` after building the request (the device id read) and after
 * reading the answer, so that building, sending and checking run in three tasks: the script tag's
 * early request on a phone (docs/decisions/016, no task over 50 ms).
 */
export async function fetchOffersInSteps(
  options: FetchOffersOptions,
  init: FetchOffersInit = {},
  pause?: () => Promise<void>,
): Promise<OffersResponse> {
  const log = createDebugLog(typeof options === 'object' && options !== null && options.debug === true);
  try {
    const request = buildOffersRequest(options, { ...init.env, log });
    // Only with a pause: without one, the POST leaves in the caller's task (not a microtask later).
    if (pause) await pause();
    const answer = await send(request, options, init.fetch, log);
    if (!answer.ok) throw httpError(answer);
    if (pause) await pause();
    const response = normalizeResponse(parseJsonBody(answer.text), log);
    log('R1', 'offers kept after checking, count:', response.count);
    return response;
  } catch (error) {
    throw isOffersError(error) ? error : unexpected(error);
  }
}

/** POSTs the request and reads the body, under the timeout and the caller's signal. */
async function send(
  request: OffersRequest,
  options: FetchOffersOptions,
  fetchOverride: typeof fetch | undefined,
  log: DebugLog,
): Promise<RawAnswer> {
  const fetchImpl = fetchOverride ?? (globalThis.fetch as typeof fetch | undefined);
  if (typeof fetchImpl !== 'function') {
    throw new OffersError('network', 'fetch is not available in this environment.');
  }
  const caller = options.signal ?? undefined;
  if (caller?.aborted) throw new OffersError('aborted', 'The request was aborted.', { cause: caller.reason });
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { signal, dispose } = requestSignal(timeoutMs, caller);
  log(`POST ${redactApiKey(request.url)}`, { bodyKeys: Object.keys(request.body) });
  try {
    return await raceAbort(signal, async () => {
      const response = await fetchImpl(request.url, {
        method: 'POST',
        headers: request.headers,
        body: stringify(request.body),
        signal,
      });
      const text = await response.text();
      log(`HTTP ${response.status}`);
      return { status: response.status, ok: response.ok, text };
    });
  } catch (error) {
    if (caller?.aborted)
      throw new OffersError('aborted', 'The request was aborted.', { cause: caller.reason });
    // Not the caller's signal: the timeout's.
    if (signal.aborted)
      throw new OffersError('timeout', `No answer within ${timeoutMs} ms.`, { cause: error });
    throw new OffersError('network', `The request could not be completed: ${errorMessage(error)}`, {
      cause: error,
    });
  } finally {
    dispose();
  }
}

/**
 * One signal for a request (the client's, and the proxy's call to the service): aborted after
 * `timeoutMs` or when the caller's signal aborts, and released (timer and listener) as soon as the
 * request is over. Wired by hand, not `AbortSignal.any([AbortSignal.timeout(ms), caller])`: older
 * engines have neither, `any` refuses a signal from another realm, and its timer and signals would
 * outlive the request (on a busy proxy, a measurable share of Node's CPU in garbage collection).
 */
export function requestSignal(timeoutMs: number, caller: AbortSignal | undefined) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new OffersError('timeout', 'Timed out.')), timeoutMs);
  const onCaller = () => controller.abort(caller?.reason);
  if (caller?.aborted) onCaller();
  else caller?.addEventListener('abort', onCaller, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onCaller);
    },
  };
}

/**
 * Runs `work`, rejecting with the signal's reason as soon as it aborts — even when the `fetch` in
 * use ignores the signal or the body never finishes, or when `work` is a request the caller
 * cannot abort (a unit's load that adopted the first file's request, `UnitLoad`).
 */
export function raceAbort<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new Error('Aborted.'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** `OffersError('http')` with the service's `message` when the body is JSON with one. */
function httpError({ status, text }: RawAnswer): OffersError {
  const message = serviceMessage(text);
  return new OffersError('http', message ?? `HTTP ${status}`, { status });
}

/** A JSON body's string `message`, cleaned and cut; else `undefined`. */
function serviceMessage(text: string): string | undefined {
  const message: unknown = safely(() => JSON.parse(text))?.message;
  if (typeof message !== 'string') return undefined;
  const clean = stripControlCharacters(message.slice(0, MAX_ERROR_MESSAGE * 2)).trim();
  return clean === '' ? undefined : truncate(clean, MAX_ERROR_MESSAGE);
}

/** The parsed body of a 2xx answer; `invalid_response` when it is not JSON. */
function parseJsonBody(text: string): unknown {
  const json = safely(() => JSON.parse(text));
  if (json === undefined) {
    throw new OffersError('invalid_response', 'The service answered 2xx with a body that is not JSON.');
  }
  return json;
}

/** Last line of defence: a bug or an exotic failure still rejects with an `OffersError`. */
function unexpected(error: unknown): OffersError {
  return new OffersError('invalid_response', `Unexpected failure: ${errorMessage(error)}`, { cause: error });
}
