import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { commands, page } from 'vitest/browser';
import '../../define.js';
import type { OffersResponse } from '../../model/types.js';
import { contrastRatio } from '../../../test/components/contrast.js';
import {
  animationsSettled,
  box,
  clearStage,
  deepQuery,
  find,
  offersResponse,
  pageCss,
  shown,
  shownAll,
  stage,
  within,
  renderUnit as renderShared,
} from '../../../test/components/dom.js';

/**
 * `<adpx-offers>` given a response (no fetch), in real Chromium: where each layout puts the cards
 * and its controls (docs/theming.md), the card in a column, and the theming surface used from the
 * page (`--adpx-*`, `::part()`). Loading, beacons, focus and keyboard flows are in e2e/.
 */

type Unit = HTMLElement & {
  response?: unknown;
  show(): void;
  state: string;
  updateComplete: Promise<boolean>;
};

afterEach(clearStage);

/** A unit with `attributes`, in `parent` (a stage), rendering `response` (default: the mock's). */
const renderUnit = (
  attributes?: Record<string, string>,
  options?: { parent?: HTMLElement; response?: OffersResponse },
): Promise<Unit> => renderShared<Unit>(attributes, options);

/** The sRGB channels (0–255) of any CSS colour, as the browser paints it. */
function srgb(color: string): [number, number, number] {
  const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2d canvas');
  context.fillStyle = color;
  context.fillRect(0, 0, 1, 1);
  const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
  return [r, g, b];
}

/** WCAG contrast ratio of two CSS colours (computed values may be `rgb()`, `lch()`, …). */
function contrast(a: string, b: string): number {
  return contrastRatio(srgb(a), srgb(b));
}

/** Resolves after the next frame is painted. */
const painted = (): Promise<void> =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

const overlaps = (a: DOMRect, b: DOMRect): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The column of e2e/pages/unit-lab.html: at most 640px with 16px padding, centred, no body margin. */
function column(): HTMLElement {
  return stage(undefined, { style: 'max-width: 640px; margin: 0 auto; padding: 16px' });
}

beforeAll(() => {
  document.body.style.margin = '0';
});

describe('inline: the card in a column (docs/theming.md, "Card layout by width")', () => {
  /** The height the page reserves (--adpx-min-height): the tallest card here (360 px) with room to spare. */
  const RESERVED = 760;
  /** "About 40%": the image's height over the card's. */
  const MAX_IMAGE_SHARE = 0.42;

  for (const width of [360, 480, 736, 1024]) {
    test(`at ${width}px the image is at most ~40% of the card, no empty header row, no layout shift`, async () => {
      await page.viewport(width, 900);
      try {
        // Room reserved before the offers arrive, and page content below the unit.
        const parent = column();
        const unit = document.createElement('adpx-offers') as Unit;
        unit.setAttribute('manual', '');
        unit.style.setProperty('--adpx-min-height', `${RESERVED}px`);
        parent.append(unit);
        const after = stage();
        after.textContent = 'The page goes on below the unit.';
        const shifts: number[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            shifts.push((entry as PerformanceEntry & { value: number }).value);
        });
        observer.observe({ type: 'layout-shift', buffered: false });
        const below = box(after).y;
        // The page is painted with the room reserved before the offers arrive.
        await painted();

        unit.response = offersResponse();
        unit.show();
        await expect.poll(() => shownAll(unit, '[part~="headline"]').length).toBe(1);
        await find(unit, '[part~="image"]').then((img) =>
          (img as HTMLImageElement).decode().catch(() => undefined),
        );
        await animationsSettled();

        const card = box(shown(unit, '[part~="offer"]'));
        const media = box(shown(unit, '[part~="media"]'));
        expect(media.height).toBeGreaterThan(0);
        expect(media.height / card.height).toBeLessThanOrEqual(MAX_IMAGE_SHARE);

        // No heading: the close button floats over the card's top corner instead of a row of its own.
        const section = box(shown(unit, '[part~="unit"]'));
        const close = within(unit).getByRole('button', { name: 'Close' }).element();
        expect(card.y - section.y).toBeLessThanOrEqual(16);
        expect(overlaps(box(close), card)).toBe(true);
        // ... and keeps clear of the texts: the headline and advertiser line are not under it.
        for (const part of ['headline', 'advertiser']) {
          for (const el of shownAll(unit, `[part~="${part}"]`))
            expect(overlaps(box(close), box(el))).toBe(false);
        }

        // The reserved height held: nothing below the unit moved.
        expect(section.height).toBeLessThanOrEqual(RESERVED);
        expect(box(after).y).toBe(below);
        // Once a frame is painted after the last change, its layout-shift entries are in.
        await painted();
        observer
          .takeRecords()
          .forEach((entry) => shifts.push((entry as PerformanceEntry & { value: number }).value));
        observer.disconnect();
        expect(shifts.reduce((sum, v) => sum + v, 0)).toBe(0);
      } finally {
        await page.viewport(1280, 800);
      }
    });
  }

  test('with a heading the header row stays: heading and close button above the card', async () => {
    await page.viewport(736, 900);
    try {
      const unit = await renderUnit({ heading: 'Offers for you' }, { parent: column() });
      const card = box(shown(unit, '[part~="offer"]'));
      const heading = box(within(unit).getByRole('heading', { name: 'Offers for you' }).element());
      const close = box(within(unit).getByRole('button', { name: 'Close' }).element());
      expect(heading.y + heading.height).toBeLessThanOrEqual(card.y);
      expect(close.y + close.height).toBeLessThanOrEqual(card.y);
    } finally {
      await page.viewport(1280, 800);
    }
  });

  test('one offer at a time, the navigation row below it reads "1 of N"', async () => {
    const response = offersResponse();
    const unit = await renderUnit({}, { parent: stage(600) });
    expect(shownAll(unit, '[part~="offer"]')).toHaveLength(1);
    const card = box(shown(unit, '[part~="offer"]'));
    const nav = box(shown(unit, '[part~="nav"]'));
    expect(nav.y).toBeGreaterThanOrEqual(card.y + card.height - 1);
    expect(shown(unit, '[part~="progress"]').textContent?.trim()).toBe(`1 of ${response.count}`);
  });
});

describe('hidden fragments stay hidden', () => {
  test("a page's ::part() rule, !important included, cannot show what the offer lacks", async () => {
    // The unit renders a fragment an offer lacks as a hidden element (one template shape).
    pageCss(`adpx-offers::part(offerwall), adpx-offers::part(save), adpx-offers::part(privacy),
      adpx-offers::part(advertiser), adpx-offers::part(nav) { display: block !important; }`);
    const response = offersResponse((offers) => {
      offers.splice(1);
      const [first] = offers;
      if (!first) throw new Error('an offer expected');
      first.offerwall_enabled = false;
      first.perkswallet_enabled = false;
      delete first.advertiser_name;
    });
    delete (response as { privacy_url?: string }).privacy_url;
    const unit = await renderUnit({}, { response });
    for (const part of ['offerwall', 'save', 'privacy', 'advertiser', 'nav']) {
      const element = deepQuery(unit, `[part~="${part}"]`);
      expect(element, part).not.toBeNull();
      expect(element?.checkVisibility(), part).toBe(false);
    }
    expect(shown(unit, '[part~="accept"]').checkVisibility()).toBe(true);
  });
});

describe('the status as a custom state', () => {
  test('the page sees exactly one :state(), the current status, through show and close', async () => {
    const unit = await renderUnit();
    const states = () =>
      ['idle', 'loading', 'ready', 'shown', 'ended', 'closed', 'error'].filter((s) =>
        unit.matches(`:state(${s})`),
      );
    expect(states()).toEqual(['shown']);
    (unit as Unit & { close(): void }).close();
    await expect.poll(states).toEqual(['closed']);
    unit.response = offersResponse();
    await expect.poll(states).toEqual(['shown']);
  });
});

describe('popup and list', () => {
  test('popup: a modal dialog over the page, its box centred and at most --adpx-popup-width wide', async () => {
    const unit = await renderUnit({ layout: 'popup' });
    const overlay = shown<HTMLDialogElement>(unit, '[part~="overlay"]');
    expect(overlay.matches(':modal')).toBe(true);
    const dialog = box(shown(unit, '[part~="dialog"]'));
    expect(dialog.width).toBeLessThanOrEqual(480);
    expect(Math.abs(dialog.x + dialog.width / 2 - window.innerWidth / 2)).toBeLessThan(1);
    expect(Math.abs(dialog.y + dialog.height / 2 - window.innerHeight / 2)).toBeLessThan(1);
    // The card is inside the box.
    const card = box(shown(unit, '[part~="offer"]'));
    expect(card.x).toBeGreaterThanOrEqual(dialog.x);
    expect(card.x + card.width).toBeLessThanOrEqual(dialog.x + dialog.width);
  });

  test('popup: terms opened below the visible part of the box are scrolled into view', async () => {
    await page.viewport(390, 560);
    try {
      const unit = await renderUnit({ layout: 'popup' });
      const toggle = shown(unit, '[part~="terms-toggle"]');
      const scroller = shownAll(unit, '*').find((el) => getComputedStyle(el).overflowY === 'auto');
      if (!scroller) throw new Error('the popup has no scrolling box');
      toggle.scrollIntoView({ block: 'end' });
      toggle.click();
      const content = await find(unit, '[part~="terms-content"]:not([hidden])');
      await expect.poll(() => content.textContent?.trim().length ?? 0).toBeGreaterThan(0);
      await expect.poll(() => box(content).top).toBeLessThan(box(scroller).bottom - 24);
      // The control stays where the person clicked it: nothing scrolls further than needed.
      expect(box(toggle).top).toBeGreaterThanOrEqual(box(scroller).top);
    } finally {
      await page.viewport(1280, 800);
    }
  });

  test('popup: the insets are kept from each edge', async () => {
    const unit = await renderUnit({ layout: 'popup' });
    unit.style.setProperty('--adpx-inset-left', '700px');
    const dialog = box(shown(unit, '[part~="dialog"]'));
    expect(dialog.x).toBeGreaterThanOrEqual(700);
  });

  test('fullscreen: a modal dialog covering the viewport, the offer in a column of --adpx-fullscreen-width', async () => {
    const unit = await renderUnit({ layout: 'fullscreen' });
    unit.style.setProperty('--adpx-fullscreen-width', '500px');
    const overlay = shown<HTMLDialogElement>(unit, '[part~="overlay"]');
    expect(overlay.matches(':modal')).toBe(true);
    const cover = box(overlay);
    expect([cover.x, cover.y, cover.width, cover.height]).toEqual([
      0,
      0,
      window.innerWidth,
      window.innerHeight,
    ]);
    const card = box(shown(unit, '[part~="offer"]'));
    expect(card.width).toBeLessThanOrEqual(500);
    expect(Math.abs(card.x + card.width / 2 - window.innerWidth / 2)).toBeLessThan(1);
  });

  test('list: every offer stacked in order in the page flow, --adpx-list-gap apart', async () => {
    const response = offersResponse();
    const unit = await renderUnit({ layout: 'list' }, { parent: stage(600) });
    unit.style.setProperty('--adpx-list-gap', '40px');
    const list = shown(unit, '[part~="list"]');
    expect(list.tagName).toBe('OL');
    const cards = shownAll(unit, '[part~="offer"]').map(box);
    expect(cards).toHaveLength(response.count);
    expect(shownAll(unit, '[part~="headline"]').map((el) => el.textContent?.trim())).toEqual(
      response.offers.map((o) => o.title),
    );
    for (let i = 1; i < cards.length; i++) {
      const [above, below] = [cards[i - 1] as DOMRect, cards[i] as DOMRect];
      expect(below.x).toBe(above.x);
      expect(below.y - (above.y + above.height)).toBeCloseTo(40, 0);
    }
    expect(deepQuery(unit, '[part~="overlay"]')).toBeNull();
  });
});

describe('theming from the page (docs/theming.md)', () => {
  test('--adpx-primary-color on an ancestor beats the response and colours the positive CTA, with readable text on it', async () => {
    const response = offersResponse();
    response.styles.primary_color = '#00ff00';
    const parent = stage(600);
    parent.style.setProperty('--adpx-primary-color', 'rgb(200, 0, 80)');
    const unit = await renderUnit({}, { parent, response });
    const accept = getComputedStyle(shown(unit, '[part~="accept"]'));
    expect(accept.backgroundColor).toBe('rgb(200, 0, 80)');
    // The text on it is worked out for the page's colour: white on this dark pink (5.9:1).
    expect(contrast(accept.color, accept.backgroundColor)).toBeGreaterThanOrEqual(4.5);
  });

  /**
   * Primary colours a page or a response may choose: the demo's brand (#0f766e), the mock's, the
   * default, a sweep of greys through CIE L* 45 to 55, where white and black text contrast alike,
   * and colours within 0.03 of L* 49.4, where the rule switches.
   */
  const PALETTE = [
    ['#0f766e', '#5b3df5', '#1f5eff', '#ffe066', '#ffffff', '#000000', '#ff0000', '#00a000', '#0000ff'],
    ['#e0218a', '#ff8800', '#00aaff', '#6c6c6c', '#717171', '#747474', '#767676', '#777777', '#797979'],
    ['#7b7b7b', '#7e7e7e', '#828282', '#d12c2c', '#2f8f2f', '#8a6d00', '#7a5cff', '#b0369b', '#0a8a8a'],
    ['#1478cc', '#5f6ecc', '#aa4bcc', '#558200', '#5a7899', '#7e5aee'],
  ].flat();

  test.each(PALETTE)(
    'text on %s keeps 4.5:1: as the primary colour, and as the Accept background',
    async (color) => {
      const response = offersResponse();
      response.styles.primary_color = color;
      const unit = await renderUnit({}, { response });
      const ratio = (): number => {
        const accept = getComputedStyle(shown(unit, '[part~="accept"]'));
        return contrast(accept.color, accept.backgroundColor);
      };
      expect(ratio(), 'the response’s primary colour').toBeGreaterThanOrEqual(4.5);
      unit.style.setProperty('--adpx-primary-color', '#1f5eff');
      unit.style.setProperty('--adpx-accept-background', color);
      expect(ratio(), 'the page’s Accept background').toBeGreaterThanOrEqual(4.5);
    },
  );

  test('the theming examples: ::part(dialog), ::part(accept), font-size on the element', async () => {
    pageCss(`
      adpx-offers::part(dialog) { border-radius: 24px; }
      adpx-offers::part(accept) { text-transform: uppercase; }
    `);
    const unit = await renderUnit({ layout: 'popup' });
    expect(getComputedStyle(shown(unit, '[part~="dialog"]')).borderTopLeftRadius).toBe('24px');
    expect(getComputedStyle(shown(unit, '[part~="accept"]')).textTransform).toBe('uppercase');

    const size = (el: Element) => parseFloat(getComputedStyle(el).fontSize);
    const headline = size(shown(unit, '[part~="headline"]'));
    unit.style.fontSize = '32px';
    await expect.poll(() => size(shown(unit, '[part~="headline"]'))).toBeCloseTo(headline * 2, 1);
  });

  test("a card's own part is styled from the page through the unit", async () => {
    pageCss(
      'adpx-offers::part(headline) { color: rgb(1, 2, 3); } adpx-offers::part(card) { outline: 3px solid rgb(4, 5, 6); }',
    );
    const unit = await renderUnit({}, { parent: stage(600) });
    expect(getComputedStyle(shown(unit, '[part~="headline"]')).color).toBe('rgb(1, 2, 3)');
    expect(getComputedStyle(shown(unit, '[part~="card"]')).outlineColor).toBe('rgb(4, 5, 6)');
  });

  test('the page reserves room with --adpx-min-height before the offers arrive', async () => {
    const parent = stage(600);
    const unit = document.createElement('adpx-offers') as Unit;
    unit.setAttribute('manual', '');
    unit.style.setProperty('--adpx-min-height', '420px');
    parent.append(unit);
    await expect.poll(() => box(unit).height).toBe(420);
  });
});

describe('right to left, motion, forced colours', () => {
  test('in a right-to-left page Previous is on the right and Next on the left', async () => {
    const unit = await renderUnit({ dir: 'rtl' }, { parent: stage(600) });
    const previous = box(shown(unit, '[part~="previous"]'));
    const next = box(shown(unit, '[part~="next"]'));
    expect(previous.x).toBeGreaterThan(next.x);
    const ltr = await renderUnit({}, { parent: stage(600) });
    expect(box(shown(ltr, '[part~="previous"]')).x).toBeLessThan(box(shown(ltr, '[part~="next"]')).x);
  });

  test('the popup fades and rises only without a reduced-motion preference', async () => {
    const animated = async (): Promise<number> => {
      const unit = document.createElement('adpx-offers') as Unit;
      unit.setAttribute('layout', 'popup');
      stage().append(unit);
      unit.response = offersResponse();
      await find(unit, '[part~="dialog"]');
      await unit.updateComplete; // the whole render, after the hidden draft (draft-pass.ts)
      const count = await animationsSettled();
      clearStage();
      return count;
    };
    await commands.emulateMedia({ reducedMotion: 'reduce' });
    try {
      expect(await animated()).toBe(0);
    } finally {
      await commands.emulateMedia({ reducedMotion: 'no-preference' });
    }
    expect(await animated()).toBeGreaterThan(0);
  });

  test('forced colours: the unit box and the navigation buttons keep a system-colour border', async () => {
    await commands.emulateMedia({ forcedColors: 'active' });
    try {
      const unit = await renderUnit({}, { parent: stage(600) });
      const probe = stage();
      probe.style.color = 'CanvasText';
      const canvasText = getComputedStyle(probe).color;
      for (const part of ['unit', 'next']) {
        const style = getComputedStyle(shown(unit, `[part~="${part}"]`));
        expect(style.borderTopStyle).not.toBe('none');
        expect(parseFloat(style.borderTopWidth)).toBeGreaterThan(0);
        expect(style.borderTopColor).toBe(canvasText);
      }
    } finally {
      await commands.emulateMedia({ forcedColors: 'none' });
    }
  });

  test('forced colours: the one card of an inline unit or a popup draws no frame of its own against its text', async () => {
    await commands.emulateMedia({ forcedColors: 'active' });
    try {
      for (const layout of ['inline', 'popup']) {
        const unit = await renderUnit({ layout }, { parent: stage(600) });
        const card = getComputedStyle(shown(unit, '[part~="card"]'));
        // The unit's box frames it; a border of the card (no padding) would touch its image and text.
        expect(card.paddingTop, layout).toBe('0px');
        expect(card.borderTopWidth, layout).toBe('0px');
        clearStage();
      }
      // In a list each card keeps its frame, around its padding.
      const list = await renderUnit({ layout: 'list' }, { parent: stage(600) });
      for (const card of shownAll(list, '[part~="card"]')) {
        expect(parseFloat(getComputedStyle(card).borderTopWidth)).toBeGreaterThan(0);
      }
    } finally {
      await commands.emulateMedia({ forcedColors: 'none' });
    }
  });
});

describe('loading', () => {
  test('with no consent platform to wait for, the POST leaves before the unit first renders', async () => {
    const calls: { updated: boolean; rendered: number }[] = [];
    const unit = document.createElement('adpx-offers') as Unit & { hasUpdated: boolean };
    const realFetch = window.fetch;
    window.fetch = () => {
      calls.push({ updated: unit.hasUpdated, rendered: unit.shadowRoot?.childElementCount ?? 0 });
      return new Promise<Response>(() => {});
    };
    try {
      unit.setAttribute('api-key', 'demo-key');
      unit.setAttribute('placement', 'checkout');
      unit.setAttribute('endpoint', 'http://127.0.0.1:9');
      stage().append(unit);
      await expect.poll(() => unit.hasUpdated).toBe(true);
    } finally {
      window.fetch = realFetch;
    }
    expect(calls).toEqual([{ updated: false, rendered: 0 }]);
    expect(unit.state).toBe('loading');
  });

  test('a unit’s first update comes in a task after the one that connected it (draft-pass.ts)', async () => {
    const unit = document.createElement('adpx-offers') as Unit & { hasUpdated: boolean };
    unit.setAttribute('manual', '');
    stage().append(unit);
    // Every microtask of this task run: Lit's first update would have run by now.
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    expect(unit.hasUpdated).toBe(false);
    expect(await unit.updateComplete).toBe(true);
    expect(unit.hasUpdated).toBe(true);
  });

  test('an answer accepted in one task is rendered in a later one (draft-pass.ts)', async () => {
    const unit = document.createElement('adpx-offers') as Unit & { hasUpdated: boolean };
    unit.setAttribute('manual', '');
    stage().append(unit);
    await expect.poll(() => unit.hasUpdated).toBe(true);
    const found: string[] = [];
    unit.addEventListener('adpx-ads-found', () => found.push(unit.state));
    unit.response = offersResponse();
    unit.show();
    // Every microtask of this task run: Lit's update would have rendered by now.
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    expect(found).toEqual(['ready']);
    expect(unit.state).toBe('shown');
    expect(unit.shadowRoot?.querySelector('[part~="offer"]') ?? null).toBeNull();
    await unit.updateComplete;
    expect(shownAll(unit, '[part~="headline"]').length).toBeGreaterThan(0);
  });
});
