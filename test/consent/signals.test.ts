import { describe, expect, it } from 'vitest';
import {
  gppSectionIds,
  gppUsOptOut,
  tcfPurposeOneConsent,
  usPrivacyOptOut,
} from '../../src/consent/signals.js';
import { GPP_HEADERS, tcString, usSection } from './strings.js';

// usnat: 6 notices (1 = given), then SaleOptOut, SharingOptOut, TargetedAdvertisingOptOut.
const usnat = (sale: number, sharing: number, targeted: number) =>
  `${GPP_HEADERS.usnat}~${usSection([1, 1, 1, 1, 1, 1, sale, sharing, targeted])}`;
// usca: 3 notices, then SaleOptOut, SharingOptOut.
const usca = (sale: number, sharing: number) => `${GPP_HEADERS.usca}~${usSection([1, 1, 1, sale, sharing])}`;

describe('TC string: purpose 1', () => {
  it('reads the purpose 1 consent bit of the core segment', () => {
    expect(tcfPurposeOneConsent(tcString(true))).toBe(true);
    expect(tcfPurposeOneConsent(tcString(false))).toBe(false);
  });
  it('is undefined for what is not a v2 TC string', () => {
    for (const text of ['', 'not base64!', 'AAAA', tcString(true).replace(/^C/, 'B')]) {
      expect(tcfPurposeOneConsent(text)).toBeUndefined();
    }
  });
});

describe('US Privacy string', () => {
  it.each([
    ['1YYN', true],
    ['1NYN', true],
    ['1---', false],
    ['1YNN', false],
    ['1NNY', false],
    ['garbage', false],
  ])('%s → opt-out %s', (text, optOut) => expect(usPrivacyOptOut(text)).toBe(optOut));
});

describe('GPP', () => {
  it('reads the section ids of the header (Fibonacci range)', () => {
    expect(gppSectionIds(GPP_HEADERS.tcfeu)).toEqual([2]);
    expect(gppSectionIds(GPP_HEADERS.usnat)).toEqual([7]);
    expect(gppSectionIds(GPP_HEADERS.usca)).toEqual([8]);
    expect(gppSectionIds('not a header')).toBeUndefined();
    expect(gppSectionIds('AAAA')).toBeUndefined();
  });

  it.each([
    ['usnat, no opt-out', usnat(2, 2, 2), undefined],
    ['usnat, sale opted out', usnat(1, 2, 2), 'usnat'],
    ['usnat, sharing opted out', usnat(2, 1, 2), 'usnat'],
    ['usnat, targeted advertising opted out', usnat(2, 2, 1), 'usnat'],
    ['usnat, not applicable', usnat(0, 0, 0), undefined],
    ['usca, no opt-out', usca(2, 2), undefined],
    ['usca, sharing opted out', usca(2, 1), 'usca'],
  ])('%s', (_name, gpp, section) => expect(gppUsOptOut(gpp)).toBe(section));

  it('reads only the applicable sections when they are known', () => {
    expect(gppUsOptOut(usnat(1, 1, 1), [8])).toBeUndefined();
    expect(gppUsOptOut(usnat(1, 1, 1), [7])).toBe('usnat');
  });

  it('an EU TCF section says nothing about a US opt-out', () => {
    expect(gppUsOptOut(`${GPP_HEADERS.tcfeu}~${tcString(false)}`)).toBeUndefined();
  });
});
