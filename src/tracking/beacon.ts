import { storageAllowed } from '../consent/consent.js';
import type { DebugLog } from '../debug.js';
import { keepBeacon, sendKept, type KeptBeacon } from './kept-beacons.js';

/** How a beacon GET is delivered. */
export interface BeaconDeliveryOptions {
  /** Attempts after the first one when the network fails. Default 2. */
  retries?: number;
  /** Backoff before the first retry, doubled for each further one. Default 300 ms. */
  backoffMs?: number;
  log?: DebugLog;
  /** For tests; defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** A kept beacon sent again: when its delivery first failed (kept-beacons.ts). */
  keptAt?: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The request of a beacon: a GET with no body. `keepalive` lets it outlive the page (a navigation
 * right after an impression or a close still delivers it); `no-cors` because a pixel needs no
 * readable answer and must not trigger a preflight; cookies go along as they would for an image
 * pixel (`omit` instead when consent refuses storage: `deliverBeacon` decides per beacon); the
 * document's own referrer policy applies, as for an image. `no-store` so that no cache between us
 * and the service can swallow a hit.
 */
export const BEACON_REQUEST: Readonly<RequestInit> = Object.freeze({
  method: 'GET',
  keepalive: true,
  mode: 'no-cors',
  credentials: 'include',
  cache: 'no-store',
});

/**
 * GETs a beacon URL as the service gave it (see `BEACON_REQUEST`; on an https page an `http:` URL
 * as `https:`, {@link beaconUrlFor}). A network failure is
 * retried with exponential backoff a bounded number of times; an HTTP answer of any status counts
 * as delivered (with `no-cors` it is opaque, and the service has seen the hit). A beacon not
 * delivered after its retries, or not tried because the browser is offline, is kept and sent
 * again later (kept-beacons.ts, decision 015). Where `fetch` does not exist, an image pixel is the
 * fallback. Resolves `true` once delivered; never rejects.
 */
export async function deliverBeacon(given: string, options: BeaconDeliveryOptions = {}): Promise<boolean> {
  const url = beaconUrlFor(given, globalThis.location?.protocol);
  const send = options.fetch ?? globalThis.fetch;
  if (typeof send !== 'function') return imagePixel(url, options.log);
  // Offline: the GET cannot leave the device. Kept at once, synchronously (a `pagehide` close too).
  if (globalThis.navigator?.onLine === false)
    return keep(given, options, 'B2', 'beacon not sent (the browser is offline); kept to send again later:');
  const retries = Math.max(0, options.retries ?? 2);
  let delay = options.backoffMs ?? 300;
  for (let attempt = 0; attempt <= retries; attempt++) {
    try {
      await send(url, { ...BEACON_REQUEST, credentials: storageAllowed() ? 'include' : 'omit' });
      options.log?.(`beacon delivered${attempt > 0 ? ` on attempt ${attempt + 1}` : ''}: ${url}`);
      return true;
    } catch (error) {
      const last = attempt === retries;
      options.log?.(
        `beacon attempt ${attempt + 1} failed${last ? ', giving up' : `, retrying in ${delay} ms`}: ${url}`,
        error,
      );
      if (last) break;
      await wait(delay);
      delay *= 2;
    }
  }
  return keep(given, options, 'B1', 'beacon not delivered; kept to send again later:');
}

/** Keeps a beacon not delivered (`B1`) or not sent offline (`B2`): sent again later. */
function keep(
  url: string,
  options: BeaconDeliveryOptions,
  ...line: [code: string, sentence?: string]
): false {
  keepBeacon(url, options.keptAt ?? Date.now(), resender(options.log));
  options.log?.(...line, url);
  return false;
}

function resender(log?: DebugLog): (beacon: KeptBeacon) => void {
  return (beacon) => void deliverBeacon(beacon.url, { log, keptAt: beacon.at });
}

/** The longest a load's replay of kept beacons waits for an idle moment (ms). */
export const REPLAY_TIMEOUT_MS = 2000;
/** Where `requestIdleCallback` is missing (Safari): the replay waits this long (ms). */
export const REPLAY_DELAY_MS = 1000;

/** A replay waits for an idle moment; the log of the last load that asked for it. */
let replay: { log?: DebugLog } | undefined;

/**
 * Sends the beacons kept by an earlier page of this origin or by this one (a load starts): not in
 * the load's own tasks, but in an idle moment after them (`requestIdleCallback`, at most
 * {@link REPLAY_TIMEOUT_MS} later; {@link REPLAY_DELAY_MS} where it is missing), so the first card
 * renders and paints first (issue 36). Several loads before then make one replay. Kept beacons are
 * also sent when the browser comes back online or the page into view (kept-beacons.ts); a page
 * left before its replay leaves the stored ones stored, for the next load.
 */
export function sendKeptBeacons(log?: DebugLog): void {
  if (replay) return void (replay.log = log);
  replay = { log };
  const run = () => {
    const last = replay?.log;
    replay = undefined;
    sendKept(resender(last));
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: REPLAY_TIMEOUT_MS });
  else setTimeout(run, REPLAY_DELAY_MS);
}

/**
 * The URL to GET for a beacon on a page of `pageProtocol`. On an `https:` page an `http:` beacon is
 * sent as `https:`: a `fetch` to `http:` from there is mixed content and blocked outright (every
 * such hit would be lost), while the image pixels beacons replace are upgraded the same way by the
 * browser. Anything else is sent exactly as the service gave it.
 */
export function beaconUrlFor(url: string, pageProtocol: string | undefined): string {
  return pageProtocol === 'https:' && /^http:/i.test(url) ? `https:${url.slice(5)}` : url;
}

/** The old way, for a WebView without `fetch`: an image GET, with cookies, no retry possible. */
function imagePixel(url: string, log?: DebugLog): Promise<boolean> {
  if (typeof Image === 'undefined') {
    log?.(`no fetch and no Image: beacon not sent: ${url}`);
    return Promise.resolve(false);
  }
  return new Promise((resolve) => {
    const img = new Image();
    if (!storageAllowed()) img.crossOrigin = 'anonymous';
    img.onload = img.onerror = () => {
      log?.(`beacon sent as an image pixel: ${url}`);
      resolve(true);
    };
    img.src = url;
  });
}
