import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { setTimeout as wait } from 'node:timers/promises';
import type { RouteContext } from '../context.js';
import { JSON_TYPE, readBody, send, sendError, sendJson } from '../http.js';
import type { OffersRequestRecord, ScriptedAnswer } from '../types.js';
import { offersEnvelope, personalise, selectOffers } from './respond.js';
import { checkBody, checkQuery, parseJson } from './validate.js';

/** The two path versions of the fetch operation. */
export const OFFERS_PATHS: ReadonlyMap<string, 'v2' | 'v4'> = new Map([
  ['/native/v2/offers.json', 'v2'],
  ['/native/v4/offers.json', 'v4'],
]);

function firstValues(query: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of query) if (!Object.hasOwn(out, k)) out[k] = v;
  return out;
}

function record(ctx: RouteContext): OffersRequestRecord {
  const { req, res, url } = ctx;
  const rec: OffersRequestRecord = {
    path: url.pathname,
    version: OFFERS_PATHS.get(url.pathname) ?? 'v2',
    query: firstValues(url.searchParams),
    body: null,
    at: Date.now(),
  };
  if (req.headers['user-agent'] !== undefined) rec.userAgent = req.headers['user-agent'];
  if (req.headers['content-type'] !== undefined) rec.contentType = req.headers['content-type'];
  if (req.headers.origin !== undefined) rec.origin = req.headers.origin;
  res.on('finish', () => {
    rec.status = res.statusCode;
  });
  ctx.state.requests.push(rec);
  return rec;
}

/** The normal answer: 401/400 on a bad request, else the offers. */
async function answer(ctx: RouteContext, text: string): Promise<{ status: number; body: unknown }> {
  const query = checkQuery(ctx.url.searchParams, ctx.config.keys);
  if (!query.ok) return { status: query.status, body: { message: query.message } };
  const body = checkBody(text);
  if (!body.ok) return { status: body.status, body: { message: body.message } };
  const sessionId = randomUUID();
  const chosen = selectOffers(await ctx.config.fixtures(ctx.base), query.value);
  const offers = chosen.map((o) => personalise(o, ctx.base, sessionId, body.value.dev));
  return { status: 200, body: offersEnvelope(offers, ctx.base, sessionId) };
}

const is2xx = (status: number): boolean => status >= 200 && status < 300;

function sendScripted(ctx: RouteContext, scripted: ScriptedAnswer): void {
  const status = scripted.status ?? 200;
  if (scripted.body === undefined) {
    sendError(ctx.res, status, `Scripted ${status} ${STATUS_CODES[status] ?? ''}`.trim());
    return;
  }
  const text = typeof scripted.body === 'string' ? scripted.body : JSON.stringify(scripted.body);
  send(ctx.res, status, text, {
    'Content-Type': scripted.contentType ?? JSON_TYPE,
    'Cache-Control': 'no-store',
  });
}

/**
 * `POST /native/v2|v4/offers.json`: records the request, then answers the next scripted answer when
 * one is queued, else the fixtures filtered by the query, after `latencyMs`.
 */
export async function handleOffers(ctx: RouteContext): Promise<void> {
  const rec = record(ctx);
  const text = await readBody(ctx.req, ctx.res);
  if (text === undefined) return;
  const parsed = parseJson(text);
  rec.body = parsed ? parsed.value : text;

  const scripted = ctx.state.answers.shift();
  const delay = scripted?.delayMs ?? ctx.config.latencyMs;
  // Pending delays stop when the service closes: the answer is dropped then.
  if (delay > 0) await wait(delay, undefined, { signal: ctx.closing }).catch(() => {});
  if (ctx.closing.aborted) {
    ctx.res.destroy();
    return;
  }
  if (scripted?.destroy) {
    ctx.req.socket.destroy();
    return;
  }
  if (scripted && (scripted.body !== undefined || !is2xx(scripted.status ?? 200))) {
    sendScripted(ctx, scripted);
    return;
  }
  const normal = await answer(ctx, text);
  const status = scripted?.status !== undefined && is2xx(normal.status) ? scripted.status : normal.status;
  sendJson(ctx.res, status, normal.body);
}
