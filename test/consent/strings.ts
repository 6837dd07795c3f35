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

/** A US section core segment: version 1, then 2-bit fields. */
export function usSection(fields: number[]): string {
  return bitsToBase64Url(int(1, 6) + fields.map((f) => int(f, 2)).join(''));
}

/** A GPP string with one section: `header` is the known header for that id. */
export const GPP_HEADERS = { tcfeu: 'DBABMA', usnat: 'DBABLA', usca: 'DBABBg' } as const;
