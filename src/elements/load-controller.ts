import { OffersError } from '../errors.js';
import { fetchOffers } from '../client/fetch-offers.js';
import type { FetchOffersOptions } from '../options/fetch-options.js';
import type { OffersResponse } from '../model/types.js';
import { isPending, withConsent } from '../consent/apply.js';

/**
 * Runs one fetch of offers at a time for its host: a new run aborts the previous one, a stale
 * answer is never returned (it rejects with `code: 'aborted'`). The host cancels when it leaves the
 * document (it is no reactive controller: a move, disconnected and connected again at once, keeps
 * the request).
 */
export class LoadController {
  private controller?: AbortController;

  /**
   * Waits for the consent decision (up to `consentTimeoutMs` for a consent platform that has not
   * answered), then fetches with what consent allows. Aborted meanwhile, nothing is sent. `alongside`
   * (the unit's words, loading meanwhile) is waited for too, inside the run: a cancel that comes
   * while only the words are awaited still drops the answer. `stored` (SDK prefetch) may answer
   * instead of the fetch, read only once the consent decision is known.
   */
  async run(
    options: Omit<FetchOffersOptions, 'signal'>,
    consentTimeoutMs: number,
    alongside?: Promise<unknown>,
    stored?: () => OffersResponse | undefined,
  ): Promise<OffersResponse> {
    this.cancel();
    const controller = new AbortController();
    this.controller = controller;
    try {
      // No consent platform to wait for: the request leaves now, in the caller's task (a unit's
      // first update, before its first render), not a microtask later.
      const decided = withConsent(options, consentTimeoutMs);
      const allowed = isPending(decided) ? await decided : decided;
      if (controller.signal.aborted) throw new OffersError('aborted', 'A newer load replaced this one');
      const response = stored?.() ?? (await fetchOffers({ ...allowed, signal: controller.signal }));
      await alongside;
      if (controller.signal.aborted) throw new OffersError('aborted', 'A newer load replaced this one');
      return response;
    } finally {
      if (this.controller === controller) this.controller = undefined;
    }
  }

  cancel(): void {
    this.controller?.abort();
    this.controller = undefined;
  }
}
