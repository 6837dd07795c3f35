import { describe, expect, it } from 'vitest';
import { ELLIPSIS, MODEL_CAPS, TEXT_LIMITS, truncate } from '../../src/model/limits.js';

describe('TEXT_LIMITS', () => {
  it('holds the limits of the spec', () => {
    expect(TEXT_LIMITS).toMatchObject({
      title: 90,
      description: 220,
      mini_text: 160,
      short_headline: 60,
      short_description: 140,
      cta_yes: 25,
      cta_no: 25,
      loyaltyboost_requirements: 160,
    });
  });

  it('caps the fields the spec leaves open', () => {
    expect(TEXT_LIMITS.advertiser_name).toBeGreaterThan(0);
    expect(TEXT_LIMITS.tag).toBeGreaterThan(0);
    expect(MODEL_CAPS.offers).toBe(50);
  });
});

const codePoints = (value: string) => [...value].length;

describe('truncate', () => {
  const cases: { why: string; input: string; limit: number; ellipsis?: boolean; expected: string }[] = [
    { why: 'text within the limit is unchanged', input: 'Hello', limit: 5, expected: 'Hello' },
    {
      why: 'cut text ends with an ellipsis inside the limit',
      input: 'Hello world',
      limit: 6,
      expected: 'Hello…',
    },
    { why: 'whitespace before the ellipsis is dropped', input: 'Hello world', limit: 7, expected: 'Hello…' },
    {
      why: 'without ellipsis the cut is exact',
      input: 'Hello world',
      limit: 5,
      ellipsis: false,
      expected: 'Hello',
    },
    {
      why: 'astral characters count once, so 3 emoji fit a limit of 3 (6 UTF-16 units)',
      input: '😀😀😀',
      limit: 3,
      expected: '😀😀😀',
    },
    { why: 'a surrogate pair is never split', input: '😀😀😀😀', limit: 3, expected: '😀😀…' },
    {
      why: 'a surrogate pair is never split without ellipsis',
      input: 'a😀b',
      limit: 2,
      ellipsis: false,
      expected: 'a😀',
    },
    { why: 'a limit of 0 yields an empty string', input: 'abc', limit: 0, expected: '' },
    { why: 'a limit of 1 leaves only the ellipsis', input: 'abc', limit: 1, expected: ELLIPSIS },
  ];

  it.each(cases)('$why', ({ input, limit, ellipsis, expected }) => {
    const result = truncate(input, limit, ellipsis === undefined ? {} : { ellipsis });
    expect(result).toBe(expected);
    expect(codePoints(result)).toBeLessThanOrEqual(limit);
  });

  it('is cheap on a 10 MB string: it reads no more characters than the limit needs', () => {
    // Counted, not timed (a timer fails on a loaded machine): every character truncate reads
    // comes through the string iterator, which is wrapped here to count them.
    const original = String.prototype[Symbol.iterator];
    let read = 0;
    String.prototype[Symbol.iterator] = function* (this: string) {
      for (const char of original.call(this) as Iterable<string>) {
        read += 1;
        yield char;
      }
    } as unknown as typeof original;
    try {
      const huge = `${'😀'.repeat(5)}${'x'.repeat(10 * 1024 * 1024)}`;
      // 89 code points (5 two-unit emoji and 84 x) and the ellipsis.
      expect(truncate(huge, 90)).toHaveLength(5 * 2 + 84 + 1);
    } finally {
      String.prototype[Symbol.iterator] = original;
    }
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThanOrEqual(2 * 91);
  });
});
