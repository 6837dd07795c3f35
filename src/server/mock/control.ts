import type { RouteContext, RouteHandler } from './context.js';
import { readBody, sendError, sendJson } from './http.js';
import { parseJson } from './offers/validate.js';
import { checkFailCount, checkScriptedAnswer, failCountValue, type FailCount } from './state.js';
import type { ScriptedAnswer } from './types.js';

/** Reads a JSON body for a control endpoint; answers the error itself and returns `undefined`. */
async function jsonBody(ctx: RouteContext): Promise<{ value: unknown } | undefined> {
  const read = await readBody(ctx.req);
  if (!read.ok) {
    if (read.reason === 'too_large')
      sendError(ctx.res, 413, 'Request body is larger than 64 KiB', { Connection: 'close' });
    else ctx.res.destroy();
    return undefined;
  }
  const parsed = read.text.trim() === '' ? { value: {} } : parseJson(read.text);
  if (!parsed) sendError(ctx.res, 400, 'Request body must be valid JSON');
  return parsed;
}

async function reset(ctx: RouteContext): Promise<void> {
  if (!(await jsonBody(ctx))) return;
  ctx.state.reset();
  sendJson(ctx.res, 200, { ok: true });
}

async function queue(ctx: RouteContext): Promise<void> {
  const body = await jsonBody(ctx);
  if (!body) return;
  const problem = checkScriptedAnswer(body.value);
  if (problem) return sendError(ctx.res, 400, problem);
  ctx.state.answers.push(body.value as ScriptedAnswer);
  sendJson(ctx.res, 200, { queued: ctx.state.answers.length });
}

async function failBeacons(ctx: RouteContext): Promise<void> {
  const body = await jsonBody(ctx);
  if (!body) return;
  const times = (body.value as { times?: unknown } | null)?.times;
  const problem = checkFailCount(times);
  if (problem) return sendError(ctx.res, 400, problem);
  ctx.state.failBeacons = failCountValue(times as FailCount);
  sendJson(ctx.res, 200, { failBeacons: times });
}

/** One control endpoint. */
export interface ControlRoute {
  method: 'GET' | 'POST';
  handle: RouteHandler;
}

/**
 * Control endpoints for tests, by path: `GET /__mock/beacons`, `GET /__mock/requests`,
 * `POST /__mock/reset`, `POST /__mock/queue` (a ScriptedAnswer), `POST /__mock/fail-beacons`
 * (`{ times }`: a count, or `"all"` until `{ times: 0 }`) and `GET /__mock/health`.
 */
export const CONTROL_ROUTES: ReadonlyMap<string, ControlRoute> = new Map<string, ControlRoute>([
  ['/__mock/health', { method: 'GET', handle: ({ res }) => sendJson(res, 200, { ok: true }) }],
  [
    '/__mock/beacons',
    { method: 'GET', handle: ({ res, state }) => sendJson(res, 200, { beacons: state.beacons }) },
  ],
  [
    '/__mock/requests',
    { method: 'GET', handle: ({ res, state }) => sendJson(res, 200, { requests: state.requests }) },
  ],
  ['/__mock/reset', { method: 'POST', handle: reset }],
  ['/__mock/queue', { method: 'POST', handle: queue }],
  ['/__mock/fail-beacons', { method: 'POST', handle: failBeacons }],
]);
