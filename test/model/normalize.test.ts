import { describe, expect, it, vi } from 'vitest';
import { OffersError } from '../../src/errors.js';
import { MODEL_CAPS } from '../../src/model/limits.js';
import { acceptResponse, normalizeResponse } from '../../src/model/normalize.js';
import { rawOffer, rawResponse } from './fixtures.js';

describe('normalizeResponse: the envelope', () => {
  const unusable: { why: string; raw: unknown }[] = [
    { why: 'not JSON at all (undefined after a failed parse)', raw: undefined },
    { why: 'a JSON string', raw: '{"data":{}}' },
    { why: 'null', raw: null },
    { why: 'an array', raw: [rawResponse()] },
    { why: 'data missing', raw: { offers: [] } },
    { why: 'data a string', raw: { data: 'offers' } },
    { why: 'data null', raw: { data: null } },
    { why: 'data an array', raw: { data: [] } },
    { why: 'offers missing', raw: { data: { count: 0 } } },
    { why: 'offers not an array', raw: { data: { offers: { 0: rawOffer() } } } },
    { why: 'offers null', raw: { data: { offers: null } } },
  ];

  it.each(unusable)('throws invalid_response when $why', ({ raw }) => {
    expect(() => normalizeResponse(raw)).toThrowError(OffersError);
    try {
      normalizeResponse(raw);
    } catch (error) {
      expect(error).toMatchObject({ code: 'invalid_response' });
    }
  });

  it('keeps a valid response whole', () => {
    const result = normalizeResponse(rawResponse());
    expect(result).toMatchObject({
      session_id: 'sess-1',
      count: 1,
      privacy_url: 'https://example.com/privacy',
      styles: { primary_color: '#ff0000', background_color: 'white', text_color: 'rgb(0, 0, 0)' },
      settings: { max_display_time: 30, auto_close: true },
    });
    expect(result.offers[0]?.id).toBe(101);
  });

  it('accepts an empty offers list (no offers to render is not an error)', () => {
    expect(normalizeResponse({ data: { offers: [] } })).toEqual({
      offers: [],
      count: 0,
      styles: {},
      settings: {},
    });
  });

  it('recomputes count from the offers kept, ignoring the service’s count', () => {
    const result = normalizeResponse(rawResponse([rawOffer(), { id: 'x' }], { count: 99 }));
    expect(result.count).toBe(1);
  });

  it('drops an unsafe privacy_url and says so in the debug log', () => {
    const log = vi.fn();
    const result = normalizeResponse(rawResponse(undefined, { privacy_url: 'javascript:alert(1)' }), log);
    expect(result).not.toHaveProperty('privacy_url');
    expect(log).toHaveBeenCalledWith('N1', 'privacy_url dropped: not a safe URL');
  });

  it('ignores a session_id that is not a string', () => {
    expect(normalizeResponse(rawResponse(undefined, { session_id: { x: 1 } }))).not.toHaveProperty(
      'session_id',
    );
  });

  it('considers only the first MODEL_CAPS.offers of 10 000 offers, quickly', () => {
    const offers = Array.from({ length: 10_000 }, (_value, index) => rawOffer({ id: index + 1 }));
    const log = vi.fn();
    const started = performance.now();
    const result = normalizeResponse(rawResponse(offers), log);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.count).toBe(MODEL_CAPS.offers);
    expect(log).toHaveBeenCalledWith(
      'N2',
      'more offers received than are considered (received, considered):',
      10_000,
      MODEL_CAPS.offers,
    );
  });

  it('cuts 10 MB strings early and cheaply', () => {
    const huge = 'x'.repeat(10 * 1024 * 1024);
    const started = performance.now();
    const result = normalizeResponse(
      rawResponse([rawOffer({ title: huge, description: huge, terms_and_conditions: huge, tags: [huge] })], {
        session_id: huge,
        privacy_url: huge,
      }),
    );
    expect(performance.now() - started).toBeLessThan(1000);
    const offer = result.offers[0];
    expect([...(offer?.title ?? '')]).toHaveLength(90);
    expect([...(offer?.description ?? '')]).toHaveLength(220);
    expect([...(offer?.terms_and_conditions ?? '')]).toHaveLength(MODEL_CAPS.terms);
    expect(result.session_id).toHaveLength(MODEL_CAPS.sessionId);
    expect(result).not.toHaveProperty('privacy_url');
  });
});

describe('normalizeResponse: styles', () => {
  const styles = (value: unknown) => normalizeResponse(rawResponse(undefined, { styles: value })).styles;

  it('keeps valid colours under the named keys and any *_color key', () => {
    expect(styles({ primary_color: '#123', button_text_color: 'hsl(0, 0%, 100%)' })).toEqual({
      primary_color: '#123',
      button_text_color: 'hsl(0, 0%, 100%)',
    });
  });

  it.each([
    { why: 'an injection in a colour', input: { text_color: 'red; background:url(x)' } },
    { why: 'url() as a colour', input: { background_color: 'url(https://evil.com/a.png)' } },
    { why: 'a number as a colour', input: { primary_color: 0xff0000 } },
    { why: 'a key not ending in _color', input: { font_family: 'serif', border: '1px solid red' } },
    { why: 'a key that is not snake_case', input: { 'x;y_color': 'red' } },
    { why: 'styles not an object', input: 'primary_color: red' },
    { why: 'styles null', input: null },
  ])('drops $why', ({ input }) => {
    expect(styles(input)).toEqual({});
  });
});

describe('normalizeResponse: settings', () => {
  const settings = (value: unknown) =>
    normalizeResponse(rawResponse(undefined, { settings: value })).settings;

  it.each([
    {
      why: 'a positive number of seconds is kept',
      input: { max_display_time: 12.5 },
      expected: { max_display_time: 12.5 },
    },
    {
      why: 'a numeric string is accepted',
      input: { max_display_time: '15' },
      expected: { max_display_time: 15 },
    },
    { why: 'zero is dropped', input: { max_display_time: 0 }, expected: {} },
    { why: 'a negative time is dropped', input: { max_display_time: -5 }, expected: {} },
    { why: 'a non-numeric string is dropped', input: { max_display_time: 'soon' }, expected: {} },
    { why: 'auto_close true', input: { auto_close: true }, expected: { auto_close: true } },
    { why: 'auto_close "false" string', input: { auto_close: 'false' }, expected: { auto_close: false } },
    { why: 'auto_close 1', input: { auto_close: 1 }, expected: { auto_close: true } },
    { why: 'auto_close unrecognised is dropped', input: { auto_close: 'maybe' }, expected: {} },
    { why: 'unknown keys are ignored', input: { theme: 'dark' }, expected: {} },
    { why: 'settings not an object', input: [30, true], expected: {} },
  ])('$why', ({ input, expected }) => {
    expect(settings(input)).toEqual(expected);
  });
});

describe('a response normalised once is not normalised again', () => {
  it('acceptResponse takes what a host gives: the envelope, the data object, either as JSON text', () => {
    const raw = rawResponse();
    const count = normalizeResponse(raw).count;
    expect(acceptResponse(raw).count).toBe(count);
    expect(acceptResponse(raw.data).count).toBe(count);
    expect(acceptResponse(JSON.stringify(raw)).count).toBe(count);
    expect(acceptResponse(JSON.stringify(raw.data)).count).toBe(count);
    expect(() => acceptResponse('{not json')).toThrow(/not valid JSON/);
    expect(() => acceptResponse('x'.repeat(2 * 1024 * 1024 + 1))).toThrow(/too large/);
    expect(() => acceptResponse(42)).toThrow(/must be an object/);
    expect(() => acceptResponse(null)).toThrow(/must be an object/);
  });

  it('acceptResponse takes a normalised response as it is and still checks anything else', () => {
    const response = normalizeResponse(rawResponse());
    expect(acceptResponse(response)).toBe(response);
    const [first] = response.offers;
    if (!first) throw new Error('the fixture has offers');
    const lookAlike = { data: structuredClone(response) };
    lookAlike.data.offers[0] = { ...first, click_url: 'javascript:alert(1)' };
    const checked = acceptResponse(lookAlike);
    expect(checked).not.toBe(lookAlike.data);
    expect(checked.offers.map((o) => o.id)).not.toContain(first.id);
  });
});
