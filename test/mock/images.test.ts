// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockOffersService, MOCK_IMAGES, type MockOffersService } from '../../src/server/mock/index.js';
import { decodePng, decodePngDataUrl, getOffers } from './helpers.js';

let mock: MockOffersService;

beforeAll(async () => {
  mock = await createMockOffersService();
});
afterAll(() => mock.close());

const size = async (query: string, name = 'streammax-hero'): Promise<[number, number]> => {
  const res = await fetch(`${mock.url}/img/${name}.png${query}`);
  expect(res.status, query).toBe(200);
  const png = decodePng(await res.arrayBuffer());
  return [png.width, png.height];
};

describe('image resizing', () => {
  it('serves a real PNG at the natural size by default, cacheable', async () => {
    const res = await fetch(`${mock.url}/img/voyager-card.png`);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const png = decodePng(await res.arrayBuffer());
    expect([png.width, png.height]).toEqual([856, 540]);
  });

  it.each([
    ['?width=300&height=200', [300, 200]],
    ['?width=600', [600, 314]],
    ['?height=314', [600, 314]],
    ['?width=640&aspect_ratio=16:9', [640, 360]],
    ['?height=100&aspect_ratio=2:1', [200, 100]],
    ['?aspect_ratio=1:1', [1200, 1200]],
    ['?width=400&height=100&aspect_ratio=1:1', [400, 100]],
    ['?width=5000', [2000, 1047]],
    ['?width=0&height=0', [1, 1]],
    ['?width=99.6&aspect_ratio=1.5:1', [100, 67]],
    ['?width=10&aspect_ratio=1:100000', [10, 2000]],
  ] as const)('answers %s with exactly %j', async (query, expected) => {
    expect(await size(query)).toEqual(expected);
  });

  it.each([
    '?width=abc',
    '?width=-5',
    '?width=',
    '?height=1e3',
    '?aspect_ratio=16x9',
    '?aspect_ratio=0:1',
    '?aspect_ratio=1:0',
    '?aspect_ratio=',
  ])('answers 400 JSON for %s', async (query) => {
    const res = await fetch(`${mock.url}/img/streammax-hero.png${query}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
  });

  it('answers 404 for an unknown image name (to test a broken image)', async () => {
    expect((await fetch(`${mock.url}/img/nope.png`)).status).toBe(404);
    expect((await fetch(`${mock.url}/img/../secret.png`)).status).toBe(404);
  });

  it('draws each image differently', async () => {
    const pixel = async (name: string): Promise<string> => {
      const png = decodePng(
        await (await fetch(`${mock.url}/img/${name}.png?width=20&height=20`)).arrayBuffer(),
      );
      return png.data.subarray(0, 4 * 20 * 20).toString('hex');
    };
    const names = Object.keys(MOCK_IMAGES);
    const drawn = await Promise.all(names.map(pixel));
    expect(new Set(drawn).size).toBe(names.length);
  });

  it('serves the natural size that every fixture creative declares', async () => {
    const data = await getOffers(mock, { query: { api_key: 'demo-key' } });
    for (const creative of data.offers.flatMap((o) => o.creatives)) {
      const png = decodePng(await (await fetch(creative.url)).arrayBuffer());
      expect([png.width, png.height]).toEqual([creative.width, creative.height]);
      expect(creative.aspect_ratio).toBeCloseTo(creative.width / creative.height, 2);
    }
  });
});

describe('QR codes', () => {
  it('is a 228x228 black-on-white PNG data URL in every offer', async () => {
    const data = await getOffers(mock, { query: { api_key: 'demo-key' } });
    for (const offer of data.offers) {
      const png = decodePngDataUrl(offer.qr_code_img);
      expect([png.width, png.height]).toEqual([228, 228]);
      const colours = new Set<string>();
      for (let i = 0; i < png.data.length; i += 4) colours.add(png.data.subarray(i, i + 4).toString('hex'));
      expect([...colours].sort()).toEqual(['000000ff', 'ffffffff']);
      // A white quiet zone: the corners are white.
      expect(png.data.subarray(0, 4).toString('hex')).toBe('ffffffff');
    }
  });
});
