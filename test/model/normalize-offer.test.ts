import { describe, expect, it, vi } from 'vitest';
import { normalizeResponse } from '../../src/model/normalize.js';
import type { Offer } from '../../src/model/types.js';
import { rawOffer, rawResponse } from './fixtures.js';

/** The offers kept from raw offers. */
const keep = (...offers: unknown[]): Offer[] => normalizeResponse(rawResponse(offers)).offers;
/** The single offer kept from one raw offer with `overrides`. */
const one = (overrides: Record<string, unknown>): Offer => {
  const [offer] = keep(rawOffer(overrides));
  if (offer === undefined) throw new Error('offer was dropped');
  return offer;
};

describe('offers that cannot be shown safely are dropped', () => {
  const cases: { why: string; raw: unknown; rule: string }[] = [
    { why: 'null', raw: null, rule: 'not an object' },
    { why: 'a string', raw: 'offer', rule: 'not an object' },
    { why: 'an array', raw: [rawOffer()], rule: 'not an object' },
    { why: 'no id', raw: rawOffer({ id: undefined }), rule: 'no valid integer id' },
    { why: 'a float id', raw: rawOffer({ id: 1.5 }), rule: 'no valid integer id' },
    { why: 'a negative id', raw: rawOffer({ id: -4 }), rule: 'no valid integer id' },
    { why: 'an id that is not numeric', raw: rawOffer({ id: 'abc' }), rule: 'no valid integer id' },
    { why: 'a null id', raw: rawOffer({ id: null }), rule: 'no valid integer id' },
    {
      why: 'no headline at all',
      raw: rawOffer({ title: undefined, short_headline: undefined }),
      rule: 'no headline',
    },
    {
      why: 'headlines that are blank or control characters only',
      raw: rawOffer({ title: '   ', short_headline: '\u0000\u0007' }),
      rule: 'no headline',
    },
    {
      why: 'headlines of the wrong type',
      raw: rawOffer({ title: 5, short_headline: ['x'] }),
      rule: 'no headline',
    },
    { why: 'no click_url', raw: rawOffer({ click_url: undefined }), rule: 'no safe click_url' },
    {
      why: 'a javascript: click_url',
      raw: rawOffer({ click_url: 'javascript:alert(1)' }),
      rule: 'no safe click_url',
    },
    { why: 'a relative click_url', raw: rawOffer({ click_url: '/go' }), rule: 'no safe click_url' },
    {
      why: 'a protocol-relative click_url',
      raw: rawOffer({ click_url: '//evil.com' }),
      rule: 'no safe click_url',
    },
  ];

  it.each(cases)('$why → "$rule" in the debug log', ({ raw, rule }) => {
    const log = vi.fn();
    const result = normalizeResponse(rawResponse([raw]), log);
    expect(result.offers).toEqual([]);
    expect(result.count).toBe(0);
    expect(log).toHaveBeenCalledWith(
      'N3',
      'offer dropped (index, reason, id):',
      0,
      expect.stringContaining(rule),
      expect.any(String),
    );
  });

  it('drops a second offer with the same id, keeping the first', () => {
    const log = vi.fn();
    const result = normalizeResponse(
      rawResponse([rawOffer({ title: 'first' }), rawOffer({ title: 'second' })]),
      log,
    );
    expect(result.offers.map((offer) => offer.title)).toEqual(['first']);
    expect(log).toHaveBeenCalledWith(
      'N3',
      'offer dropped (index, reason, id):',
      1,
      expect.stringContaining('duplicated id'),
      'id=101',
    );
  });

  it.each([
    ['no pixel', undefined],
    ['an unsafe pixel', 'javascript:alert(1)'],
  ])('keeps an offer with %s, and says its impressions cannot be recorded', (_, pixel) => {
    const log = vi.fn();
    const result = normalizeResponse(rawResponse([rawOffer({ pixel })]), log);
    expect(result.offers).toHaveLength(1);
    expect(result.offers[0]?.pixel).toBeUndefined();
    expect(log).toHaveBeenCalledWith(
      'N6',
      'offer kept without a safe pixel: its impressions cannot be recorded, offer:',
      101,
    );
  });

  it('says nothing about the pixel of an offer that has a safe one', () => {
    const log = vi.fn();
    normalizeResponse(rawResponse([rawOffer({ pixel: 'https://t.example/p/101' })]), log);
    expect(log).not.toHaveBeenCalledWith(
      'N6',
      'offer kept without a safe pixel: its impressions cannot be recorded, offer:',
      expect.anything(),
    );
  });

  it('treats "7" and 7 as the same id (ids from strings are numbers)', () => {
    expect(keep(rawOffer({ id: 7 }), rawOffer({ id: '7' }))).toHaveLength(1);
  });

  it('keeps good offers around bad ones, in order', () => {
    const ids = keep(
      rawOffer({ id: 1 }),
      null,
      rawOffer({ id: 2, click_url: 'data:text/html,x' }),
      rawOffer({ id: 3 }),
    );
    expect(ids.map((offer) => offer.id)).toEqual([1, 3]);
  });

  it('keeps an offer with only a short_headline', () => {
    expect(one({ title: undefined }).short_headline).toBe('20% off');
  });
});

describe('offer fields', () => {
  it('normalises a complete offer to the model: every valid field kept as sent', () => {
    expect(one({})).toEqual(rawOffer());
  });

  it('ignores unknown fields', () => {
    const hostile = JSON.parse(
      '{"__proto__": {"polluted": true}, "extra": "x", "onclick": "alert(1)"}',
    ) as object;
    const offer = one({ ...hostile });
    expect(offer).not.toHaveProperty('extra');
    expect(offer).not.toHaveProperty('onclick');
    expect((offer as unknown as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('accepts ids sent as digit strings', () => {
    expect(one({ id: '55', campaign_id: '9' })).toMatchObject({ id: 55, campaign_id: 9 });
  });

  it('treats null fields as absent, with safe defaults', () => {
    const offer = one({
      description: null,
      image: null,
      creatives: null,
      beacons: null,
      tags: null,
      offerwall_enabled: null,
      campaign_id: null,
      qr_code_img: null,
    });
    expect(offer).not.toHaveProperty('description');
    expect(offer).not.toHaveProperty('image');
    expect(offer).not.toHaveProperty('campaign_id');
    expect(offer).toMatchObject({ creatives: [], beacons: {}, tags: [], offerwall_enabled: false });
  });

  it.each([
    { field: 'title', limit: 90 },
    { field: 'description', limit: 220 },
    { field: 'mini_text', limit: 160 },
    { field: 'short_headline', limit: 60 },
    { field: 'short_description', limit: 140 },
    { field: 'cta_yes', limit: 25 },
    { field: 'cta_no', limit: 25 },
    { field: 'loyaltyboost_requirements', limit: 160 },
  ])('cuts $field to $limit characters, ending with …', ({ field, limit }) => {
    const value = one({ [field]: 'word '.repeat(100) })[field as keyof Offer];
    expect(typeof value).toBe('string');
    expect([...String(value)].length).toBeLessThanOrEqual(limit);
    expect(String(value).endsWith('…')).toBe(true);
  });

  it('trims text, strips control characters and keeps markup as plain text', () => {
    const offer = one({ title: '  <img src=x onerror=alert(1)>\u0000 Deal \u202E ', cta_yes: '\tGo\r\n' });
    expect(offer.title).toBe('<img src=x onerror=alert(1)> Deal');
    expect(offer.cta_yes).toBe('Go');
  });

  it.each([
    { value: true, expected: true },
    { value: 'true', expected: true },
    { value: 1, expected: true },
    { value: '1', expected: true },
    { value: false, expected: false },
    { value: 'no', expected: false },
    { value: {}, expected: false },
  ])('reads the flag $value as $expected', ({ value, expected }) => {
    const offer = one({ is_loyaltyboost: value, offerwall_enabled: value, perkswallet_enabled: value });
    expect([offer.is_loyaltyboost, offer.offerwall_enabled, offer.perkswallet_enabled]).toEqual([
      expected,
      expected,
      expected,
    ]);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.com/p',
    '/relative/p',
    'https://user:pw@evil.com/',
    42,
  ])('removes the unsafe URL %j from every URL field', (url) => {
    const offer = one({
      image: url,
      pixel: url,
      adv_pixel_url: url,
      save_for_later_url: url,
      offerwall_url: url,
      qr_code_img: url,
      beacons: { close: url, no_thanks_click: url },
    });
    for (const field of [
      'image',
      'pixel',
      'adv_pixel_url',
      'save_for_later_url',
      'offerwall_url',
      'qr_code_img',
    ]) {
      expect(offer).not.toHaveProperty(field);
    }
    expect(offer.beacons).toEqual({});
  });

  it('turns a base64 PNG qr_code_img into a data URL', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]).toString('base64');
    expect(one({ qr_code_img: png }).qr_code_img).toBe(`data:image/png;base64,${png}`);
  });

  it('keeps terms HTML as is (the sanitiser runs at render time) but drops controls', () => {
    expect(one({ terms_and_conditions: '<p>a\u0000b</p>' }).terms_and_conditions).toBe('<p>ab</p>');
  });

  it('keeps only string tags, trimmed, de-duplicated and capped', () => {
    const tags = one({
      tags: [' a ', 'a', 3, null, { t: 1 }, '', 'b', ...Array.from({ length: 50 }, (_v, i) => `t${i}`)],
    }).tags;
    expect(tags.slice(0, 3)).toEqual(['a', 'b', 't0']);
    expect(tags).toHaveLength(20);
  });

  it('ignores tags that are not an array', () => {
    expect(one({ tags: 'a,b' }).tags).toEqual([]);
  });
});

describe('creatives', () => {
  const creatives = (list: unknown) => one({ creatives: list }).creatives;
  const base = { url: 'https://img.example.com/c.png' };

  it.each([
    { why: 'an unsafe url', creative: { ...base, url: 'javascript:alert(1)' } },
    { why: 'no url', creative: { width: 10, height: 10 } },
    { why: 'a zero width', creative: { ...base, width: 0 } },
    { why: 'a negative height', creative: { ...base, height: -1 } },
    {
      why: 'an infinite aspect ratio (not JSON, but a bug elsewhere may cause it)',
      creative: { ...base, aspect_ratio: Infinity },
    },
    { why: 'a non-numeric width', creative: { ...base, width: 'wide' } },
    { why: 'not an object', creative: 'https://img.example.com/c.png' },
  ])('drops a creative with $why', ({ creative }) => {
    expect(creatives([creative])).toEqual([]);
  });

  it('keeps a minimal creative with is_primary false by default', () => {
    expect(creatives([base])).toEqual([{ url: base.url, is_primary: false }]);
  });

  it('accepts numeric strings and computes a missing aspect_ratio', () => {
    expect(creatives([{ ...base, width: '300', height: '150', is_primary: 'true' }])).toEqual([
      { url: base.url, width: 300, height: 150, aspect_ratio: 2, is_primary: true },
    ]);
  });

  it('treats null dimensions as absent and loses only a bad id', () => {
    expect(creatives([{ ...base, width: null, id: 'x' }])).toEqual([{ url: base.url, is_primary: false }]);
  });

  it('ignores creatives that are not an array and caps long lists', () => {
    expect(creatives({ 0: base })).toEqual([]);
    expect(creatives(Array.from({ length: 100 }, () => base))).toHaveLength(20);
  });
});
