import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import type { FetchOffersOptions } from '../../client/options.js';
import { DEFAULT_CONSENT_TIMEOUT_MS, setConsent, type AdpxConsent } from '../../consent/index.js';
import { createDebugLog } from '../../debug.js';
import { resolveLanguage } from '../../i18n/messages.js';

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
  /**
   * The visitor's consent as the host knows it (docs/privacy.md); it wins over the page's consent
   * platform. Page-wide: the device's storage is one, so every unit follows the last value set.
   */
  @property({ attribute: false }) consent?: AdpxConsent;
  /** Ms the first request waits for a consent platform that exists but has not answered. */
  @property({ attribute: 'consent-timeout', type: Number }) consentTimeout = DEFAULT_CONSENT_TIMEOUT_MS;

  /** The language when neither the unit nor the page has a `lang` (the script API's `language`). */
  @property({ attribute: false }) defaultLanguage?: string;

  /** The unit's language: its `lang`, the closest ancestor's, `<html lang>`, `defaultLanguage`, English. */
  get language(): string {
    return resolveLanguage(this, this.defaultLanguage);
  }

  private appliedConsent?: AdpxConsent;

  /** Applies a new `consent` at once: a refusal deletes what was stored before the next request. */
  protected applyConsent(): void {
    if (this.consent === this.appliedConsent) return;
    this.appliedConsent = this.consent;
    setConsent(this.consent, createDebugLog(this.debug));
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    if (changed.has('consent')) this.applyConsent();
  }

  /** The options of a fetch, from the attributes and `payload` (plus this load's `payload`). */
  requestOptions(payload?: Record<string, unknown>): Omit<FetchOffersOptions, 'signal'> {
    this.applyConsent();
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
      // The service answers in the unit's language unless the publisher names one.
      payload: { language: this.language, ...this.payload, ...payload },
      debug: this.debug,
    };
  }
}
