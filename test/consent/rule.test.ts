import { describe, expect, it } from 'vitest';
import { decideConsent, parseSectionIds } from '../../src/consent/rule.js';
import type { ConsentSignals } from '../../src/consent/types.js';
import { GPP_HEADERS, tcString, usSection } from './strings.js';

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
    [
      'GPP usnat opt-out',
      cmp({ gpp: `${GPP_HEADERS.usnat}~${usSection([1, 1, 1, 1, 1, 1, 1, 2, 2])}`, gppSid: [7] }),
      false,
      'usnat',
    ],
    [
      'GPP usnat opt-out, no section applies',
      cmp({ gpp: `${GPP_HEADERS.usnat}~${usSection([1, 1, 1, 1, 1, 1, 1, 2, 2])}`, gppSid: [] }),
      true,
      'allows',
    ],
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

describe('parseSectionIds', () => {
  it('takes numbers or a comma-separated string, and drops what is not a positive id', () => {
    expect(parseSectionIds([7, 8])).toEqual([7, 8]);
    expect(parseSectionIds('7, 8')).toEqual([7, 8]);
    expect(parseSectionIds([-1])).toBeUndefined();
    expect(parseSectionIds('x')).toBeUndefined();
    expect(parseSectionIds(7)).toBeUndefined();
  });
});
