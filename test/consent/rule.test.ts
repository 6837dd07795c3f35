import { describe, expect, it } from 'vitest';
import { decideConsent, parseSectionIds } from '../../src/consent/rule.js';
import type { ConsentSignals } from '../../src/consent/types.js';
import { GPP_HEADERS, gppString, gppTcfEu, gppUsnat, tcString } from './strings.js';

const none: ConsentSignals = { gpc: false, source: 'none' };
const cmp = (signals: Partial<ConsentSignals>): ConsentSignals => ({ gpc: false, source: 'cmp', ...signals });

describe('decideConsent', () => {
  it('no platform and no consent given: allowed, no signal keys (as before consent support)', () => {
    expect(decideConsent(none)).toMatchObject({ storage: true, body: {} });
  });

  it.each<[string, ConsentSignals, boolean, string]>([
    ['GDPR applies, purpose 1 refused', cmp({ gdprApplies: true, purposeOne: false }), false, 'purpose 1'],
    ['GDPR applies, purpose 1 given', cmp({ gdprApplies: true, purposeOne: true }), true, 'allows'],
    [
      'GDPR applies, read from the TC string',
      cmp({ gdprApplies: true, tcString: tcString(true) }),
      true,
      'allows',
    ],
    [
      'GDPR applies, TC string refuses',
      cmp({ gdprApplies: true, tcString: tcString(false) }),
      false,
      'purpose 1',
    ],
    ['GDPR does not apply', cmp({ gdprApplies: false }), true, 'allows'],
    ['GPC on', { gpc: true, source: 'none' }, false, 'Global Privacy Control'],
    ['US Privacy opt-out', cmp({ usPrivacy: '1YYN' }), false, '1YYN'],
    ['US Privacy no opt-out', cmp({ usPrivacy: '1YNN' }), true, 'allows'],
    ['GPP usnat opt-out', cmp({ gpp: gppUsnat(1, 2, 2), gppSid: [7] }), false, 'usnat'],
    [
      'GPP usnat Gpc on',
      cmp({ gpp: gppString({ usnat: { GpcSegmentIncluded: true, Gpc: true } }), gppSid: [7] }),
      false,
      'usnat (Gpc)',
    ],
    [
      'GPP usnat in MSPA service provider mode',
      cmp({
        gpp: gppString({ usnat: { MspaServiceProviderMode: 1, MspaOptOutOptionMode: 2 } }),
        gppSid: [7],
      }),
      false,
      'usnat (MspaServiceProviderMode)',
    ],
    [
      'GPP usnat in MSPA opt-out option mode, no opt-out',
      cmp({
        gpp: gppString({ usnat: { MspaOptOutOptionMode: 1, MspaServiceProviderMode: 2, SaleOptOut: 2 } }),
        gppSid: [7],
      }),
      true,
      'allows',
    ],
    ['GPP usnat opt-out, no section applies', cmp({ gpp: gppUsnat(1, 2, 2), gppSid: [] }), true, 'allows'],
    ['platform did not answer in time', cmp({ timedOut: true }), false, 'in time'],
    ['host storage: false', { gpc: false, source: 'explicit', storage: false }, false, 'storage: false'],
    [
      'host storage: true, GDPR applies without consent',
      { gpc: false, source: 'explicit', storage: true, gdprApplies: true },
      false,
      'purpose 1',
    ],
  ])('%s', (_name, signals, storage, reason) => {
    const decision = decideConsent(signals);
    expect(decision.storage).toBe(storage);
    expect(decision.reason).toContain(reason);
  });

  it('sends the signals as strings, named as OpenRTB and Prebid name them', () => {
    const tc = tcString(true);
    const decision = decideConsent({
      gdprApplies: true,
      tcString: tc,
      gpp: 'DBABLA~BVVqAAEABCA',
      gppSid: [7, 8],
      usPrivacy: '1YNN',
      gpc: true,
      source: 'explicit',
    });
    expect(decision.body).toEqual({
      gdpr: '1',
      gdpr_consent: tc,
      gpp: 'DBABLA~BVVqAAEABCA',
      gpp_sid: '7,8',
      us_privacy: '1YNN',
      gpc: '1',
    });
    expect(decideConsent(cmp({ gdprApplies: false })).body).toEqual({ gdpr: '0' });
  });

  it('a TC string given without gdprApplies means GDPR applies (one exists only where a CMP ran for it)', () => {
    const host = (consent: Partial<ConsentSignals>): ConsentSignals => ({
      gpc: false,
      source: 'explicit',
      ...consent,
    });
    const refused = decideConsent(host({ tcString: tcString(false) }));
    expect(refused).toMatchObject({ storage: false, body: { gdpr: '1', gdpr_consent: tcString(false) } });
    expect(refused.reason).toContain('purpose 1');
    const granted = decideConsent(host({ tcString: tcString(true) }));
    expect(granted).toMatchObject({ storage: true, body: { gdpr: '1', gdpr_consent: tcString(true) } });
    expect(decideConsent(host({ tcString: 'not a TC string' })).storage).toBe(false);
    // The host's own `gdprApplies: false` stands.
    const outside = decideConsent(host({ gdprApplies: false, tcString: tcString(false) }));
    expect(outside).toMatchObject({ storage: true, body: { gdpr: '0' } });
  });
});

describe('GPP’s EU TCF section (2, tcfeuv2): GDPR applies', () => {
  const refusedTc = tcString([2, 3, 4]);
  const grantedTc = tcString([1, 2, 3, 4]);
  const eu = gppTcfEu;
  const host = (signals: Partial<ConsentSignals>): ConsentSignals => ({
    gpc: false,
    source: 'explicit',
    ...signals,
  });

  it.each<[string, ConsentSignals, boolean]>([
    ['the platform, section refuses purpose 1', cmp({ gpp: eu(refusedTc), gppSid: [2] }), false],
    ['the platform, section grants purpose 1', cmp({ gpp: eu(grantedTc), gppSid: [2] }), true],
    ['the platform, parsedSections grant, no string', cmp({ gppSid: [2], gppPurposeOne: true }), true],
    ['the platform, nothing readable', cmp({ gppSid: [2] }), false],
    // Written out: the IAB library will not encode a section it cannot read.
    ['the platform, an unreadable section', cmp({ gpp: `${GPP_HEADERS.tcfeu}~!!`, gppSid: [2] }), false],
    [
      'parsedSections and the string disagree: refused',
      cmp({ gpp: eu(grantedTc), gppSid: [2], gppPurposeOne: false }),
      false,
    ],
    [
      'TCF grants, the GPP section refuses: refused',
      cmp({ gdprApplies: true, purposeOne: true, tcString: grantedTc, gpp: eu(refusedTc), gppSid: [2] }),
      false,
    ],
    ['the host, gppSid [2], section refuses', host({ gpp: eu(refusedTc), gppSid: [2] }), false],
    ['the host, no gppSid, the string has section 2', host({ gpp: eu(refusedTc) }), false],
    ['the host, section grants', host({ gpp: eu(grantedTc), gppSid: [2] }), true],
  ])('%s', (_name, signals, storage) => {
    const decision = decideConsent(signals);
    expect(decision.storage).toBe(storage);
    if (!storage) expect(decision.reason).toContain('purpose 1');
    expect(decision.body.gdpr).toBe('1');
  });

  it('sends gdpr=1 and the section as gdpr_consent; a TC string of its own wins', () => {
    expect(decideConsent(cmp({ gpp: eu(grantedTc), gppSid: [2] })).body).toEqual({
      gdpr: '1',
      gdpr_consent: grantedTc,
      gpp: eu(grantedTc),
      gpp_sid: '2',
    });
    const both = cmp({ gdprApplies: true, tcString: tcString(true), gpp: eu(grantedTc), gppSid: [2] });
    expect(decideConsent(both).body.gdpr_consent).toBe(tcString(true));
  });

  it('a section that does not apply to this visitor is not read', () => {
    const usOnly = decideConsent(cmp({ gpp: eu(refusedTc), gppSid: [7] }));
    expect(usOnly.storage).toBe(true);
    expect(usOnly.body).not.toHaveProperty('gdpr');
    expect(decideConsent(cmp({ gpp: eu(refusedTc), gppSid: [] })).storage).toBe(true);
  });
});

describe('parseSectionIds', () => {
  it('takes numbers or a comma-separated string, and drops what is not a positive id', () => {
    expect(parseSectionIds([7, 8])).toEqual([7, 8]);
    expect(parseSectionIds('7, 8')).toEqual([7, 8]);
    expect(parseSectionIds([-1])).toBeUndefined();
    expect(parseSectionIds('x')).toBeUndefined();
    expect(parseSectionIds(7)).toBeUndefined();
  });
});
