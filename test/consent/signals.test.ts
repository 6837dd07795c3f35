import { describe, expect, it } from 'vitest';
import {
  gppParsedPurposeOne,
  gppSection,
  gppSectionIds,
  gppUsOptOut,
  tcfPurposeOneConsent,
  usPrivacyOptOut,
} from '../../src/consent/signals.js';
import { GPP_HEADERS, tcfPurposes, tcString, usSection } from './strings.js';

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

describe('TC string: purpose 1 of whole core segments', () => {
  it('reads strings laid out field by field (dates, CMP, language, vendors and all)', () => {
    expect(tcfPurposeOneConsent(tcfPurposes([1, 2, 3, 4, 7, 9, 10]))).toBe(true);
    expect(tcfPurposeOneConsent(tcfPurposes([1]))).toBe(true);
    expect(tcfPurposeOneConsent(tcfPurposes([2, 3, 4, 7, 9, 10]))).toBe(false);
    expect(tcfPurposeOneConsent(tcfPurposes([]))).toBe(false);
    expect(tcfPurposeOneConsent(`${tcfPurposes([1], [1, 2, 755])}.YAAAAAAAAAA`)).toBe(true);
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
    const tc = `${tcfPurposes([1])}.YAAAAAAAAAA`;
    expect(gppSection(`${GPP_HEADERS.tcfeu}~${tc}`, 2)).toBe(tc);
    expect(gppSection(`${GPP_HEADERS.tcfeu}~${tc}`, 7)).toBeUndefined();
    expect(gppSection(`${GPP_HEADERS.usnat}~${usSection([1])}`, 2)).toBeUndefined();
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
