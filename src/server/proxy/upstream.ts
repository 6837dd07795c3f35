/**
 * The call to the offers service and the mapping of its answer: JSON passes back with its status
 * (the key hidden if the service echoed it); a timeout is 504; no answer, a redirect, a body that
 * is not JSON or is too large is 502.
 */
import { requestSignal } from '../../client/fetch-offers.js';
import { errorMessage } from '../../errors.js';
import { isJsonObject } from '../../model/coerce.js';
import type { OffersRequest } from '../../client/request.js';
import { readLimited } from './body.js';
import type { Redactor } from './redact.js';
import type { ProxyResult } from './result.js';
import { failure } from './result.js';
import { ProxyOutcome } from './types.js';

/** Largest answer the proxy accepts from the service (a real one is tens of KiB). */
export const MAX_UPSTREAM_BYTES = 1024 * 1024;

/** What every runtime's `fetch` accepts as a header value (Node's rule: tab, visible Latin-1, space). */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]+$/;

/** POSTs `request` to the service under `timeoutMs` and the browser's own signal. */
export async function forward(
  request: OffersRequest,
  timeoutMs: number,
  clientSignal: AbortSignal,
  redactor: Redactor,
): Promise<ProxyResult> {
  const headers: Record<string, string> = { ...request.headers };
  // The spec: SDK-style clients send the end user's User-Agent as the header too. The body's `ua`
  // is the browser's text: one that no header may hold (CR, LF, NUL, beyond Latin-1) made `fetch`
  // throw, so it goes in the body only.
  const ua = request.body.ua;
  if (ua !== undefined && HEADER_VALUE.test(ua)) headers['User-Agent'] = ua;
  const deadline = requestSignal(timeoutMs, clientSignal);
  const started = performance.now();
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers,
      body: JSON.stringify(request.body),
      signal: deadline.signal,
      redirect: 'manual',
    });
    const read = await readLimited(response.body, MAX_UPSTREAM_BYTES);
    const upstreamMs = Math.round(performance.now() - started);
    const result = read.ok
      ? fromAnswer(response, read.bytes, redactor)
      : invalidAnswer('The offers service answered more than 1 MiB.');
    return { ...result, upstreamStatus: response.status, upstreamMs };
  } catch (error) {
    if (clientSignal.aborted) {
      return failure(499, ProxyOutcome.ClientClosed, 'The client closed the request.', 'info');
    }
    if (deadline.signal.aborted) {
      const message = `The offers service did not answer within ${timeoutMs} ms.`;
      return failure(504, ProxyOutcome.UpstreamTimeout, message, 'error');
    }
    const unreachable = 'The offers service could not be reached';
    return {
      ...failure(502, ProxyOutcome.UpstreamUnreachable, `${unreachable}.`, 'error'),
      message: `${unreachable}: ${redactor.text(describeError(error))}`,
    };
  } finally {
    deadline.dispose();
  }
}

/** Made on first use and shared: a decode without `stream` keeps no state between calls. */
let decoder: TextDecoder | undefined;

/** A 502 for an answer of the service that the proxy does not pass on. */
function invalidAnswer(message: string): ProxyResult {
  return failure(502, ProxyOutcome.UpstreamInvalid, message, 'error');
}

/** The service's answer as the browser gets it. */
function fromAnswer(response: Response, bytes: Uint8Array, redactor: Redactor): ProxyResult {
  const { status } = response;
  if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
    return invalidAnswer(
      `The offers service answered a redirect (HTTP ${status}); the proxy does not follow redirects.`,
    );
  }
  decoder ??= new TextDecoder();
  const text = decoder.decode(bytes);
  const invalid = (what: string) => invalidAnswer(`The offers service answered HTTP ${status} ${what}.`);
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    return invalid('with a body that is not JSON');
  }
  let clean: ReturnType<Redactor['json']>;
  let body: string;
  try {
    clean = redactor.json(json);
    // The text is passed on as sent only when it holds no key either: a JSON key given twice is
    // parsed as its last value, so a key in the first one is only in the text.
    body = clean.changed || redactor.holds(text) ? JSON.stringify(clean.value) : text;
  } catch {
    // The walk (and re-serialising) is recursive: JSON nested deeper than the stack allows cannot
    // be checked for the key. Its RangeError used to read as "could not be reached".
    return invalid('with JSON nested too deeply to check');
  }
  const message = status >= 400 ? upstreamMessage(status, clean.value) : undefined;
  return { status, body, outcome: ProxyOutcome.Forwarded, level: levelOf(status), message };
}

/** 401/403 means the proxy's key is wrong: the operator must hear of it. */
function levelOf(status: number): ProxyResult['level'] {
  if (status === 401 || status === 403) return 'error';
  return status >= 400 ? 'warn' : 'info';
}

function upstreamMessage(status: number, body: unknown): string {
  const message =
    isJsonObject(body) && typeof body.message === 'string' ? `: ${body.message.slice(0, 300)}` : '';
  const hint = status === 401 || status === 403 ? ' (check the proxy’s apiKey)' : '';
  return `The offers service answered HTTP ${status}${hint}${message}`;
}

/** An error and its cause, e.g. `fetch failed (connect ECONNREFUSED 127.0.0.1:9)`. */
function describeError(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${errorMessage(error)}${cause}`;
}
