import { describe, expect, it } from 'vitest';
import {
  gppParsedPurposeOne,
  gppSection,
  gppSectionIds,
  gppUsOptOut,
  tcfPurposeOneConsent,
  usPrivacyOptOut,
} from '../../src/consent/signals.js';
import { GPP_HEADERS, gppString, gppTcfEu, gppUsca, gppUsnat, tcString } from './strings.js';

const usnat = gppUsnat;
const usca = gppUsca;

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

describe('TC string: purpose 1 of strings the IAB library encoded', () => {
  it('reads whole strings (dates, CMP, language, vendors, the other segments and all)', () => {
    expect(tcfPurposeOneConsent(tcString([1, 2, 3, 4, 7, 9, 10]))).toBe(true);
    expect(tcfPurposeOneConsent(tcString([1]))).toBe(true);
    expect(tcfPurposeOneConsent(tcString([2, 3, 4, 7, 9, 10]))).toBe(false);
    expect(tcfPurposeOneConsent(tcString([]))).toBe(false);
    expect(tcfPurposeOneConsent(tcString([1], []))).toBe(true);
    expect(tcfPurposeOneConsent(tcString([1, 11], [10]).split('.')[0] ?? '')).toBe(true);
  });

  it('reads the tcfeuv2 section a GPP CMP library encoded (its 12 date characters zeroed)', () => {
    // Decoded by the layout: version 2, CMP 407, language EN, policy 4, purposes 4, 6, 7 and 9.
    const section = 'CQAAAAAAAAAAAGXABBENArEoABaAAEAAAAAAABEAAAAA';
    expect(tcfPurposeOneConsent(section)).toBe(false);
    expect(gppSection(`${GPP_HEADERS.tcfeu}~${section}`, 2)).toBe(section);
  });
});

describe('GPP: the EU TCF section (2, tcfeuv2)', () => {
  it('is the TC string itself, found by the header', () => {
    const tc = tcString([1]);
    expect(gppSection(gppTcfEu(tc), 2)).toBe(tc);
    expect(gppSection(gppTcfEu(tc), 7)).toBeUndefined();
    expect(gppSection(usnat(2, 2, 2), 2)).toBeUndefined();
    expect(gppSection('not a header~x', 2)).toBeUndefined();
    expect(gppSection(GPP_HEADERS.tcfeu, 2)).toBeUndefined();
  });

  it.each<[string, unknown, boolean | undefined]>([
    [
      'array form, booleans by purpose',
      { tcfeuv2: [{ PurposeConsent: [true, false] }, { SegmentType: 3 }] },
      true,
    ],
    ['array form, purpose 1 refused', { tcfeuv2: [{ PurposeConsent: [false, true, true] }] }, false],
    ['object form, PurposeConsents', { tcfeuv2: { PurposeConsents: [true, true] } }, true],
    ['0/1 by purpose', { tcfeuv2: [{ PurposeConsent: [0, 1, 1] }] }, false],
    ['the ids that are set', { tcfeuv2: [{ PurposeConsent: [1, 2, 7] }] }, true],
    ['the ids that are set, without 1', { tcfeuv2: [{ PurposeConsent: [2, 7] }] }, false],
    ['no purpose at all', { tcfeuv2: [{ PurposeConsent: [] }] }, false],
    ['no tcfeuv2 section', { usnat: [{ SaleOptOut: 2 }] }, undefined],
    ['no PurposeConsent field', { tcfeuv2: [{ Version: 2 }] }, undefined],
    ['not an object', 'tcfeuv2', undefined],
    ['null', null, undefined],
    ['a field of the wrong type', { tcfeuv2: [{ PurposeConsent: '1' }] }, undefined],
  ])('parsedSections, %s', (_name, parsed, purposeOne) => {
    expect(gppParsedPurposeOne(parsed)).toBe(purposeOne);
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
    expect(gppSectionIds(GPP_HEADERS.uspv1)).toEqual([6]);
    expect(gppSectionIds('not a header')).toBeUndefined();
    expect(gppSectionIds('AAAA')).toBeUndefined();
  });

  it('the headers written out are the ones the IAB library writes', () => {
    expect(gppTcfEu(tcString(true)).split('~')[0]).toBe(GPP_HEADERS.tcfeu);
    expect(gppString({ uspv1: { Notice: 'Y' } }).split('~')[0]).toBe(GPP_HEADERS.uspv1);
    expect(usnat(2, 2, 2).split('~')[0]).toBe(GPP_HEADERS.usnat);
    expect(usca(2, 2).split('~')[0]).toBe(GPP_HEADERS.usca);
  });

  it('reads the ids of several sections', () => {
    const tc = tcString(true);
    const gpp = gppString({ tcfeuv2: tc, uspv1: { Notice: 'Y', OptOutSale: 'N', LspaCovered: 'N' } });
    expect(gppSectionIds(gpp)).toEqual([2, 6]);
    expect(gppSection(gpp, 2)).toBe(tc);
    expect(gppSection(gpp, 6)).toBe('1YNN');
    const us = gppString({ usnat: { SaleOptOut: 2 }, usca: { SaleOptOut: 1 }, usva: { SaleOptOut: 2 } });
    expect(gppSectionIds(us)).toEqual([7, 8, 9]);
  });

  it.each([
    ['usnat, no opt-out', usnat(2, 2, 2), undefined],
    ['usnat, sale opted out', usnat(1, 2, 2), 'usnat'],
    ['usnat, sharing opted out', usnat(2, 1, 2), 'usnat'],
    ['usnat, targeted advertising opted out', usnat(2, 2, 1), 'usnat'],
    ['usnat, not applicable', usnat(0, 0, 0), undefined],
    ['usca, no opt-out', usca(2, 2), undefined],
    ['usca, sharing opted out', usca(2, 1), 'usca'],
    ['usva, sale opted out', gppString({ usva: { SaleOptOut: 1 } }), 'usva'],
    [
      'usnat and usca, only usca opted out',
      gppString({ usnat: { SaleOptOut: 2 }, usca: { SaleOptOut: 1 } }),
      'usca',
    ],
    [
      'uspv1, opted out of sale',
      gppString({ uspv1: { Notice: 'Y', OptOutSale: 'Y', LspaCovered: 'N' } }),
      'uspv1',
    ],
    [
      'uspv1, no opt-out',
      gppString({ uspv1: { Notice: 'Y', OptOutSale: 'N', LspaCovered: 'N' } }),
      undefined,
    ],
  ])('%s', (_name, gpp, section) => expect(gppUsOptOut(gpp)).toBe(section));

  describe('usnat beyond its opt-outs: Gpc and the MSPA fields (decision 008)', () => {
    /** A usnat section (no opt-out: 2 each) with these fields too, as the IAB's library encodes it. */
    const usnatWith = (fields: Record<string, unknown>) =>
      gppString({ usnat: { SaleOptOut: 2, SharingOptOut: 2, TargetedAdvertisingOptOut: 2, ...fields } });

    it.each<[string, Record<string, unknown>, string | undefined]>([
      ['Gpc on', { GpcSegmentIncluded: true, Gpc: true }, 'usnat (Gpc)'],
      ['Gpc off', { GpcSegmentIncluded: true, Gpc: false }, undefined],
      [
        'service provider mode',
        { MspaServiceProviderMode: 1, MspaOptOutOptionMode: 2 },
        'usnat (MspaServiceProviderMode)',
      ],
      [
        'service provider mode, version 1',
        { Version: 1, MspaServiceProviderMode: 1, MspaOptOutOptionMode: 2 },
        'usnat (MspaServiceProviderMode)',
      ],
      ['not in service provider mode', { MspaServiceProviderMode: 2 }, undefined],
      ['opt-out option mode, no opt-out', { MspaOptOutOptionMode: 1, MspaServiceProviderMode: 2 }, undefined],
      ['not a covered transaction, no opt-out', { MspaCoveredTransaction: 2 }, undefined],
      [
        'every sensitive-data and child consent field set, not in service provider mode',
        {
          SensitiveDataProcessing: Array(16).fill(1),
          KnownChildSensitiveDataConsents: [1, 1, 1],
          PersonalDataConsents: 1,
          MspaCoveredTransaction: 1,
          MspaOptOutOptionMode: 1,
          MspaServiceProviderMode: 2,
        },
        undefined,
      ],
      [
        'the same in version 1',
        {
          Version: 1,
          SensitiveDataProcessing: Array(12).fill(1),
          KnownChildSensitiveDataConsents: [1, 1],
          PersonalDataConsents: 1,
          MspaOptOutOptionMode: 1,
          MspaServiceProviderMode: 2,
        },
        undefined,
      ],
    ])('%s', (_name, fields, expected) => expect(gppUsOptOut(usnatWith(fields))).toBe(expected));

    it('an opt-out is reported first, and a covered transaction or not changes nothing', () => {
      expect(gppUsOptOut(gppString({ usnat: { SaleOptOut: 1, MspaCoveredTransaction: 2 } }))).toBe('usnat');
      expect(gppUsOptOut(gppString({ usnat: { SaleOptOut: 1, MspaCoveredTransaction: 1 } }))).toBe('usnat');
    });
  });

  it('reads only the applicable sections when they are known', () => {
    expect(gppUsOptOut(usnat(1, 1, 1), [8])).toBeUndefined();
    expect(gppUsOptOut(usnat(1, 1, 1), [7])).toBe('usnat');
  });

  it('an EU TCF section says nothing about a US opt-out', () => {
    expect(gppUsOptOut(gppTcfEu(tcString(false)))).toBeUndefined();
  });
});
