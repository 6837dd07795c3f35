// @vitest-environment node
// The colour check runs with no browser CSS parser at hand (Node): hex and the colour functions are
// parsed by the SDK; a colour name is asked of `CSS.supports` (stubbed here, real in the Chromium
// test of e2e/unit-layouts.spec.ts), and refused where there is none.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { safeCssColor } from '../../src/model/colors.js';

describe('safeCssColor accepts', () => {
  const cases: { why: string; input: string; expected?: string }[] = [
    { why: '#rgb', input: '#f00' },
    { why: '#rgba', input: '#f00a' },
    { why: '#rrggbb', input: '#FF8800' },
    { why: '#rrggbbaa', input: '#ff880080' },
    { why: 'rgb() comma syntax', input: 'rgb(255, 0, 0)' },
    { why: 'rgb() percentages', input: 'rgb(100%, 0%, 50%)' },
    { why: 'rgba() comma syntax with alpha', input: 'rgba(0, 0, 0, 0.5)' },
    { why: 'rgb() space syntax', input: 'rgb(255 0 0)' },
    { why: 'rgb() space syntax with / alpha', input: 'rgb(255 0 0 / 50%)' },
    { why: 'rgb() space syntax may mix numbers and percentages', input: 'rgb(255 50% 0)' },
    { why: 'rgba() with decimals', input: 'rgba(12.5, 0, .5, .25)' },
    { why: 'hsl() comma syntax', input: 'hsl(120, 100%, 50%)' },
    { why: 'hsla() comma syntax', input: 'hsla(120, 100%, 50%, 0.3)' },
    { why: 'hsl() hue with a unit', input: 'hsl(0.5turn 60% 40%)' },
    { why: 'hsl() space syntax with alpha', input: 'hsl(210deg 40% 96% / 0.9)' },
    { why: 'upper-case function name', input: 'RGB(1, 2, 3)' },
  ];
  it.each(cases)('$why', ({ input, expected }) => {
    expect(safeCssColor(input)).toBe(expected ?? input);
  });
});

describe('safeCssColor refuses', () => {
  const cases: { why: string; input: unknown }[] = [
    { why: 'url() loads a resource', input: 'url(https://evil.com/x.png)' },
    { why: 'expression() ran script in old IE', input: 'expression(alert(1))' },
    { why: 'a declaration break', input: 'red; background:url(x)' },
    { why: 'a rule break', input: 'red}body{display:none' },
    { why: 'markup', input: '<style>' },
    { why: 'var() reads page variables', input: 'var(--x)' },
    { why: 'calc() inside rgb', input: 'rgb(calc(1), 0, 0)' },
    { why: 'a nested function', input: 'rgb(var(--r), 0, 0)' },
    { why: 'quotes', input: '"red"' },
    { why: 'a comment', input: 'red/**/' },
    { why: 'hex of length 5', input: '#12345' },
    { why: 'hex with non-hex digits', input: '#ggg' },
    { why: 'hex without #', input: 'ff0000' },
    { why: 'rgb with two channels', input: 'rgb(1, 2)' },
    { why: 'rgb with five values', input: 'rgb(1, 2, 3, 4, 5)' },
    { why: 'legacy rgb mixing numbers and percentages', input: 'rgb(255, 50%, 0)' },
    { why: 'comma and slash mixed', input: 'rgb(1, 2, 3 / 1)' },
    { why: 'an empty alpha', input: 'rgb(1 2 3 / )' },
    { why: 'a trailing comma', input: 'rgb(1, 2, 3,)' },
    { why: 'units on rgb channels', input: 'rgb(1px, 2px, 3px)' },
    { why: 'legacy hsl without percentages', input: 'hsl(120, 100, 50)' },
    { why: 'none keyword', input: 'rgb(none 0 0)' },
    { why: 'exponents', input: 'rgb(1e2, 0, 0)' },
    { why: 'an unclosed function', input: 'rgb(1, 2, 3' },
    { why: 'an unknown function', input: 'lab(50% 40 59)' },
    { why: 'an over-long value', input: `rgb(${'0'.repeat(100)}, 0, 0)` },
    { why: 'an empty string', input: '' },
    { why: 'a number', input: 0xff0000 },
    { why: 'null', input: null },
  ];
  it.each(cases)('$why', ({ input }) => {
    expect(safeCssColor(input)).toBeUndefined();
  });
});

/** What a browser's `CSS.supports('color', …)` says of a few words (it accepts keywords too). */
const BROWSER_COLOR_WORDS = new Set(['red', 'blue', 'rebeccapurple', 'transparent', 'canvas']);
const KEYWORDS = ['currentcolor', 'inherit', 'initial', 'unset', 'revert'];

describe('safeCssColor and colour names', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const stubSupports = () => {
    const supports = vi.fn(
      (property: string, value: string) =>
        property === 'color' &&
        (BROWSER_COLOR_WORDS.has(value.toLowerCase()) || KEYWORDS.includes(value.toLowerCase())),
    );
    vi.stubGlobal('CSS', { supports });
    return supports;
  };

  it('refuses every name where there is no CSS.supports (Node)', () => {
    expect(globalThis.CSS).toBeUndefined();
    expect(safeCssColor('red')).toBeUndefined();
    expect(safeCssColor('transparent')).toBeUndefined();
    expect(safeCssColor('#f00')).toBe('#f00');
  });

  it.each([
    { input: 'rebeccapurple', expected: 'rebeccapurple' },
    { input: 'RED', expected: 'RED' },
    { input: 'transparent', expected: 'transparent' },
    { input: '  blue ', expected: 'blue' },
  ])('accepts $input, a name the browser knows', ({ input, expected }) => {
    const supports = stubSupports();
    expect(safeCssColor(input)).toBe(expected);
    expect(supports).toHaveBeenCalledWith('color', expected);
  });

  it('refuses a word the browser does not know', () => {
    stubSupports();
    expect(safeCssColor('reddish')).toBeUndefined();
  });

  it.each(KEYWORDS)('refuses %s although CSS.supports accepts it', (keyword) => {
    stubSupports();
    expect(safeCssColor(keyword)).toBeUndefined();
    expect(safeCssColor(keyword.toUpperCase())).toBeUndefined();
  });

  it.each(['red; background:url(x)', 'red/**/', 'red}body{', 'var(--x)', 'dark-red', 're d', 'rouge\u00e9'])(
    'never hands %s to CSS.supports: only one word of letters is asked',
    (input) => {
      const supports = stubSupports();
      supports.mockReturnValue(true);
      expect(safeCssColor(input)).toBeUndefined();
      expect(supports).not.toHaveBeenCalled();
    },
  );
});
