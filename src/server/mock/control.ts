import type { Route } from './context.js';
import { readBody, sendError, sendJson } from './http.js';
import { parseJson } from './offers/validate.js';
import type { MockState } from './state.js';

/** A `GET` (and `HEAD`) control endpoint answering what `read` gives. */
function get(path: string, read: (state: MockState) => object): Route {
  return {
    matches: (pathname) => pathname === path,
    methods: ['GET', 'HEAD'],
    handle: ({ res, state }) => sendJson(res, 200, read(state)),
  };
}

/**
 * A `POST` control endpoint: `act` gets the JSON body (`{}` when empty) and returns the JSON to
 * answer, or an error message (400).
 */
function post(path: string, act: (state: MockState, body: unknown) => object | string): Route {
  return {
    matches: (pathname) => pathname === path,
    methods: ['POST'],
    handle: async ({ req, res, state }) => {
      const text = await readBody(req, res);
      if (text === undefined) return;
      const parsed = text.trim() === '' ? { value: {} } : parseJson(text);
      if (!parsed) return sendError(res, 400, 'Request body must be valid JSON');
      const answer = act(state, parsed.value);
      if (typeof answer === 'string') sendError(res, 400, answer);
      else sendJson(res, 200, answer);
    },
  };
}

/**
 * Control endpoints for tests: `GET /__mock/beacons`, `GET /__mock/requests`,
 * `POST /__mock/reset`, `POST /__mock/queue` (a ScriptedAnswer), `POST /__mock/fail-beacons`
 * (`{ times }`: a count, or `"all"` until `{ times: 0 }`) and `GET /__mock/health`.
 */
export const CONTROL_ROUTES: readonly Route[] = [
  get('/__mock/health', () => ({ ok: true })),
  get('/__mock/beacons', (state) => ({ beacons: state.beacons })),
  get('/__mock/requests', (state) => ({ requests: state.requests })),
  post('/__mock/reset', (state) => {
    state.reset();
    return { ok: true };
  }),
  post('/__mock/queue', (state, answer) => state.queue(answer) ?? { queued: state.answers.length }),
  post('/__mock/fail-beacons', (state, body) => {
    const times = (body as { times?: unknown } | null)?.times;
    return state.failNextBeacons(times) ?? { failBeacons: times };
  }),
];
