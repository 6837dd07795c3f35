import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MockConfig } from './context.js';
import { fixtureOffers } from './fixtures/index.js';
import { answerPreflight, applyCors, sendError } from './http.js';
import { isLoopbackHost, originOf, requestOrigin } from './loopback.js';
import type { RawOffer } from './raw-types.js';
import { dispatch } from './routes.js';
import { MockState } from './state.js';
import type { FixtureSource, MockOffersService, MockOffersServiceOptions, ScriptedAnswer } from './types.js';

const DEFAULT_KEYS = { 'demo-key': { offersPerResponse: 6 }, 'test-key': { offersPerResponse: 3 } };
const DEFAULT_OFFERS_PER_RESPONSE = 3;

function resolveFixtures(source: FixtureSource | undefined): MockConfig['fixtures'] {
  if (source === undefined) return fixtureOffers;
  if (Array.isArray(source)) {
    const copy = structuredClone(source);
    return async () => copy;
  }
  const cache = new Map<string, Promise<RawOffer[]>>();
  return (base) => {
    const offers = cache.get(base) ?? Promise.resolve(source(base));
    cache.set(base, offers);
    return offers;
  };
}

function resolveConfig(options: MockOffersServiceOptions): MockConfig {
  const keys = new Map<string, number>();
  for (const [key, settings] of Object.entries(options.keys ?? DEFAULT_KEYS)) {
    keys.set(key, Math.max(0, Math.floor(settings.offersPerResponse ?? DEFAULT_OFFERS_PER_RESPONSE)));
  }
  return {
    keys,
    latencyMs: Math.max(0, options.latencyMs ?? 0),
    static: [...(options.static ?? [])],
    fixtures: resolveFixtures(options.fixtures),
  };
}

/**
 * Starts the mock offers service: the fetch operation on both path versions, beacon and click
 * recording, resizable images, tiny landing pages, test control endpoints and optional static
 * files, on a loopback address only.
 *
 * @throws (rejects) when `host` is not a loopback address or the port cannot be bound.
 */
export async function createMockOffersService(
  options: MockOffersServiceOptions = {},
): Promise<MockOffersService> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host)) {
    throw new Error(`The mock offers service only listens on a loopback address, not on "${host}"`);
  }
  const config = resolveConfig(options);
  const state = new MockState();
  const closing = new AbortController();
  const log = options.log;
  let origin = '';
  let port = 0;
  /** Requests received and not yet answered (or dropped), for `inFlight()`. */
  let open = 0;

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    const started = Date.now();
    open += 1;
    res.once('close', () => (open -= 1));
    if (log)
      res.on('finish', () => log(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`));
    applyCors(req, res);
    const raw = req.url ?? '';
    if (!raw.startsWith('/')) {
      sendError(res, 400, 'Request target must be a path');
      return;
    }
    if (req.method === 'OPTIONS') {
      answerPreflight(req, res);
      return;
    }
    // Cannot throw: after a fixed host, the URL parser only encodes what it does not keep.
    const url = new URL(`http://mock${raw}`);
    const base = requestOrigin(req.headers.host, port, origin);
    dispatch({ req, res, url, base, state, config, closing: closing.signal }).catch((error: unknown) => {
      log?.(`mock error on ${req.method} ${raw}: ${String(error)}`);
      if (res.headersSent) res.destroy();
      else sendError(res, 500, 'Mock service error');
    });
  };

  const server = createServer(onRequest);
  server.listen(options.port ?? 0, host.replace(/^\[(.*)\]$/, '$1'));
  await once(server, 'listening'); // rejects on an 'error' first (the port is taken)
  port = (server.address() as AddressInfo).port;
  origin = originOf(host, port);
  log?.(`mock offers service on ${origin}`);

  return {
    url: origin,
    port,
    beacons: () => state.beacons.map((b) => ({ ...b })),
    requests: () => structuredClone(state.requests),
    inFlight: () => open,
    closeIdleConnections: () => server.closeIdleConnections(),
    reset: () => state.reset(),
    queue: (answer: ScriptedAnswer) => {
      const problem = state.queue(answer);
      if (problem) throw new TypeError(`Invalid scripted answer: ${problem}`);
    },
    failBeacons: (times: number | 'all') => {
      const problem = state.failNextBeacons(times);
      if (problem) throw new TypeError(problem);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
