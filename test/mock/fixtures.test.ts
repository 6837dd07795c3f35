import { readFileSync } from 'node:fs';
// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createMockOffersService,
  fixtureOffers,
  qrCodeDataUrl,
  type RawOffer,
} from '../../src/server/mock/index.js';
import { decodePngDataUrl, getOffers } from './helpers.js';

const BASE = 'http://127.0.0.1:4999';

/** The spec's maximum lengths (Offer object and Limits). */
const LIMITS = {
  title: 90,
  description: 220,
  mini_text: 160,
  short_headline: 60,
  short_description: 140,
  cta_yes: 25,
  cta_no: 25,
  loyaltyboost_requirements: 160,
} as const;

/** Every field of the spec's Offer object, plus `tags`. */
const OFFER_FIELDS = [
  'id',
  'campaign_id',
  'advertiser_name',
  'title',
  'description',
  'mini_text',
  'short_headline',
  'short_description',
  'click_url',
  'cta_yes',
  'cta_no',
  'image',
  'qr_code_img',
  'creatives',
  'terms_and_conditions',
  'pixel',
  'adv_pixel_url',
  'beacons',
  'offerwall_enabled',
  'perkswallet_enabled',
  'save_for_later_url',
  'offerwall_url',
  'is_loyaltyboost',
  'loyaltyboost_requirements',
  'tags',
] as const;

const CREATIVE_FIELDS = ['id', 'url', 'height', 'width', 'type', 'is_primary', 'aspect_ratio'];

/** The terms allowlist as the tests restate it (e2e/cases/terms-allowlist.json), less the table sections the fixtures leave to the browser. */
const TERMS_ELEMENTS = (
  JSON.parse(readFileSync(new URL('../../e2e/cases/terms-allowlist.json', import.meta.url), 'utf8')) as {
    tags: string[];
  }
).tags.filter((tag) => !['tbody', 'thead', 'th'].includes(tag));

let offers: RawOffer[];

beforeAll(async () => {
  offers = await fixtureOffers(BASE);
});

describe('fixture offers', () => {
  it('are at least six, with distinct ids', () => {
    expect(offers.length).toBeGreaterThanOrEqual(6);
    expect(new Set(offers.map((o) => o.id)).size).toBe(offers.length);
  });

  it('each carry every field of the Offer object with the spec types', () => {
    for (const offer of offers) {
      expect(Object.keys(offer).sort()).toEqual([...OFFER_FIELDS].sort());
      expect(Number.isInteger(offer.id) && Number.isInteger(offer.campaign_id)).toBe(true);
      for (const flag of ['offerwall_enabled', 'perkswallet_enabled', 'is_loyaltyboost'] as const) {
        expect(typeof offer[flag]).toBe('boolean');
      }
      expect(Object.keys(offer.beacons).sort()).toEqual(['close', 'no_thanks_click']);
      expect(offer.tags.length).toBeGreaterThan(0);
      for (const creative of offer.creatives)
        expect(Object.keys(creative).sort()).toEqual([...CREATIVE_FIELDS].sort());
    }
  });

  it('keep every text within its limit and near the ideal length', () => {
    for (const offer of offers) {
      for (const [field, max] of Object.entries(LIMITS)) {
        expect(offer[field as keyof typeof LIMITS].length, `${offer.id}.${field}`).toBeLessThanOrEqual(max);
      }
      expect(offer.title.length).toBeGreaterThanOrEqual(30);
      expect(offer.description.length).toBeGreaterThanOrEqual(100);
      expect(offer.short_description.length).toBeGreaterThanOrEqual(90);
      expect(offer.cta_yes.length).toBeGreaterThan(0);
      expect(offer.cta_no.length).toBeGreaterThan(0);
    }
  });

  it('include one offer with every text exactly at its maximum', () => {
    const longest = offers.filter((o) =>
      Object.entries(LIMITS).every(([f, max]) => o[f as keyof typeof LIMITS].length === max),
    );
    expect(longest).toHaveLength(1);
  });

  it('include loyalty-boost offers with requirements, and others without', () => {
    const loyal = offers.filter((o) => o.is_loyaltyboost);
    expect(loyal.length).toBeGreaterThanOrEqual(2);
    expect(loyal.every((o) => o.loyaltyboost_requirements.length > 0)).toBe(true);
    expect(offers.filter((o) => !o.is_loyaltyboost).every((o) => o.loyaltyboost_requirements === '')).toBe(
      true,
    );
  });

  it('have distinct campaigns with at least two offers sharing one', () => {
    const campaigns = offers.map((o) => o.campaign_id);
    expect(new Set(campaigns).size).toBeGreaterThan(2);
    expect(new Set(campaigns).size).toBeLessThan(campaigns.length);
  });

  it('have creatives: some offers two with one primary, some none', () => {
    expect(offers.some((o) => o.creatives.length === 0)).toBe(true);
    const two = offers.filter((o) => o.creatives.length === 2);
    expect(two.length).toBeGreaterThanOrEqual(2);
    for (const offer of offers.filter((o) => o.creatives.length > 0)) {
      expect(offer.creatives.filter((c) => c.is_primary)).toHaveLength(1);
    }
    expect(new Set(offers.flatMap((o) => o.creatives.map((c) => c.id))).size).toBe(
      offers.reduce((n, o) => n + o.creatives.length, 0),
    );
  });

  it('mix the feature flags', () => {
    for (const flag of ['offerwall_enabled', 'perkswallet_enabled'] as const) {
      expect(new Set(offers.map((o) => o[flag]))).toEqual(new Set([true, false]));
    }
  });

  it('write terms using every allowed element and nothing else', () => {
    for (const offer of offers) {
      const tags = new Set([...offer.terms_and_conditions.matchAll(/<([a-z0-9]+)/g)].map((m) => m[1]));
      expect([...tags].sort(), String(offer.id)).toEqual([...TERMS_ELEMENTS].sort());
      expect(offer.terms_and_conditions).toMatch(/<a href="http:\/\/127\.0\.0\.1:4999\/[^"]+">/);
    }
  });

  it('point every URL at the base URL, on the right route', () => {
    for (const o of offers) {
      expect(o.click_url).toBe(`${BASE}/click/${o.id}`);
      expect(o.pixel).toBe(`${BASE}/beacon/pixel/${o.id}`);
      expect(o.adv_pixel_url).toBe(`${BASE}/beacon/adv_pixel/${o.id}`);
      expect(o.beacons.close).toBe(`${BASE}/beacon/close/${o.id}`);
      expect(o.beacons.no_thanks_click).toBe(`${BASE}/beacon/no_thanks_click/${o.id}`);
      expect(o.save_for_later_url).toBe(`${BASE}/beacon/save_for_later/${o.id}`);
      expect(o.offerwall_url).toBe(`${BASE}/offerwall?offer=${o.id}`);
      expect(o.image).toMatch(/^http:\/\/127\.0\.0\.1:4999\/img\/[a-z0-9-]+\.png$/);
      for (const c of o.creatives)
        expect(c.url).toMatch(/^http:\/\/127\.0\.0\.1:4999\/img\/[a-z0-9-]+\.png$/);
    }
  });

  it('carry a 228x228 QR code of exactly their click_url', () => {
    for (const o of offers) {
      expect(o.qr_code_img).toBe(qrCodeDataUrl(o.click_url));
      const png = decodePngDataUrl(o.qr_code_img);
      expect([png.width, png.height]).toEqual([228, 228]);
    }
  });

  it('are built once per base URL and returned as fresh copies', async () => {
    const again = await fixtureOffers(`${BASE}/`);
    expect(again).toEqual(offers);
    expect(again).not.toBe(offers);
    const [first] = again;
    if (first) first.title = 'changed';
    expect((await fixtureOffers(BASE))[0]?.title).not.toBe('changed');
    expect((await fixtureOffers('http://localhost:1'))[0]?.click_url).toBe('http://localhost:1/click/1001');
  });
});

describe('offers as served', () => {
  it('keep the QR code in step with the personalised click_url', async () => {
    const mock = await createMockOffersService();
    try {
      const data = await getOffers(mock, { body: { placement: 'checkout', dev: 1 } });
      for (const o of data.offers) {
        expect(o.click_url).toContain(`s=${data.session_id}`);
        expect(o.qr_code_img).toBe(qrCodeDataUrl(o.click_url));
      }
    } finally {
      await mock.close();
    }
  });

  it('can come from custom fixtures, fixed or built from the base URL', async () => {
    const fixed = await createMockOffersService({ fixtures: offers.slice(0, 1) });
    const built = await createMockOffersService({
      fixtures: async (base) => (await fixtureOffers(base)).filter((o) => o.id === 1004),
    });
    try {
      expect((await getOffers(fixed, { query: { api_key: 'demo-key' } })).offers.map((o) => o.id)).toEqual([
        1001,
      ]);
      const data = await getOffers(built, { query: { api_key: 'demo-key' } });
      expect(data.offers.map((o) => o.id)).toEqual([1004]);
      expect(new URL(data.offers[0]?.pixel ?? '').searchParams.get('s')).toBe(data.session_id);
      expect(data.offers[0]?.pixel.startsWith(`${built.url}/beacon/pixel/1004`)).toBe(true);
    } finally {
      await Promise.all([fixed.close(), built.close()]);
    }
  });
});
