import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RawOffer } from './raw-types.js';
import type { MockState } from './state.js';

/** The service's settings once the options are resolved. */
export interface MockConfig {
  /** Offers per response of each known key. */
  keys: ReadonlyMap<string, number>;
  latencyMs: number;
  static: ReadonlyArray<{ prefix: string; dir: string }>;
  /** The fixture offers with URLs on `baseUrl` (cached per base URL). */
  fixtures(baseUrl: string): Promise<RawOffer[]>;
}

/** Everything a route handler needs for one request. */
export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  /** The request URL, parsed (path and query only are meaningful). */
  url: URL;
  /** Origin the request reached, used to build the URLs the mock hands out. */
  base: string;
  state: MockState;
  config: MockConfig;
  /** Aborted when the service closes: pending delays stop. */
  closing: AbortSignal;
}

/** A route handler. It must answer (or destroy the socket) and never throw on bad input. */
export type RouteHandler = (ctx: RouteContext) => void | Promise<void>;

/** One route: the paths it answers, its methods (a wrong one gets 405) and its handler. */
export interface Route {
  matches(pathname: string): boolean;
  methods: readonly string[];
  handle: RouteHandler;
}
