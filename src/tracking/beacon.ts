import type { DebugLog } from '../debug.js';

/** How a beacon GET is delivered. */
export interface BeaconDeliveryOptions {
  /** Attempts after the first one when the network fails. Default 2. */
  retries?: number;
  /** Backoff before the first retry, doubled for each further one. Default 300 ms. */
  backoffMs?: number;
  log?: DebugLog;
  /** For tests; defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * GETs a beacon URL exactly as the service gave it. `keepalive` lets the request outlive the page
 * (a navigation right after an impression still delivers it); `no-cors` because a pixel needs no
 * readable answer; cookies go along as they would for an image pixel. A network failure is retried
 * with backoff a bounded number of times. Resolves `true` once delivered; never rejects.
 */
export async function deliverBeacon(url: string, options: BeaconDeliveryOptions = {}): Promise<boolean> {
  const send = options.fetch ?? globalThis.fetch;
  const retries = options.retries ?? 2;
  let delay = options.backoffMs ?? 300;
  for (let attempt = 0; attempt <= retries; attempt++) {
    try {
      await send(url, {
        method: 'GET',
        keepalive: true,
        mode: 'no-cors',
        credentials: 'include',
        cache: 'no-store',
        referrerPolicy: 'no-referrer-when-downgrade',
      });
      options.log?.(`beacon delivered: ${url}`);
      return true;
    } catch (error) {
      options.log?.(`beacon attempt ${attempt + 1} failed: ${url}`, error);
      if (attempt === retries) break;
      await wait(delay);
      delay *= 2;
    }
  }
  return false;
}
