/** Test-only encoders for the privacy strings, written from the IAB layouts (TCF v2 core, GPP). */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function bitsToBase64Url(bits: string): string {
  const padded = bits.padEnd(Math.ceil(bits.length / 6) * 6, '0');
  let out = '';
  for (let i = 0; i < padded.length; i += 6) out += ALPHABET[parseInt(padded.slice(i, i + 6), 2)];
  return out;
}

const int = (value: number, width: number) => value.toString(2).padStart(width, '0');

/** A TCF v2 core segment: version 2, zeros up to the purposes, then purpose 1 as given. */
export function tcString(purposeOne: boolean): string {
  const head = int(2, 6) + '0'.repeat(146);
  const purposes = (purposeOne ? '1' : '0') + '1'.repeat(23);
  return `${bitsToBase64Url(head + purposes + '0'.repeat(60))}.YAAAAAAAAAA`;
}

/** Ids 1…`length` as a bitfield: the bit of id n is at index n − 1. */
const bitfield = (ids: readonly number[], length: number) =>
  Array.from({ length }, (_, i) => (ids.includes(i + 1) ? '1' : '0')).join('');

/**
 * A whole TCF v2.2 core segment, field by field as the IAB "Consent string and vendor list formats
 * v2" lays it out, for a CMP (id 300, version 2) that asked in English on 2026-11-20, GVL 150,
 * policy version 4: consent to `purposes`, legitimate interest for 2 and 7…10, PublisherCC DE, and
 * consent for `vendors` (bitfield encoding), no restrictions.
 */
export function tcfPurposes(purposes: readonly number[], vendors: readonly number[] = [755]): string {
  const deciseconds = int(Math.round(Date.UTC(2026, 10, 20) / 100), 36);
  const letters = (text: string) => [...text].map((c) => int(c.charCodeAt(0) - 65, 6)).join('');
  const maxVendor = Math.max(0, ...vendors);
  const bits = [
    int(2, 6), // Version
    deciseconds, // Created
    deciseconds, // LastUpdated
    int(300, 12), // CmpId
    int(2, 12), // CmpVersion
    int(1, 6), // ConsentScreen
    letters('EN'), // ConsentLanguage
    int(150, 12), // VendorListVersion
    int(4, 6), // TcfPolicyVersion
    '1', // IsServiceSpecific
    '0', // UseNonStandardTexts
    bitfield([], 12), // SpecialFeatureOptIns
    bitfield(purposes, 24), // PurposesConsent
    bitfield([2, 7, 8, 9, 10], 24), // PurposesLITransparency
    '0', // PurposeOneTreatment
    letters('DE'), // PublisherCC
    int(maxVendor, 16) + '0' + bitfield(vendors, maxVendor), // vendor consents: MaxVendorId, bitfield
    int(0, 16) + '0', // vendor legitimate interests: none
    int(0, 12), // NumPubRestrictions
  ];
  return bitsToBase64Url(bits.join(''));
}

/** A US section core segment: version 1, then 2-bit fields. */
export function usSection(fields: number[]): string {
  return bitsToBase64Url(int(1, 6) + fields.map((f) => int(f, 2)).join(''));
}

/** A GPP string with one section: `header` is the known header for that id. */
export const GPP_HEADERS = { tcfeu: 'DBABMA', usnat: 'DBABLA', usca: 'DBABBg' } as const;
