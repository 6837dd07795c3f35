import type { RawOffer } from './raw-types.js';

/** The beacon kinds the mock records (`click` comes from the click redirect). */
export const BeaconKind = {
  Pixel: 'pixel',
  AdvPixel: 'adv_pixel',
  Close: 'close',
  NoThanksClick: 'no_thanks_click',
  SaveForLater: 'save_for_later',
  Click: 'click',
} as const;

export type BeaconKind = (typeof BeaconKind)[keyof typeof BeaconKind];

/** One recorded beacon GET (or click). */
export interface BeaconHit {
  kind: BeaconKind;
  offerId: number;
  /** The `s` query parameter; empty when the URL carried none. */
  sessionId: string;
  /** Milliseconds since the epoch. */
  at: number;
  /** True when the URL carried `dev=1` (the offers were fetched with `dev`). */
  dev: boolean;
  /** Path and query exactly as received. */
  url: string;
  userAgent?: string;
  /** The `Cookie` header as received: absent when the beacon was sent without credentials. */
  cookie?: string;
}

/** One recorded offers POST, whatever its outcome. */
export interface OffersRequestRecord {
  /** Path without the query, e.g. `/native/v2/offers.json`. */
  path: string;
  version: 'v2' | 'v4';
  /** Query parameters (first value of each). */
  query: Record<string, string>;
  /** The parsed JSON body; the raw text when it was not JSON; `null` when it was too large. */
  body: unknown;
  userAgent?: string;
  contentType?: string;
  origin?: string;
  /** Milliseconds since the epoch. */
  at: number;
  /** The status answered; absent while pending or when the socket was destroyed. */
  status?: number;
}

/**
 * A scripted answer for the next offers POST, instead of the normal one.
 *
 * - `destroy`: after the delay, destroy the socket (a network failure).
 * - `body` given: answer `status` (default 200) with it; a string is sent as is, anything else as JSON.
 * - no `body` and a non-2xx `status`: answer `{ message }` with that status.
 * - no `body` and no or a 2xx `status`: the normal answer (validation included), only delayed and
 *   with the status overridden.
 */
export interface ScriptedAnswer {
  status?: number;
  body?: string | object;
  /** Delay before answering; defaults to the service's `latencyMs`. */
  delayMs?: number;
  destroy?: boolean;
  /** Content-Type of a scripted body; default `application/json; charset=utf-8`. */
  contentType?: string;
}

/** Settings of one API key. */
export interface MockKeySettings {
  /** The dashboard's 'Number of Offers'; default 3. `0` answers no offers. */
  offersPerResponse?: number;
}

/** Where fixtures come from: a fixed list, or built from the base URL the request reached. */
export type FixtureSource = RawOffer[] | ((baseUrl: string) => RawOffer[] | Promise<RawOffer[]>);

/** Options of {@link createMockOffersService}. */
export interface MockOffersServiceOptions {
  /** `0` or absent: a free port. */
  port?: number;
  /** Default `127.0.0.1`. Anything that is not a loopback address is refused. */
  host?: string;
  /** Known API keys. Default `{ 'demo-key': { offersPerResponse: 6 }, 'test-key': { offersPerResponse: 3 } }`. */
  keys?: Record<string, MockKeySettings>;
  /** Replaces the built-in fixtures (see `fixtureOffers`). */
  fixtures?: FixtureSource;
  /** Files served with GET/HEAD under a URL prefix, e.g. `{ prefix: '/', dir: 'demo' }`. */
  static?: Array<{ prefix: string; dir: string }>;
  /** Artificial delay before answering offers requests. */
  latencyMs?: number;
  /** Receives one line per request. Silent by default. */
  log?: (line: string) => void;
}

/** A running mock offers service. */
export interface MockOffersService {
  /** Origin of the service, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  /** Beacons and clicks received, in order. */
  beacons(): BeaconHit[];
  /** Offers POSTs received, in order. */
  requests(): OffersRequestRecord[];
  /**
   * Requests of any route received and not yet answered (answers being delayed included) or
   * dropped. A test reads 0 to know no request that reached the service is still pending.
   */
  inFlight(): number;
  /**
   * Closes the keep-alive connections no request is using (Node's `closeIdleConnections`): the
   * browser's next request opens a fresh one, as it would after the idle timeout (5 s), without
   * waiting for it. A test of a dropped connection needs it: Chromium resends a GET that fails on
   * a reused connection by itself, which would hide the failure from the SDK.
   */
  closeIdleConnections(): void;
  /** Clears beacons, requests, queued answers and pending beacon failures. */
  reset(): void;
  /** The next offers POST gets this answer instead (first in, first out). */
  queue(answer: ScriptedAnswer): void;
  /**
   * The next `times` beacon GETs fail by a destroyed socket and are not recorded: the network
   * failure a client sees when the connection drops (its `fetch` rejects). `'all'`: every beacon
   * GET fails until `failBeacons(0)` or `reset()` (a network gap of unknown length).
   */
  failBeacons(times: number | 'all'): void;
  /** Stops listening, drops open connections and pending answers; the port is free afterwards. */
  close(): Promise<void>;
}
