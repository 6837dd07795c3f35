import { describe, expect, it } from 'vitest';
import { stripControlCharacters, toBoolean, toId, toPositiveNumber, toText } from '../../src/model/coerce.js';

describe('toId', () => {
  it.each([
    { why: 'an integer', input: 7, expected: 7 },
    { why: 'zero', input: 0, expected: 0 },
    { why: 'a digit string (loosely typed services)', input: '42', expected: 42 },
    { why: 'a digit string with spaces', input: ' 42 ', expected: 42 },
    { why: 'a float is not an id', input: 1.5, expected: undefined },
    { why: 'a negative number', input: -1, expected: undefined },
    { why: 'an unsafe integer', input: 2 ** 60, expected: undefined },
    { why: 'NaN', input: Number.NaN, expected: undefined },
    { why: 'an exponent string', input: '1e3', expected: undefined },
    { why: 'a decimal string', input: '1.0', expected: undefined },
    { why: 'a hex string', input: '0x10', expected: undefined },
    { why: 'an empty string', input: '', expected: undefined },
    { why: 'a boolean', input: true, expected: undefined },
    { why: 'null', input: null, expected: undefined },
  ])('$why', ({ input, expected }) => {
    expect(toId(input)).toBe(expected);
  });
});

describe('toBoolean', () => {
  it.each([
    { input: true, expected: true },
    { input: false, expected: false },
    { input: 1, expected: true },
    { input: 0, expected: false },
    { input: '1', expected: true },
    { input: '0', expected: false },
    { input: 'TRUE', expected: true },
    { input: ' false ', expected: false },
    { input: 'yes', expected: undefined },
    { input: 2, expected: undefined },
    { input: null, expected: undefined },
    { input: {}, expected: undefined },
  ])('$input → $expected', ({ input, expected }) => {
    expect(toBoolean(input)).toBe(expected);
  });
});

describe('toPositiveNumber', () => {
  it.each([
    { input: 5, expected: 5 },
    { input: 2.5, expected: 2.5 },
    { input: '30', expected: 30 },
    { input: '1.5', expected: 1.5 },
    { input: 0, expected: undefined },
    { input: -3, expected: undefined },
    { input: Number.POSITIVE_INFINITY, expected: undefined },
    { input: Number.NaN, expected: undefined },
    { input: '-3', expected: undefined },
    { input: 'Infinity', expected: undefined },
    { input: '', expected: undefined },
    { input: true, expected: undefined },
  ])('$input → $expected', ({ input, expected }) => {
    expect(toPositiveNumber(input)).toBe(expected);
  });
});

describe('stripControlCharacters', () => {
  it.each([
    { why: 'NUL and other C0 controls go', input: 'a\u0000b\u0007c', expected: 'abc' },
    { why: 'DEL and C1 controls go', input: 'a\u007fb\u0085c', expected: 'abc' },
    { why: 'newlines stay, CRLF becomes LF', input: 'a\r\nb\rc\nd', expected: 'a\nb\nc\nd' },
    { why: 'tabs become spaces', input: 'a\tb', expected: 'a b' },
    { why: 'bidi overrides (spoofing) go', input: 'abc\u202Egnp.exe', expected: 'abcgnp.exe' },
    { why: 'lone surrogates go', input: 'a\uD800b\uDC00c', expected: 'abc' },
    { why: 'surrogate pairs stay', input: 'a😀b', expected: 'a😀b' },
    { why: 'HTML is left as text (never interpreted here)', input: '<b>x</b>', expected: '<b>x</b>' },
  ])('$why', ({ input, expected }) => {
    expect(stripControlCharacters(input)).toBe(expected);
  });

  it('changes no text the full replacements would keep, and misses none they would change', () => {
    // The four replacements alone, without the one-scan shortcut in front of them.
    const full = (value: string) =>
      value
        .replace(/\r\n?/g, '\n')
        .replace(/\t/g, ' ')
        .replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, (char) => (char === '\n' ? char : ''))
        .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '');
    const differing: string[] = [];
    for (let unit = 0; unit <= 0xffff; unit++) {
      const text = `a${String.fromCharCode(unit)}b`;
      if (stripControlCharacters(text) !== full(text)) differing.push(unit.toString(16));
    }
    expect(differing).toEqual([]);
  });
});

describe('toText', () => {
  it('trims, strips and cuts to the limit with an ellipsis', () => {
    expect(toText('  Big\u0000 sale today  ', 8)).toBe('Big sal…');
  });

  it('treats whitespace-only text as absent', () => {
    expect(toText(' \n\t ', 10)).toBeUndefined();
  });

  it('refuses non-strings', () => {
    expect(toText(123, 10)).toBeUndefined();
  });
});
