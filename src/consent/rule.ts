import { gppSection, gppUsOptOut, tcfPurposeOneConsent, usPrivacyOptOut } from './signals.js';
import type { ConsentDecision, ConsentSignals } from './types.js';

/**
 * The rule (docs/privacy.md): storage and the persistent id are allowed unless the host said
 * `storage: false`, GPC is on, GDPR applies (through TCF or GPP) without TCF purpose 1 consent, the US Privacy string
 * says opt-out, an applicable US section of the GPP string says opt-out, or a consent platform
 * exists but did not answer in time. The first reason that holds is the one reported.
 */
export function decideConsent(signals: ConsentSignals): ConsentDecision {
  const gdpr = gdprOf(signals);
  const body = consentBody(signals, gdpr);
  const refuse = (why: string): ConsentDecision => ({
    storage: false,
    reason: `storage refused: ${why}`,
    body,
  });
  if (signals.storage === false) return refuse('the host set storage: false');
  if (signals.gpc) return refuse('Global Privacy Control is on');
  if (signals.timedOut) return refuse('the consent platform did not answer in time');
  if (gdpr.applies && !gdpr.purposeOne) return refuse('GDPR applies without TCF purpose 1 consent');
  if (signals.usPrivacy && usPrivacyOptOut(signals.usPrivacy)) {
    return refuse(`the US Privacy string ${signals.usPrivacy} says opt-out`);
  }
  // An empty list of applicable sections means none applies (a CMP's `applicableSections: [-1]`).
  const gppApplies = signals.gppSid === undefined || signals.gppSid.length > 0;
  const optedOut = signals.gpp && gppApplies ? gppUsOptOut(signals.gpp, signals.gppSid) : undefined;
  if (optedOut) return refuse(`the GPP section ${optedOut} says opt-out`);
  const basis =
    signals.source === 'none'
      ? 'no consent platform and no consent given: nothing requires consent'
      : `${signals.source === 'cmp' ? 'the consent platform' : 'the host'} allows it`;
  return { storage: true, reason: `storage allowed: ${basis}`, body };
}

interface Gdpr {
  applies?: boolean;
  tcString?: string;
  purposeOne: boolean;
}

/** GPP's section of the IAB TCF EU (`tcfeuv2`); its encoding is a TC string. */
const TCF_EU_SECTION = 2;

/**
 * GDPR as the signals say it. It applies when `gdprApplies` says so; when a TC string is given
 * without it (one exists only where a CMP ran for GDPR: native apps often pass it alone); and when
 * GPP's EU TCF section applies (listed in `gppSid`, or, without `gppSid`, in the GPP string).
 * Purpose 1 has consent when every reading that says something says yes, and one does: the TCF
 * platform's, the TC string's and, when that section applies, GPP's `parsedSections` and the
 * section itself (a TC string, also sent as `gdpr_consent` when no other is given).
 */
function gdprOf(signals: ConsentSignals): Gdpr {
  const { gpp, gppSid, tcString } = signals;
  const section = gpp ? gppSection(gpp, TCF_EU_SECTION) : undefined;
  const viaGpp = gppSid ? gppSid.includes(TCF_EU_SECTION) : section !== undefined;
  const readings = [signals.purposeOne, tcString, ...(viaGpp ? [signals.gppPurposeOne, section] : [])];
  const known = readings
    .map((reading) => (typeof reading === 'string' ? tcfPurposeOneConsent(reading) : reading))
    .filter((reading) => reading !== undefined);
  return {
    applies: viaGpp || (signals.gdprApplies ?? (tcString ? true : undefined)),
    tcString: tcString || (viaGpp ? section : undefined),
    purposeOne: known.length > 0 && known.every(Boolean),
  };
}

/** The request's body keys, named as OpenRTB and Prebid name them; strings, as the spec asks. */
function consentBody(signals: ConsentSignals, gdpr: Gdpr): Record<string, string> {
  const body: Record<string, string> = {};
  if (gdpr.applies !== undefined) body.gdpr = gdpr.applies ? '1' : '0';
  if (gdpr.tcString) body.gdpr_consent = gdpr.tcString;
  if (signals.gpp) body.gpp = signals.gpp;
  if (signals.gppSid && signals.gppSid.length > 0) body.gpp_sid = signals.gppSid.join(',');
  if (signals.usPrivacy) body.us_privacy = signals.usPrivacy;
  if (signals.gpc) body.gpc = '1';
  return body;
}

/** Section ids from a number list or a comma-separated string; invalid entries are dropped. */
export function parseSectionIds(value: unknown): number[] | undefined {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : undefined;
  if (!parts) return undefined;
  const ids = parts.map((part) => Number(part)).filter((id) => Number.isInteger(id) && id > 0);
  return ids.length > 0 ? ids : undefined;
}
