import { afterEach, describe, expect, inject, test } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import '../../define.js';
import {
  animationsSettled,
  box,
  clearStage,
  deepQuery,
  deepQueryAll,
  find,
  loadedImage,
  mockOffer,
  offersResponse,
  pageCss,
  type RawOfferJson,
  uncachedImages,
  renderCard,
  shown,
  shownAll,
  within,
} from '../../../test/components/dom.js';

/**
 * `<adpx-offer>` alone, in real Chromium: the texts its own width picks, the image it asks for, the
 * QR code, the footer with the terms open, right to left (docs/decisions/004-card-fragments.md).
 * Flows with the service (beacons, actions) are in e2e/card-actions.spec.ts and e2e/tracking.spec.ts.
 */

afterEach(clearStage);

const text = (el: Element): string => el.textContent?.trim() ?? '';
const headline = (card: Element): string => text(shown(card, '[part~="headline"]'));
const description = (card: Element): string => text(shown(card, '[part~="description"]'));
const privacyUrl = (): string => offersResponse().privacy_url ?? '';

describe('texts follow the card width, not the window', () => {
  test('at 1280px a 320px card reads the short texts and a 720px card the long ones, one pair each for assistive technology', async () => {
    const offer = mockOffer();
    const narrow = within(await renderCard(offer, 320));
    const wide = within(await renderCard(offer, 720));
    expect(headline(narrow.element())).toBe(offer.short_headline);
    expect(description(narrow.element())).toBe(offer.short_description);
    expect(headline(wide.element())).toBe(offer.title);
    expect(description(wide.element())).toBe(offer.description);

    // The hidden pair is out of the accessibility tree: one heading each, and the card is named by it.
    expect(narrow.getByRole('heading').elements()).toHaveLength(1);
    expect(wide.getByRole('heading').elements()).toHaveLength(1);
    await expect.element(narrow.getByRole('heading')).toHaveTextContent(offer.short_headline ?? '');
    await expect.element(wide.getByRole('heading')).toHaveTextContent(offer.title ?? '');
    await expect.element(narrow.getByRole('article', { name: offer.short_headline })).toBeVisible();
    await expect.element(wide.getByRole('article', { name: offer.title })).toBeVisible();
    await expect.element(narrow.getByText(offer.description ?? '')).not.toBeVisible();
    await expect.element(wide.getByText(offer.short_description ?? '')).not.toBeVisible();
  });

  test('a card that grows past 480px switches to the long texts, with no script', async () => {
    const offer = mockOffer();
    const card = await renderCard(offer, 479);
    expect(headline(card)).toBe(offer.short_headline);
    (card.parentElement as HTMLElement).style.width = '480px';
    await expect.poll(() => shownAll(card, '[part~="headline"]').map(text)).toEqual([offer.title]);
    expect(within(card).getByRole('heading').elements()).toHaveLength(1);
  });

  test('on a 360px phone a card filling the page reads the short texts', async () => {
    await page.viewport(360, 780);
    try {
      const offer = mockOffer();
      const card = await renderCard(offer);
      expect(box(card).width).toBeLessThanOrEqual(360);
      expect(headline(card)).toBe(offer.short_headline);
      expect(description(card)).toBe(offer.short_description);
    } finally {
      await page.viewport(1280, 800);
    }
  });

  test('a missing pair falls back to the other one at either width', async () => {
    const mutate = (offers: RawOfferJson[]) => {
      const [first, second] = offers;
      if (!first || !second) throw new Error('two offers expected');
      delete first.short_headline;
      delete first.short_description;
      delete second.title;
      delete second.description;
    };
    const first = mockOffer(1001, mutate);
    const second = mockOffer(1002, mutate);
    const narrowFirst = await renderCard(first, 320);
    const wideSecond = await renderCard(second, 720);
    const wideFirst = await renderCard(first, 720);
    expect(headline(narrowFirst)).toBe(first.title);
    expect(description(narrowFirst)).toBe(first.description);
    expect(headline(wideSecond)).toBe(second.short_headline);
    expect(description(wideSecond)).toBe(second.short_description);
    expect(headline(wideFirst)).toBe(first.title);
  });
});

/** The width and ratio the card asked the service's image resizer for, and the frame's width. */
async function chosenImage(card: Element): Promise<{ url: URL; frame: number; img: HTMLImageElement }> {
  const img = await loadedImage(card);
  return { url: new URL(img.currentSrc), frame: box(shown(card, '[part~="media"]')).width, img };
}

/** Image requests the page made since `since` (resource timing), one entry per download. */
const imageRequests = (since: number): string[] =>
  performance
    .getEntriesByType('resource')
    .filter((e) => e.startTime >= since && e.name.includes('/img/'))
    .map((e) => e.name);

describe('image', () => {
  test('at 1x the image is asked for at the drawn width (40px steps) and the creative ratio', async () => {
    const offer = mockOffer(undefined, uncachedImages);
    for (const width of [320, 720]) {
      const { url, frame } = await chosenImage(await renderCard(offer, width));
      const asked = Number(url.searchParams.get('width'));
      expect(asked).toBeGreaterThanOrEqual(frame);
      expect(asked).toBeLessThan(frame + 40);
      expect(url.searchParams.get('aspect_ratio')).toBe('191:100');
    }
  });

  for (const [scale, viewport, widths] of [
    [2, 1280, [320, 720]],
    [3, 360, [undefined]],
  ] as const) {
    test(`at ${scale}x (${viewport}px wide) the ${scale}x candidate of the drawn width is the one downloaded, once per card`, async () => {
      await commands.setDeviceScaleFactor(scale);
      await page.viewport(viewport, 800);
      try {
        expect(window.devicePixelRatio).toBe(scale);
        const offer = mockOffer(undefined, uncachedImages);
        const since = performance.now();
        for (const width of widths) {
          const card = await renderCard(offer, width);
          const { url, frame, img } = await chosenImage(card);
          const asked = Number(url.searchParams.get('width'));
          expect(asked).toBeGreaterThanOrEqual(scale * frame);
          expect(asked).toBeLessThan(scale * (frame + 40));
          expect(img.srcset).toContain(`width=${asked}&`);
          expect(img.srcset).toMatch(new RegExp(` ${asked}w`));
        }
        // This offer's own downloads: a card of an earlier test, already removed, may still
        // download its image again when the pixel ratio changes (its URL has no mark of this test).
        const mark = new URL(offer.image ?? '').searchParams.get('test');
        expect(mark).toBeTruthy();
        const own = imageRequests(since).filter((url) => new URL(url).searchParams.get('test') === mark);
        expect(own).toHaveLength(widths.length);
      } finally {
        await commands.setDeviceScaleFactor(null);
        await page.viewport(1280, 800);
      }
    });
  }

  test('a broken image hides its frame: no broken-image icon, the card stays whole', async () => {
    const offer = mockOffer(undefined, (offers) => {
      const first = offers[0];
      if (!first) throw new Error('an offer expected');
      first.image = `${inject('mockUrl')}/img/no-such-image.png`;
      first.creatives = [];
    });
    const card = await renderCard(offer, 320);
    expect(headline(card)).toBe(offer.short_headline);
    await expect.poll(() => deepQuery(card, '[part~="media"]')?.checkVisibility()).toBe(false);
    expect(deepQueryAll(card, 'img').filter((img) => img.checkVisibility())).toHaveLength(0);
    expect(deepQuery(card, '[part~="card"]')?.classList.contains('has-media')).toBe(false);
    expect(box(shown(card, '[part~="accept"]')).height).toBeGreaterThan(0);
  });

  test('the image is decorative and lazy unless the card is eager', async () => {
    const offer = mockOffer();
    const first = await renderCard(offer, 320, (card) => (card.eager = true));
    const second = await renderCard(offer, 720);
    const image = await find<HTMLImageElement>(first, '[part~="image"]');
    expect(image.getAttribute('alt')).toBe('');
    expect(image.getAttribute('loading')).toBe('eager');
    expect((await find(second, '[part~="image"]')).getAttribute('loading')).toBe('lazy');
  });
});

describe('theming a card used alone (docs/theming.md)', () => {
  test('font-size on the element sizes the card in proportion; its parts and --adpx-* come from the page', async () => {
    pageCss(`
      adpx-offer::part(headline) { text-transform: uppercase; }
      adpx-offer { --adpx-card-background: rgb(1, 2, 3); }
    `);
    const card = await renderCard(mockOffer(), 320);
    const size = (el: Element) => parseFloat(getComputedStyle(el).fontSize);
    const headline = size(shown(card, '[part~="headline"]'));
    expect(getComputedStyle(shown(card, '[part~="headline"]')).textTransform).toBe('uppercase');
    expect(getComputedStyle(shown(card, '[part~="card"]')).backgroundColor).toBe('rgb(1, 2, 3)');
    card.style.fontSize = '32px';
    await expect.poll(() => size(shown(card, '[part~="headline"]'))).toBeCloseTo(headline * 2, 1);
    card.style.setProperty('--adpx-headline-size', '40px');
    await expect.poll(() => size(shown(card, '[part~="headline"]'))).toBe(40);
  });
});

describe('QR code', () => {
  test('is shown only with show-qr, crisp, at most 228px, with a text alternative', async () => {
    const offer = mockOffer();
    expect(deepQuery(await renderCard(offer, 320), '[part~="qr"]')).toBeNull();
    for (const width of [320, 720]) {
      const card = await renderCard(offer, width, (el) => el.setAttribute('show-qr', ''));
      const qr = page
        .elementLocator(card)
        .getByRole('img', { name: 'QR code: scan to open the offer from StreamMax on your phone' });
      await expect.element(qr).toBeVisible();
      const img = qr.element() as HTMLImageElement;
      await expect.poll(() => img.complete && img.naturalWidth).toBe(228);
      const { width: drawn, height } = box(img);
      expect(drawn).toBeLessThanOrEqual(228);
      expect(drawn).toBe(height);
      expect(getComputedStyle(img).imageRendering).toBe('pixelated');
      expect(getComputedStyle(img).objectFit).toBe('contain');
    }
  });
});

describe('other fragments', () => {
  test('advertiser name, small print and loyalty boost', async () => {
    const [plain, boosted] = [mockOffer(1001), mockOffer(1002)];
    const first = await renderCard(plain, 360);
    const second = await renderCard(boosted, 360);
    expect(text(shown(first, '[part~="advertiser"]'))).toBe(`Offer from ${plain.advertiser_name}`);
    expect(text(shown(first, '[part~="mini-text"]'))).toBe(plain.mini_text);
    expect(deepQuery(first, '[part~="loyalty"]')).toBeNull();
    const loyalty = text(shown(second, '[part~="loyalty"]'));
    expect(loyalty).toContain('Loyalty boost');
    expect(loyalty).toContain(boosted.loyaltyboost_requirements);
  });

  test('text that looks like HTML is shown as text and creates no element', async () => {
    const payload = '<img src=x onerror="window.pwned=1"><b>bold</b>';
    const offer = mockOffer(undefined, (offers) => {
      const first = offers[0];
      if (!first) throw new Error('an offer expected');
      for (const field of ['title', 'short_headline', 'description', 'short_description', 'mini_text']) {
        first[field] = payload;
      }
      Object.assign(first, {
        advertiser_name: payload,
        cta_yes: '<i>yes</i>',
        cta_no: '<u>no</u>',
        is_loyaltyboost: true,
        loyaltyboost_requirements: payload,
      });
    });
    for (const width of [320, 720]) {
      const card = await renderCard(offer, width);
      expect(headline(card)).toBe(payload);
      expect(text(shown(card, '[part~="accept"]'))).toBe('<i>yes</i>');
      expect(text(shown(card, '[part~="decline"]'))).toBe('<u>no</u>');
      expect(text(shown(card, '[part~="advertiser"]'))).toBe(`Offer from ${payload}`);
      expect(deepQueryAll(card, 'img[src="x"], b, i, u')).toHaveLength(0);
      // The card's own image has loaded: an onerror of an injected image would have run by now.
      await loadedImage(card);
    }
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });

  test('open terms span the card: the footer row gives them its width and Privacy moves below', async () => {
    const card = await renderCard(mockOffer(), 320, (el) => el.setAttribute('privacy-url', privacyUrl()));
    const terms = shown(card, '[part~="terms"]');
    const privacy = shown(card, '[part~="privacy"]');
    const toggle = shown(card, '[part~="terms-toggle"]');
    // The footer row is as wide as the CTA row above it: the card's content box.
    const rowWidth = () => box(shown(card, '[part~="actions"]')).width;
    const boxes = async () => {
      await animationsSettled();
      return { t: box(terms), p: box(privacy) };
    };
    // Closed: control and Privacy share one row, the control beside Privacy.
    let { t, p } = await boxes();
    expect(Math.abs(t.y - p.y)).toBeLessThan(1);
    expect(t.width).toBeLessThan(rowWidth() - p.width);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(toggle);
    await expect.poll(() => shownAll(card, '[part~="terms-content"]')).toHaveLength(1);
    ({ t, p } = await boxes());
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(Math.abs(t.width - rowWidth())).toBeLessThan(1);
    expect(p.y).toBeGreaterThanOrEqual(t.y + t.height - 1);

    await userEvent.click(toggle);
    await expect.poll(() => shownAll(card, '[part~="terms-content"]')).toHaveLength(0);
    ({ t, p } = await boxes());
    expect(Math.abs(t.y - p.y)).toBeLessThan(1);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  test('in modal mode the footer keeps its one row while the terms are open', async () => {
    const card = await renderCard(mockOffer(), 320, (el) => {
      el.setAttribute('privacy-url', privacyUrl());
      el.setAttribute('terms', 'modal');
    });
    const terms = shown(card, '[part~="terms"]');
    const privacy = shown(card, '[part~="privacy"]');
    await userEvent.click(shown(card, '[part~="terms-toggle"]'));
    await expect.poll(() => shownAll(card, '[part~="terms-dialog"]')).toHaveLength(1);
    expect(shown<HTMLDialogElement>(card, '[part~="terms-dialog"]').open).toBe(true);
    expect(Math.abs(box(terms).y - box(privacy).y)).toBeLessThan(1);
  });

  test('in a right-to-left page the wide card mirrors: image on the right', async () => {
    document.documentElement.dir = 'rtl';
    try {
      const card = await renderCard(mockOffer(), 720);
      const media = box(shown(card, '[part~="media"]'));
      const heading = box(shown(card, '[part~="headline"]'));
      expect(media.x).toBeGreaterThan(heading.x);
    } finally {
      document.documentElement.removeAttribute('dir');
    }
  });
});

describe('right to left', () => {
  /** The box of the one character at `index` of an element's first text node (negative: from the end). */
  const charBox = (el: Element, index: number): DOMRect => {
    const node = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    if (!node?.textContent) throw new Error('no text');
    const at = index < 0 ? node.textContent.length + index : index;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + 1);
    return range.getBoundingClientRect();
  };

  test('in a right-to-left page an English offer keeps its full stop at the end of its words', async () => {
    document.documentElement.dir = 'rtl';
    try {
      const offer = mockOffer(1002, (offers) => {
        for (const o of offers) {
          o.loyaltyboost_requirements = 'Order twice.';
          o.cta_yes = 'Yes, please!';
          o.cta_no = 'Not today.';
        }
      });
      const card = await renderCard(offer, 360);
      for (const part of ['loyalty', 'accept', 'decline']) {
        const el = shown(card, `[part~="${part}"]`);
        const target = part === 'loyalty' ? shown(el, '.requirements') : el;
        // Left to right, the punctuation is right of the first letter, not left of the line.
        expect(charBox(target, -1).x, part).toBeGreaterThan(charBox(target, 0).x);
      }
    } finally {
      document.documentElement.removeAttribute('dir');
    }
  });
});

describe('wrapped labels', () => {
  /** The boxes of the lines of an element's text, in order. */
  const lines = (el: Element): DOMRect[] => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return [...range.getClientRects()].filter((r) => r.width > 0);
  };

  test('a wrapped Save for later or Terms label starts each line at the same edge', async () => {
    // A 240px sidebar column with the reader's text at 200%, labels whose lines differ in length.
    const card = await renderCard(mockOffer(1001), 240, (el) => {
      el.style.fontSize = '32px';
      Object.assign(el, { strings: { saveForLater: 'Save it for later', terms: 'Terms of this offer' } });
    });
    for (const part of ['save', 'terms-toggle']) {
      const label = shown(card, `[part~="${part}"]`);
      const words = label.querySelector('span');
      if (!words) throw new Error(`${part}: no label`);
      const rows = lines(words);
      expect(rows.length, part).toBeGreaterThan(1);
      const [first] = rows;
      for (const row of rows) expect(Math.abs(row.x - (first?.x ?? NaN)), part).toBeLessThan(1);
    }
  });
});

describe("a page's own CSS", () => {
  test("a page's * { box-sizing: content-box } leaves the card's controls their size", async () => {
    const sizes = async () => {
      const card = await renderCard(mockOffer(1001), 360, (el) => {
        el.setAttribute('privacy-url', privacyUrl());
      });
      const found = Object.fromEntries(
        ['card', 'accept', 'decline', 'save', 'privacy'].map((part) => {
          const { width, height } = box(shown(card, `[part~="${part}"]`));
          return [part, `${width.toFixed(1)}x${height.toFixed(1)}`];
        }),
      );
      clearStage();
      return found;
    };
    const clean = await sizes();
    pageCss('*, *::before, *::after { box-sizing: content-box; }');
    expect(await sizes()).toEqual(clean);
  });
});
