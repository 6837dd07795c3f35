import type { OffersResponse } from '../model/types.js';

/**
 * Offers requests started before the unit's code arrived (the script tag's first file sends the
 * request while the rest of the SDK loads), by request key. A unit whose load asks the same takes
 * the request in flight instead of sending a second one; each is taken once. Held on the window,
 * not in a module: the file that starts a request and the file that takes it are two bundles.
 */
const STARTED = Symbol.for('adpx-offers.started-requests');

type Started = Map<string, Promise<OffersResponse>>;

function startedOn(win: object): Started {
  const holder = win as { [STARTED]?: Started };
  return (holder[STARTED] ??= new Map());
}

/** Keeps a request in flight for the unit that will ask the same (`key`: the request's key). */
export function keepStartedRequest(win: object, key: string, response: Promise<OffersResponse>): void {
  // Nobody may take it: its failure is the taker's to report, never an unhandled rejection.
  response.catch(() => {});
  startedOn(win).set(key, response);
}

/** The request started for `key`, taken out (a second load of the same key fetches anew). */
export function takeStartedRequest(win: object, key: string): Promise<OffersResponse> | undefined {
  const started = startedOn(win);
  const response = started.get(key);
  started.delete(key);
  return response;
}
