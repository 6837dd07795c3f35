import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import type { FetchOffersOptions } from '../../client/options.js';

/**
 * What `<adpx-offers>` asks the service for: the request attributes and `payload`, and the fetch
 * options they make. The unit's display lives in `AdpxOffersElement`, which extends this.
 */
export class OffersRequestElement extends LitElement {
  @property({ attribute: 'api-key' }) apiKey = '';
  @property() endpoint = '';
  @property() placement = '';
  @property({ attribute: 'api-version' }) apiVersion: 'v2' | 'v4' = 'v2';
  @property({ attribute: 'pub-user-id' }) pubUserId?: string;
  @property() loyaltyboost?: '0' | '1' | '2';
  @property() creative?: '0' | '1';
  @property({ attribute: 'campaign-id' }) campaignId?: string;
  /** Ask the service for test offers; it records no tracking for them. */
  @property({ type: Boolean }) dev = false;
  /** Log decisions and beacons to the console with the `[adpx]` prefix. */
  @property({ type: Boolean }) debug = false;
  /** Extra body keys sent with each load. */
  @property({ attribute: false }) payload: Record<string, unknown> = {};

  /** The options of a fetch, from the attributes and `payload` (plus this load's `payload`). */
  requestOptions(payload?: Record<string, unknown>): Omit<FetchOffersOptions, 'signal'> {
    return {
      endpoint: this.endpoint,
      apiKey: this.apiKey,
      apiVersion: this.apiVersion,
      placement: this.placement,
      pubUserId: this.pubUserId,
      loyaltyboost: this.loyaltyboost,
      creative: this.creative,
      campaignId: this.campaignId,
      dev: this.dev ? '1' : undefined,
      payload: { ...this.payload, ...payload },
      debug: this.debug,
    };
  }
}
