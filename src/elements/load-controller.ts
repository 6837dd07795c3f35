import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { OffersError } from '../client/errors.js';
import { fetchOffers } from '../client/fetch-offers.js';
import type { FetchOffersOptions } from '../client/options.js';
import type { OffersResponse } from '../model/types.js';

/**
 * Runs one fetch of offers at a time for its host: a new run aborts the previous one, a stale
 * answer is never returned (it rejects with `code: 'aborted'`), and disconnecting the host aborts
 * whatever is in flight.
 */
export class LoadController implements ReactiveController {
  private controller?: AbortController;

  constructor(host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** True while a fetch is in flight. */
  get pending(): boolean {
    return this.controller !== undefined;
  }

  async run(options: Omit<FetchOffersOptions, 'signal'>): Promise<OffersResponse> {
    this.cancel();
    const controller = new AbortController();
    this.controller = controller;
    try {
      const response = await fetchOffers({ ...options, signal: controller.signal });
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

  hostConnected(): void {}

  hostDisconnected(): void {
    this.cancel();
  }
}
