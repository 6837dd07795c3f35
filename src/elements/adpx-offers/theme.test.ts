import { describe, expect, it } from 'vitest';
import { effectiveStyles, themeVariables } from './theme.js';
import { parseColor } from '../../model/colors.js';

describe('effectiveStyles', () => {
  it('maps the three colours the spec names, the header and button colours, and nothing else', () => {
    expect(
      effectiveStyles(
        { primary_color: '#5b3df5', background_color: '#fff', text_color: 'black', link_color: 'red' },
        { header_background_color: '#0b1937', accept_hover_color: '#004000' },
      ),
    ).toEqual({
      primary_color: '#5b3df5',
      background_color: '#fff',
      text_color: 'black',
      header_background_color: '#0b1937',
      accept_hover_color: '#004000',
    });
  });

  it('header and button colours become private variables; the accept text is the stylesheet’s', () => {
    expect(themeVariables({}, { header_text_color: '#ffcc00', accept_background_color: '#000000' })).toEqual({
      '--_response-header-text-color': '#ffcc00',
      '--_response-accept-background': '#000000',
    });
  });

  it('puts overrides over the response, key by key', () => {
    expect(
      effectiveStyles({ primary_color: '#111', text_color: '#222' }, { primary_color: '#0a7d33' }),
    ).toEqual({
      primary_color: '#0a7d33',
      text_color: '#222',
    });
  });

  it.each([
    ['a declaration break-out', 'red; background: url(x)'],
    ['a var()', 'var(--x)'],
    ['a url()', 'url(https://e.example/x.png)'],
    ['not a string', 42],
  ])('drops an override that is not a colour (%s) and keeps the response value', (_why, bad) => {
    const overrides = { primary_color: bad } as unknown as Record<string, string>;
    expect(effectiveStyles({ primary_color: '#123456' }, overrides)).toEqual({ primary_color: '#123456' });
  });

  it('is empty without styles', () => {
    expect(effectiveStyles(undefined, undefined)).toEqual({});
  });
});

describe('themeVariables', () => {
  it('sets private --_response-* variables, never a public --adpx-* property', () => {
    const vars = themeVariables({
      primary_color: '#5b3df5',
      background_color: '#ffffff',
      text_color: '#1f2330',
    });
    expect(vars).toEqual({
      '--_response-primary': '#5b3df5',
      '--_response-background': '#ffffff',
      '--_response-text': '#1f2330',
    });
    expect(Object.keys(vars).some((name) => name.startsWith('--adpx-'))).toBe(false);
  });

  it('leaves the text on the primary colour to the stylesheet (base.styles.ts, textOn)', () => {
    expect(themeVariables({ primary_color: 'rebeccapurple' })).toEqual({
      '--_response-primary': 'rebeccapurple',
    });
    expect(themeVariables({ primary_color: 'var(--brand)' })).toEqual({});
  });
});

describe('a transparent unit', () => {
  const response = { primary_color: '#5b3df5', background_color: '#ffffff', text_color: '#1f2330' };

  it('drops the response’s text colour, chosen for a background it does not paint', () => {
    const vars = themeVariables(response, undefined, true);
    expect(vars['--_response-text']).toBeUndefined();
    expect(vars['--_response-primary']).toBe('#5b3df5');
    expect(themeVariables(response)['--_response-text']).toBe('#1f2330');
  });

  it('keeps the publisher’s own colours (overrides.styles): the launcher’s text, header and buttons', () => {
    const overrides = { text_color: '#fafafa', header_text_color: '#ffcc00', decline_text_color: '#eeeeee' };
    expect(themeVariables(response, overrides, true)).toMatchObject({
      '--_response-text': '#fafafa',
      '--_response-header-text-color': '#ffcc00',
      '--_response-decline-text': '#eeeeee',
    });
  });
});

describe('colour maths', () => {
  it.each([
    ['#fff', { r: 255, g: 255, b: 255, a: 1 }],
    ['#0008', { r: 0, g: 0, b: 0, a: 136 / 255 }],
    ['#5B3DF5', { r: 91, g: 61, b: 245, a: 1 }],
    ['rgb(10, 20, 30)', { r: 10, g: 20, b: 30, a: 1 }],
    ['rgb(100% 0% 0% / 50%)', { r: 255, g: 0, b: 0, a: 0.5 }],
    ['rgba(1,2,3,.25)', { r: 1, g: 2, b: 3, a: 0.25 }],
    ['hsl(0, 100%, 50%)', { r: 255, g: 0, b: 0, a: 1 }],
    ['hsl(120deg 100% 25%)', { r: 0, g: 128, b: 0, a: 1 }],
    ['hsl(0.5turn 100% 50%)', { r: 0, g: 255, b: 255, a: 1 }],
  ])('parses %s', (input, rgba) => {
    expect(parseColor(input)).toEqual(rgba);
  });

  it.each(['red', 'var(--x)', '#12', 'rgb(1,2)', 'hsl(x, 1%, 1%)', ''])('does not parse %s', (input) => {
    expect(parseColor(input)).toBeUndefined();
  });
});
