import { LitElement, type PropertyDeclaration } from 'lit';
import type { FetchOffersOptions } from '../../options/fetch-options.js';
import { setConsent, type AdpxConsent } from '../../consent/index.js';
import { createDebugLog } from '../../debug.js';
import { resolveLanguage } from '../../i18n/messages.js';
import type { AdpxStrings } from '../../i18n/types.js';
import { fetchOptionsOf, optionEntries, type OptionName } from '../../options/schema.js';
import { headingLevelOf } from '../../options/values.js';

const LIT_TYPES = { boolean: Boolean, number: Number, string: String, object: Object } as const;

/** The reactive properties of the element's options, from the options table (src/options/). */
function optionProperties(): Record<string, PropertyDeclaration> {
  const properties: Record<string, PropertyDeclaration> = {};
  for (const [, spec] of optionEntries()) {
    if (spec.property) properties[spec.property] = { attribute: spec.attribute, type: LIT_TYPES[spec.type] };
  }
  return properties;
}

/**
 * What `<adpx-offers>` asks the service for: the request options of src/options/schema.ts (their
 * attributes, properties and docs are declared there) and the fetch options they make. The
 * unit's display lives in `AdpxOffersElement`, which extends this.
 */
export class OffersRequestElement extends LitElement {
  static override properties = optionProperties();

  declare apiKey: string;
  declare endpoint: string;
  declare placement: string;
  declare apiVersion: 'v2' | 'v4';
  declare pubUserId?: string;
  declare loyaltyboost?: '0' | '1' | '2';
  declare creative?: '0' | '1';
  declare campaignId?: string;
  declare dev: boolean;
  declare debug: boolean;
  declare payload: Record<string, unknown>;
  /** Page-wide: the device's storage is one, so every unit follows the last value set. */
  declare consent?: AdpxConsent;
  declare consentTimeout: number;
  declare defaultLanguage?: string;
  declare strings?: AdpxStrings;
  declare prefetch: boolean;
  declare prefetchTtl: number;
  /** 1 to 6 (the options table); another value reads as 2, with a debug line. */
  declare headingLevel: number;
  /** `datalayer` or `gtag`: the unit's events to the page's analytics (src/hosts/analytics.ts). */
  declare analytics?: 'datalayer' | 'gtag';

  constructor() {
    super();
    const self = this as unknown as Record<string, unknown>;
    for (const [, { property, initial }] of optionEntries()) {
      if (property && initial !== undefined)
        self[property] = typeof initial === 'function' ? initial() : initial;
    }
  }

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
    const level = this.headingLevel;
    if (changed.has('headingLevel') && level != null && headingLevelOf(level) !== level)
      createDebugLog(this.debug)('U7', 'heading-level is not 1 to 6; using 2:', level);
  }

  /**
   * Whether an update's changes include a request option (`request` in the options table) or what
   * decides the unit's language: `language` (a `lang` changed: the unit's `LanguageWatch`) or
   * `defaultLanguage`.
   */
  protected requestChanged(changed: Map<PropertyKey, unknown>): boolean {
    return (
      changed.has('language') ||
      changed.has('defaultLanguage') ||
      optionEntries().some(([, { request, property }]) => request && property && changed.has(property))
    );
  }

  /** The options of a fetch, from the attributes and `payload` (plus this load's `payload`). */
  protected requestOptions(payload?: Record<string, unknown>): Omit<FetchOffersOptions, 'signal'> {
    this.applyConsent();
    const self = this as unknown as Record<string, unknown>;
    const values: Partial<Record<OptionName, unknown>> = {};
    for (const [name, spec] of optionEntries()) if (spec.property) values[name] = self[spec.property];
    return {
      ...(fetchOptionsOf(values) as FetchOffersOptions),
      // The service answers in the unit's language unless the publisher names one.
      payload: { language: this.language, ...this.payload, ...payload },
    };
  }
}
