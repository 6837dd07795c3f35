/**
 * Privacy strings for the tests, made by the IAB's own libraries (devDependencies; nothing of them
 * is in the SDK's build): TC strings by `@iabtechlabtcf/core` against a small vendor list of our
 * own (./vendor-list.json, a valid GVL v3 with vendors 10 and 20: the tests have no network), GPP
 * strings by `@iabgpp/cmpapi`'s `GppModel`. No encoder of ours is left: the SDK's decoder is
 * checked against what the IAB encodes, not against our reading of the layouts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GppModel } from '@iabgpp/cmpapi';
import { GVL, TCModel, TCString } from '@iabtechlabtcf/core';

const gvl = new GVL(JSON.parse(readFileSync(join(import.meta.dirname, 'vendor-list.json'), 'utf8')));

/** The purposes a string consents to when the test only cares about purpose 1. */
const WITH_PURPOSE_ONE = [1, 2, 3, 4, 7, 9, 10];
const WITHOUT_PURPOSE_ONE = [2, 3, 4, 7, 9, 10];

/**
 * A TCF v2.2 TC string as a CMP saves it (core, disclosed-vendors and publisher segments): CMP 300
 * version 2, asked in English on 2026-11-20 (fixed, so equal calls give equal strings), publisher
 * country DE, consent to `purposes` (`true`: purpose 1 among others; `false`: the others only),
 * legitimate interest for 2 and 7…10, consent for `vendors`.
 */
export function tcString(
  purposes: boolean | readonly number[],
  vendors: readonly number[] = [10, 20],
): string {
  const model = new TCModel(gvl);
  model.cmpId = 300;
  model.cmpVersion = 2;
  model.consentScreen = 1;
  model.publisherCountryCode = 'DE';
  model.created = new Date(Date.UTC(2026, 10, 20));
  model.lastUpdated = model.created;
  const ids = purposes === true ? WITH_PURPOSE_ONE : purposes === false ? WITHOUT_PURPOSE_ONE : purposes;
  model.purposeConsents.set([...ids]);
  model.purposeLegitimateInterests.set([2, 7, 8, 9, 10]);
  model.vendorConsents.set([...vendors]);
  return TCString.encode(model);
}

/** A GPP string: each section by name, given as its encoded string or as field values. */
export function gppString(sections: Record<string, string | Record<string, unknown>>): string {
  const model = new GppModel();
  for (const [name, value] of Object.entries(sections)) {
    if (typeof value === 'string') model.decodeSection(name, value);
    else
      for (const [field, fieldValue] of Object.entries(value)) model.setFieldValue(name, field, fieldValue);
  }
  return model.encode();
}

/** GPP with the EU TCF section (2, tcfeuv2) only: the TC string is the section. */
export const gppTcfEu = (tc: string): string => gppString({ tcfeuv2: tc });

/**
 * GPP with the usnat section (7) only, every notice given (1) and the three opt-outs as given
 * (1 = opted out, 2 = did not, 0 = not applicable).
 */
export const gppUsnat = (sale: number, sharing: number, targeted: number): string =>
  gppString({
    usnat: {
      SharingNotice: 1,
      SaleOptOutNotice: 1,
      SharingOptOutNotice: 1,
      TargetedAdvertisingOptOutNotice: 1,
      SensitiveDataProcessingOptOutNotice: 1,
      SensitiveDataLimitUseNotice: 1,
      SaleOptOut: sale,
      SharingOptOut: sharing,
      TargetedAdvertisingOptOut: targeted,
    },
  });

/** GPP with the usca section (8) only, its notices given and its two opt-outs as given. */
export const gppUsca = (sale: number, sharing: number): string =>
  gppString({
    usca: {
      SaleOptOutNotice: 1,
      SharingOptOutNotice: 1,
      SensitiveDataLimitUseNotice: 1,
      SaleOptOut: sale,
      SharingOptOut: sharing,
    },
  });

/**
 * The headers of one-section GPP strings, written out: the SDK's header decoder is checked against
 * fixed values too, not only against an encoder (./signals.test.ts checks that the library writes
 * the same).
 */
export const GPP_HEADERS = { tcfeu: 'DBABMA', uspv1: 'DBABTA', usnat: 'DBABLA', usca: 'DBABBg' } as const;
