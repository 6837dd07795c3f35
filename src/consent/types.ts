/**
 * Consent the host states itself (`AdpxConfig.consent`, `Adpx.setConsent`, the element's `consent`
 * property): it wins over the page's consent platform. Every key is optional.
 */
export interface AdpxConsent {
  /** Whether GDPR applies to this visitor. */
  gdprApplies?: boolean;
  /** The IAB TCF v2 TC string. */
  tcString?: string;
  /** The IAB GPP string. */
  gpp?: string;
  /** The GPP section ids that apply (numbers, or a comma-separated string). */
  gppSid?: readonly number[] | string;
  /** The IAB US Privacy string, e.g. `1YNN`. */
  usPrivacy?: string;
  /** `false` forbids any storage and any persistent id, whatever else says. */
  storage?: boolean;
}

/**
 * What the page's consent platform (or the host) said, gathered for one decision: the host's keys
 * (`storage: false` when the host forbade storage), the section ids parsed, and what only a
 * platform or the browser tells.
 */
export interface ConsentSignals extends Omit<AdpxConsent, 'gppSid'> {
  /** TCF purpose 1 (store and/or access information on a device), as the CMP reported it. */
  purposeOne?: boolean;
  gppSid?: number[];
  /** TCF purpose 1 as the GPP platform's `parsedSections.tcfeuv2` reported it. */
  gppPurposeOne?: boolean;
  gpc: boolean;
  /** A CMP exists but did not answer within the timeout. */
  timedOut?: boolean;
  /** Where the signals came from, for the debug line. */
  source: 'explicit' | 'cmp' | 'none';
}

/** The decision for one request: may the SDK store and send an identifier, and the body keys. */
export interface ConsentDecision {
  storage: boolean;
  /** Why, in one line: what the debug log says. */
  reason: string;
  /** `gdpr`, `gdpr_consent`, `gpp`, `gpp_sid`, `us_privacy`, `gpc`: only those known. */
  body: Record<string, string>;
}
