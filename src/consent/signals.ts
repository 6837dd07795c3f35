/**
 * Reading the privacy strings themselves: the TCF v2 TC string (purpose 1, "store and/or access
 * information on a device"), the US Privacy string, and the GPP string's US sections (opt-out of
 * sale, sharing or targeted advertising). Pure functions: no DOM, no network, never throwing.
 */

/** The bits of a base64url segment (the alphabet TCF and GPP use), or undefined when it is not one. */
export function base64UrlBits(segment: string): string | undefined {
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let bits = '';
  for (const char of segment) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) return undefined;
    bits += value.toString(2).padStart(6, '0');
  }
  return bits;
}

/** Reads fixed-width integers and Fibonacci-coded integers from a bit string, left to right. */
class BitReader {
  private at = 0;
  constructor(private readonly bits: string) {}

  int(width: number): number | undefined {
    if (this.at + width > this.bits.length) return undefined;
    const value = parseInt(this.bits.slice(this.at, this.at + width), 2);
    this.at += width;
    return value;
  }

  /** A Fibonacci-coded integer (GPP's header): ones mark terms 1, 2, 3, 5, …; "11" ends it. */
  fibonacci(): number | undefined {
    let value = 0;
    let [a, b] = [1, 2];
    let previous = '0';
    while (this.at < this.bits.length) {
      const bit = this.bits[this.at++];
      if (bit === '1' && previous === '1') return value;
      if (bit === '1') value += a;
      [a, b] = [b, a + b];
      previous = bit ?? '0';
    }
    return undefined;
  }
}

/** Offset of the 24 purpose-consent bits in a TC string's core segment (TCF v2.x). */
const TCF_PURPOSES_OFFSET = 152;

/** Whether a TC string records consent to purpose 1; undefined when it cannot be read. */
export function tcfPurposeOneConsent(tcString: string): boolean | undefined {
  const core = tcString.split('.')[0] ?? '';
  const bits = base64UrlBits(core);
  if (bits === undefined || bits.length <= TCF_PURPOSES_OFFSET) return undefined;
  if (parseInt(bits.slice(0, 6), 2) !== 2) return undefined;
  return bits[TCF_PURPOSES_OFFSET] === '1';
}

/** A US Privacy string (`1YYN`) says the user opted out of sale: its third character is `Y`. */
export function usPrivacyOptOut(usPrivacy: string): boolean {
  return /^1[YN-][Y][YN-]$/i.test(usPrivacy.trim());
}

/** The section ids a GPP string's header lists, in order; undefined when the header is not valid. */
export function gppSectionIds(gpp: string): number[] | undefined {
  const bits = base64UrlBits(gpp.split('~')[0] ?? '');
  if (bits === undefined) return undefined;
  const reader = new BitReader(bits);
  if (reader.int(6) !== 3 || reader.int(6) === undefined) return undefined;
  const count = reader.int(12);
  if (count === undefined) return undefined;
  const ids: number[] = [];
  let last = 0;
  for (let i = 0; i < count; i++) {
    const isRange = reader.int(1);
    const start = reader.fibonacci();
    if (isRange === undefined || start === undefined) return undefined;
    const first = last + start;
    const end = isRange === 1 ? reader.fibonacci() : 0;
    if (end === undefined) return undefined;
    for (let id = first; id <= first + end; id++) ids.push(id);
    last = first + end;
  }
  return ids;
}

/** The encoded section `id` of a GPP string (section 2, tcfeuv2, is a TC string), if it has one. */
export function gppSection(gpp: string, id: number): string | undefined {
  const index = gppSectionIds(gpp)?.indexOf(id) ?? -1;
  return index < 0 ? undefined : gpp.split('~')[index + 1];
}

/**
 * TCF purpose 1 as a GPP platform's `parsedSections.tcfeuv2` gives it, undefined when it does not.
 * The core segment is the section's first object (GPP 1.1), or the section itself (some CMPs); its
 * `PurposeConsent` (`PurposeConsents` in the IAB's own library) holds booleans or 0/1 by purpose,
 * purpose 1 first, or the ids set, ascending: purpose 1 has consent when the first is `true` or 1.
 */
export function gppParsedPurposeOne(parsedSections: unknown): boolean | undefined {
  const section = (parsedSections as { tcfeuv2?: unknown } | null | undefined)?.tcfeuv2;
  // `[x].flat()[0]`: the first of an array, or x itself.
  const core = [section].flat()[0] as Record<string, unknown> | null | undefined;
  const consents = core?.PurposeConsent ?? core?.PurposeConsents;
  return Array.isArray(consents) ? consents[0] === true || consents[0] === 1 : undefined;
}

/**
 * The US sections of GPP whose core segment records a sale / sharing / targeted-advertising
 * opt-out: for each, the 2-bit fields in order after the 6-bit version, and which of them are the
 * opt-outs (value 1 = opted out, 2 = did not, 0 = not applicable). Sections not listed here (the
 * EU TCF section, Canada) say nothing about a US opt-out; uspv1 (6) is read as a US Privacy string.
 */
const US_SECTIONS: Readonly<Record<number, { name: string; fields: number; optOuts: number[] }>> = {
  // usnat: SharingNotice, SaleOptOutNotice, SharingOptOutNotice, TargetedAdvertisingOptOutNotice,
  // SensitiveDataProcessingOptOutNotice, SensitiveDataLimitUseNotice, SaleOptOut, SharingOptOut,
  // TargetedAdvertisingOptOut.
  7: { name: 'usnat', fields: 9, optOuts: [6, 7, 8] },
  // usca: SaleOptOutNotice, SharingOptOutNotice, SensitiveDataLimitUseNotice, SaleOptOut, SharingOptOut.
  8: { name: 'usca', fields: 5, optOuts: [3, 4] },
  // usva, usco, usct: SharingNotice, SaleOptOutNotice, TargetedAdvertisingOptOutNotice, SaleOptOut,
  // TargetedAdvertisingOptOut.
  9: { name: 'usva', fields: 5, optOuts: [3, 4] },
  10: { name: 'usco', fields: 5, optOuts: [3, 4] },
  // usut: SharingNotice, SaleOptOutNotice, TargetedAdvertisingOptOutNotice,
  // SensitiveDataProcessingOptOutNotice, SaleOptOut, TargetedAdvertisingOptOut.
  11: { name: 'usut', fields: 6, optOuts: [4, 5] },
  12: { name: 'usct', fields: 5, optOuts: [3, 4] },
};

/**
 * The name of the first applicable US section of a GPP string that records an opt-out of sale,
 * sharing or targeted advertising (uspv1: of sale), or that rules them out otherwise (usnat's `Gpc`
 * and `MspaServiceProviderMode`: `usnat (Gpc)`), or undefined when none does. `applicable` are
 * the section ids that apply to this user (the CMP's `applicableSections`, or `gppSid`); without
 * them every US section in the string is read.
 */
export function gppUsOptOut(gpp: string, applicable?: readonly number[]): string | undefined {
  const ids = gppSectionIds(gpp);
  if (!ids) return undefined;
  const segments = gpp.split('~').slice(1);
  // Index loops, not `ids.entries()` or `Array.from` with a map function: Prototype replaces both
  // (docs/decisions/014).
  for (let index = 0; index < ids.length; index++) {
    const id = ids[index] as number;
    if (applicable && applicable.length > 0 && !applicable.includes(id)) continue;
    const segment = segments[index] ?? '';
    // uspv1 (6) is the US Privacy string itself, `1YYN`.
    if (id === 6 && usPrivacyOptOut(segment)) return 'uspv1';
    const section = US_SECTIONS[id];
    if (!section) continue;
    const bits = base64UrlBits(segment.split('.')[0] ?? '');
    if (bits === undefined) continue;
    const reader = new BitReader(bits);
    const version = reader.int(6);
    if (version === undefined) continue;
    const values: Array<number | undefined> = [];
    for (let field = 0; field < section.fields; field++) values.push(reader.int(2));
    if (section.optOuts.some((field) => values[field] === 1)) return section.name;
    if (id === 7) {
      const refused = usnatRefusal(reader, version, segment);
      if (refused) return `usnat (${refused})`;
    }
  }
  return undefined;
}

/**
 * What else usnat says against an identifier (docs/decisions/008): the visitor's GPC as the CMP
 * recorded it (`Gpc`, the optional GPC segment after the `.`: type 1, then the bit), and the
 * publisher's `MspaServiceProviderMode` (1: it processes as a service provider, so no sale, sharing
 * or targeted advertising at all). `reader` stands after the opt-outs; the MSPA fields come after
 * the sensitive-data consents (12 and 2 fields in version 1, 16 and 3 since) and the personal-data
 * consent. `MspaCoveredTransaction` and `MspaOptOutOptionMode` change nothing the SDK does.
 */
function usnatRefusal(reader: BitReader, version: number, segment: string): string | undefined {
  const gpc = base64UrlBits(segment.split('.')[1] ?? '');
  if (gpc?.startsWith('011')) return 'Gpc';
  for (let field = version === 1 ? 15 : 20; field > 0; field--) reader.int(2);
  // MspaCoveredTransaction, MspaOptOutOptionMode, MspaServiceProviderMode.
  reader.int(4);
  return reader.int(2) === 1 ? 'MspaServiceProviderMode' : undefined;
}
