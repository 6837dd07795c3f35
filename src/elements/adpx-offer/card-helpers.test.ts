import { beforeAll, describe, expect, it } from 'vitest';
import {
  bucketWidth,
  DEFAULT_RATIO,
  imageSources,
  MAX_REQUEST_WIDTH,
  pickImage,
  resizedUrl,
  toRatio,
} from './image-source.js';
import { advertiserLine, cardCopy, ctaLabels, qrAlt } from './texts.js';
import { ensureLanguage, Messages } from '../../i18n/messages.js';

const m = new Messages('en');
const de = () => new Messages('de');
import type { Creative, Offer } from '../../model/types.js';
import { testOffer } from '../../../test/model/fixtures.js';

const offer = (extra: Partial<Offer> = {}): Offer =>
  testOffer({
    id: 7,
    title: 'Stream 30 days free on StreamMax Premium',
    description: 'Watch series, films and live sport in 4K.',
    short_headline: '30 days free',
    short_description: 'Series and films in 4K.',
    click_url: 'https://svc.test/click/7',
    ...extra,
  });

const creative = (extra: Partial<Creative> = {}): Creative => ({
  url: 'https://img.test/c.png',
  is_primary: false,
  ...extra,
});

// The tables of languages other than English load on demand, as in a browser.
beforeAll(() => Promise.all([ensureLanguage('de')]));

describe('cardCopy: wide and narrow texts', () => {
  it('wide reads title/description, narrow reads short_headline/short_description', () => {
    const copy = cardCopy(offer());
    expect(copy.wide).toEqual({
      headline: 'Stream 30 days free on StreamMax Premium',
      description: 'Watch series, films and live sport in 4K.',
    });
    expect(copy.narrow).toEqual({ headline: '30 days free', description: 'Series and films in 4K.' });
  });

  it('the narrow pair falls back to the wide one when absent', () => {
    const copy = cardCopy(offer({ short_headline: undefined, short_description: undefined }));
    expect(copy.narrow).toEqual(copy.wide);
  });

  it('the wide pair falls back to the narrow one when absent', () => {
    const copy = cardCopy(offer({ title: undefined, description: undefined }));
    expect(copy.wide).toEqual({ headline: '30 days free', description: 'Series and films in 4K.' });
    expect(copy.narrow).toEqual(copy.wide);
  });

  it('falls back field by field, and treats blank text as absent', () => {
    const copy = cardCopy(offer({ description: '   ', short_headline: '' }));
    expect(copy.wide.description).toBe('Series and films in 4K.');
    expect(copy.narrow.headline).toBe('Stream 30 days free on StreamMax Premium');
  });

  it('no description at all leaves both descriptions undefined', () => {
    const copy = cardCopy(offer({ description: undefined, short_description: undefined }));
    expect(copy.wide.description).toBeUndefined();
    expect(copy.narrow.description).toBeUndefined();
  });
});

describe('labels', () => {
  it('CTAs use the offer labels, else the defaults', () => {
    expect(ctaLabels(offer({ cta_yes: 'Claim 60% off', cta_no: 'Not today' }), m)).toEqual({
      accept: 'Claim 60% off',
      decline: 'Not today',
    });
    expect(ctaLabels(offer(), m)).toEqual({ accept: 'Yes, please', decline: 'No, thanks' });
    expect(ctaLabels(offer({ cta_yes: ' ' }), m).accept).toBe('Yes, please');
    expect(ctaLabels(offer(), de())).toEqual({ accept: 'Ja, gerne', decline: 'Nein, danke' });
  });

  it('the advertiser line and the QR text alternative name the advertiser when known', () => {
    expect(advertiserLine(offer({ advertiser_name: 'StreamMax' }), m)).toBe('Offer from StreamMax');
    expect(advertiserLine(offer({ advertiser_name: 'StreamMax' }), de())).toBe('Angebot von StreamMax');
    expect(advertiserLine(offer(), m)).toBeUndefined();
    expect(qrAlt(offer({ advertiser_name: 'StreamMax' }), m)).toBe(
      'QR code: scan to open the offer from StreamMax on your phone',
    );
    expect(qrAlt(offer(), m)).toBe('QR code: scan to open the offer on your phone');
  });
});

describe('pickImage', () => {
  it('prefers `image`, with the ratio of the creative that has the same URL', () => {
    const image = pickImage(
      offer({
        image: 'https://img.test/hero.png?v=2',
        creatives: [
          creative({ url: 'https://img.test/hero.png', width: 1200, height: 675, is_primary: true }),
        ],
      }),
    );
    expect(image).toEqual({
      url: 'https://img.test/hero.png?v=2',
      ratio: { x: 16, y: 9 },
      naturalWidth: 1200,
    });
  });

  it('`image` not described by a creative gets the default 1.91:1 frame', () => {
    const image = pickImage(
      offer({ image: 'https://img.test/hero.png', creatives: [creative({ width: 600, height: 600 })] }),
    );
    expect(image).toEqual({ url: 'https://img.test/hero.png', ratio: DEFAULT_RATIO });
  });

  it('without `image`: the primary creative, else the first', () => {
    const first = creative({ url: 'https://img.test/a.png', aspect_ratio: 1 });
    const primary = creative({ url: 'https://img.test/b.png', is_primary: true, width: 1200, height: 628 });
    expect(pickImage(offer({ creatives: [first, primary] }))?.url).toBe('https://img.test/b.png');
    expect(pickImage(offer({ creatives: [first, primary] }))?.ratio).toEqual({ x: 191, y: 100 });
    expect(pickImage(offer({ creatives: [first] }))).toEqual({
      url: 'https://img.test/a.png',
      ratio: { x: 1, y: 1 },
    });
  });

  it('no image and no creative: no image', () => {
    expect(pickImage(offer())).toBeUndefined();
  });
});

describe('toRatio', () => {
  it.each([
    [16 / 9, { x: 16, y: 9 }],
    [1.91, { x: 191, y: 100 }],
    [1200 / 628, { x: 191, y: 100 }],
    [1, { x: 1, y: 1 }],
    [4 / 3, { x: 4, y: 3 }],
    [2.2, { x: 11, y: 5 }],
  ])('%d → named or reduced', (value, expected) => {
    expect(toRatio(value)).toEqual(expected);
  });

  it('clamps portrait to square and banners to 12:5', () => {
    expect(toRatio(0.75)).toEqual({ x: 1, y: 1 });
    expect(toRatio(4)).toEqual({ x: 12, y: 5 });
  });

  it('unknown or broken values give the default', () => {
    expect(toRatio(undefined)).toEqual(DEFAULT_RATIO);
    expect(toRatio(Number.NaN)).toEqual(DEFAULT_RATIO);
    expect(toRatio(0)).toEqual(DEFAULT_RATIO);
  });
});

describe('image URLs', () => {
  it('sets width and aspect_ratio, keeps other parameters, drops height', () => {
    const url = new URL(resizedUrl('https://img.test/a.png?sig=abc&height=300', 320, { x: 16, y: 9 }));
    expect(url.searchParams.get('sig')).toBe('abc');
    expect(url.searchParams.get('width')).toBe('320');
    expect(url.searchParams.get('aspect_ratio')).toBe('16:9');
    expect(url.searchParams.has('height')).toBe(false);
  });

  it('rounds the rendered width up to a 40px step', () => {
    expect(bucketWidth(286)).toBe(320);
    expect(bucketWidth(320)).toBe(320);
    expect(bucketWidth(0)).toBe(40);
    expect(bucketWidth(Number.NaN)).toBe(40);
  });

  it('srcset covers 1x, 2x and 3x with width descriptors; sizes is the rendered width', () => {
    const sources = imageSources({ url: 'https://img.test/a.png', ratio: { x: 16, y: 9 } }, 286.4);
    const entries = sources.srcset.split(', ').map((s) => s.split(' '));
    expect(entries.map((e) => e[1])).toEqual(['320w', '640w', '960w']);
    expect(entries.map((e) => new URL(e[0] ?? '').searchParams.get('width'))).toEqual(['320', '640', '960']);
    expect(new URL(sources.src).searchParams.get('width')).toBe('320');
    expect(sources.sizes).toBe('287px');
    expect([sources.width, sources.height]).toEqual([320, 180]);
  });

  it('never asks for more than the natural width or the service maximum', () => {
    const natural = imageSources(
      { url: 'https://img.test/a.png', ratio: { x: 1, y: 1 }, naturalWidth: 600 },
      300,
    );
    expect(natural.srcset.split(', ').map((s) => s.split(' ')[1])).toEqual(['320w', '600w']);
    const huge = imageSources({ url: 'https://img.test/a.png', ratio: { x: 2, y: 1 } }, 1000);
    expect(huge.srcset.split(', ').map((s) => s.split(' ')[1])).toEqual(['1000w', `${MAX_REQUEST_WIDTH}w`]);
  });
});
