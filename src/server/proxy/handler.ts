/**
 * `createOffersProxy`: the publisher's server side of proxy connect, as a standard fetch handler.
 * Fetch-standard code only (`Request`, `Response`, `Headers`, `AbortSignal.timeout`, web streams),
 * so the same handler runs in Node (through `toNodeHandler`), Deno, Bun, edge workers and framework
 * route handlers. The browser's request is validated and rebuilt by the same code the browser
 * client uses (`optionsFromBrowserRequest` → `buildOffersRequest`).
 */
import { errorMessage, isOffersError, safely } from '../../errors.js';
import { isJsonObject } from '../../model/coerce.js';
import { SERVER_REQUEST_ENV, offersPathVersion, optionsFromBrowserRequest } from './proxy-request.js';
import { buildOffersRequest } from '../../client/request.js';
import { declaredTooLarge, isJsonContentType, parseJsonBody } from './body.js';
import { clientIp } from './client-ip.js';
import { ALLOW_METHODS, corsDecision, optionsHeaders } from './cors.js';
import type { CorsDecision } from './cors.js';
import { cores, requestInput, toFetchResponse } from './input.js';
import type { ProxyAnswer, ProxyCore, ProxyInput } from './input.js';
import type { ProxyConfig } from './options.js';
import { resolveProxyOptions } from './options.js';
import { createRedactor } from './redact.js';
import type { Redactor } from './redact.js';
import { failure } from './result.js';
import type { ProxyResult } from './result.js';
import { ProxyOutcome } from './types.js';
import type { OffersProxyHandler, OffersProxyOptions, ProxyContext, ProxyLogEntry } from './types.js';
import { forward } from './upstream.js';

/** One request as the steps below see it, with the proxy's settings. */
interface Exchange {
  input: ProxyInput;
  context: ProxyContext;
  cors: CorsDecision;
  config: ProxyConfig;
  redactor: Redactor;
}

/**
 * Creates the proxy handler. It answers POST `…/native/{v2|v4}/offers.json` (mounted under any
 * base path) and OPTIONS; sets `api_key` from `options.apiKey` (a key sent by the browser is
 * dropped); fills `ua` from the incoming request when the body lacks it, and `ip` always (a page's
 * own `ip` is dropped; `transformBody` may set one); forwards
 * `loyaltyboost`, `creative` and `campaignId`; and returns the service's status and JSON. Errors
 * are JSON `{ code, message }`: 400 bad input, 403 origin or veto, 404 other paths, 405 other methods,
 * 413 body over `maxBodyBytes`, 415 not JSON, 502 service unreachable or not JSON, 504 timeout.
 *
 * @throws TypeError at creation when an option is invalid (the message never holds the key).
 */
export function createOffersProxy(options: OffersProxyOptions): OffersProxyHandler {
  const config = resolveProxyOptions(options);
  const redactor = createRedactor(config.apiKey);
  const core: ProxyCore = (input, context) => {
    const cors = corsDecision(input.headers.get('origin'), input.url, config.allowedOrigins);
    return answer({ input, context, cors, config, redactor });
  };
  const handler: OffersProxyHandler = async (request, context = {}) =>
    toFetchResponse(await core(requestInput(request), context));
  // The Node adapter may then read the request from Node directly; `transformBody` receives the
  // fetch `Request`, so a proxy with one always goes through it.
  if (config.transformBody === undefined) cores.set(handler, core);
  return handler;
}

/** One request, from its input to its answer, logged. */
async function answer(exchange: Exchange): Promise<ProxyAnswer> {
  const started = performance.now();
  let result: ProxyResult;
  try {
    result = await serve(exchange);
  } catch (error) {
    result = failure(500, ProxyOutcome.InternalError, 'The proxy failed unexpectedly.', 'error');
    // `String` of a value without prototype (a hook may throw anything) throws itself.
    const what = safely(() => errorMessage(error)) ?? 'a value that cannot be described';
    result.message = `The proxy failed unexpectedly: ${exchange.redactor.text(what)}`;
  }
  writeLog(exchange, result, performance.now() - started);
  return toAnswer(exchange, result);
}

/** The steps of one request, in order; the first that answers wins. */
async function serve(exchange: Exchange): Promise<ProxyResult> {
  const { input, cors, config } = exchange;
  if (!cors.allowed) {
    return failure(403, ProxyOutcome.OriginRefused, 'This origin may not call the offers proxy.', 'warn');
  }
  const pathVersion = offersPathVersion(input.url.pathname);
  if (pathVersion === undefined) {
    return failure(
      404,
      ProxyOutcome.NotFound,
      'Not found: the offers proxy answers POST …/native/v2/offers.json and …/native/v4/offers.json.',
    );
  }
  if (input.method === 'OPTIONS') {
    return {
      status: 204,
      body: null,
      outcome: ProxyOutcome.Preflight,
      level: 'info',
      headers: optionsHeaders(input.headers, cors),
    };
  }
  if (input.method !== 'POST') {
    const message = `Method ${input.method} is not allowed: use POST.`;
    return failure(405, ProxyOutcome.MethodNotAllowed, message, 'info', { allow: ALLOW_METHODS });
  }
  if (!isJsonContentType(input.headers.get('content-type'))) {
    return failure(
      415,
      ProxyOutcome.UnsupportedMediaType,
      'The request body must be JSON (Content-Type: application/json).',
    );
  }
  const body = await readBody(input, config.maxBodyBytes);
  if ('status' in body) return body;
  return forwardBody(exchange, body.value, config.apiVersion ?? pathVersion);
}

/** The body as a JSON object, or the 413/400 answer. */
async function readBody(
  input: ProxyInput,
  limit: number,
): Promise<{ value: Record<string, unknown> } | ProxyResult> {
  const tooLarge = () =>
    failure(413, ProxyOutcome.TooLarge, `The request body is larger than ${limit} bytes.`);
  if (declaredTooLarge(input.headers, limit)) return tooLarge();
  let read;
  try {
    read = await input.readBody(limit);
  } catch {
    return failure(400, ProxyOutcome.ClientClosed, 'The request body could not be read.');
  }
  if (!read.ok) return tooLarge();
  const parsed = parseJsonBody(read.bytes);
  if (!parsed.ok) return failure(400, ProxyOutcome.InvalidRequest, parsed.message);
  const { value } = parsed;
  if (!isJsonObject(value))
    return failure(400, ProxyOutcome.InvalidRequest, 'The request body must be a JSON object.');
  return { value };
}

/** Publisher hook, client validation, the upstream call. */
async function forwardBody(
  exchange: Exchange,
  browserBody: Record<string, unknown>,
  apiVersion: 'v2' | 'v4',
): Promise<ProxyResult> {
  const { input, context, config, redactor } = exchange;
  const ip = clientIp(input.headers, context.remoteAddress, config.trustProxy);
  const userAgent = input.headers.get('user-agent') ?? undefined;
  // The page's `ip` is its own claim (it would choose its geo-targeting, whatever `trustProxy`
  // says): dropped. `ip` is the connection's or the trusted proxies', or what `transformBody` sets.
  const { ip: _claimedIp, ...unclaimed } = browserBody;
  let body = unclaimed;
  if (config.transformBody !== undefined) {
    const { request } = input;
    if (request === undefined) throw new TypeError('transformBody needs the fetch Request.');
    const transformed = await config.transformBody(body, request, { ip, userAgent, apiVersion });
    if (transformed === false) {
      return failure(403, ProxyOutcome.Vetoed, 'The request was refused by the publisher’s policy.');
    }
    // The publisher's bug, not the browser's: a 500, and the log says why.
    if (!isJsonObject(transformed)) throw new TypeError('transformBody must return an object or false.');
    body = transformed;
  }
  let upstreamRequest;
  try {
    const options = optionsFromBrowserRequest({
      body,
      query: input.url.searchParams,
      endpoint: config.upstream,
      apiKey: config.apiKey,
      apiVersion,
      ua: userAgent,
      ip,
    });
    upstreamRequest = buildOffersRequest(options, SERVER_REQUEST_ENV);
  } catch (error) {
    if (!isOffersError(error)) throw error;
    return failure(400, ProxyOutcome.InvalidRequest, redactor.text(error.message));
  }
  return forward(upstreamRequest, config.timeoutMs, input.signal, redactor);
}

/** The answer: JSON (or empty), never cached, CORS headers when the origin is allowed. */
function toAnswer({ cors, redactor }: Exchange, result: ProxyResult): ProxyAnswer {
  const headers: Record<string, string> = {
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...cors.headers,
    ...result.headers,
  };
  if (result.body === null) return { status: result.status, headers, body: null };
  headers['content-type'] = 'application/json; charset=utf-8';
  // The upstream body is already clean; error bodies are built here: hide the key once more.
  const body = result.outcome === ProxyOutcome.Forwarded ? result.body : redactor.text(result.body);
  return { status: result.status, headers, body };
}

/** One entry per request; a logger that throws is ignored. */
function writeLog({ config, redactor, input }: Exchange, result: ProxyResult, durationMs: number): void {
  if (config.log === undefined) return;
  const entry: ProxyLogEntry = {
    level: result.level,
    outcome: result.outcome,
    method: input.method,
    path: redactor.text(input.url.pathname),
    status: result.status,
    durationMs: Math.round(durationMs * 10) / 10,
  };
  const origin = input.headers.get('origin');
  if (origin !== null) entry.origin = redactor.text(origin.slice(0, 200));
  if (result.upstreamStatus !== undefined) entry.upstreamStatus = result.upstreamStatus;
  if (result.upstreamMs !== undefined) entry.upstreamMs = result.upstreamMs;
  if (result.message !== undefined) entry.message = redactor.text(result.message);
  try {
    // `log` is typed `=> void`, which an async function also is: its rejection must not become an
    // unhandled one (on Node that ends the process).
    const returned: unknown = config.log(entry);
    if (returned instanceof Promise) returned.catch(() => {});
  } catch {
    // Logging must never break a request.
  }
}
