import { describe, expect, it } from 'vitest';
import {
  assessViewability,
  LARGE_CARD_AREA,
  ruleRatios,
  thresholdsFor,
  VIEWABILITY_THRESHOLDS,
  type Geometry,
} from '../../src/tracking/viewability.js';

const viewport = { width: 1280, height: 800 };
const meetsViewability = (geometry: Geometry): boolean => assessViewability(geometry).holds;
const g = (
  card: [number, number],
  visible: [number, number],
  vp = viewport,
  unoccluded?: number,
): Geometry => ({
  card: { width: card[0], height: card[1] },
  visible: { width: visible[0], height: visible[1] },
  viewport: vp,
  ...(unoccluded === undefined ? {} : { unoccluded }),
});

describe('meetsViewability', () => {
  it.each([
    ['a small card fully in view counts', g([400, 300], [400, 300]), true],
    ['a small card exactly half in view counts (50% rule)', g([400, 300], [400, 150]), true],
    ['a small card 40% in view does not count', g([400, 300], [400, 120]), false],
    ['a small card 60% in view counts', g([400, 300], [400, 180]), true],
    ['a card just under the large-card area keeps the 50% rule', g([485, 499], [485, 200]), false],
    ['a large card (>= 242,500 px²) counts at 30%', g([700, 400], [700, 120]), true],
    ['a card of exactly 242,500 px² is large', g([500, 485], [500, 146]), true],
    ['a large card at 25% does not count', g([700, 400], [700, 100]), false],
    [
      'a card taller than the viewport counts when it covers half the viewport',
      g([1280, 3000], [1280, 400]),
      true,
    ],
    [
      'a card taller than the viewport covering less than half does not count',
      g([300, 3000], [300, 800]),
      false,
    ],
    [
      'a tall card filling a small viewport counts',
      g([800, 2000], [800, 400], { width: 800, height: 400 }),
      true,
    ],
    [
      'a tall card covering 40% of a small viewport does not',
      g([800, 2000], [800, 160], { width: 800, height: 400 }),
      false,
    ],
    ['a zero-size card never counts (0x0 prefetch WebView)', g([0, 0], [0, 0]), false],
    ['a zero-width card never counts', g([0, 300], [0, 300]), false],
    ['a card with no visible part does not count', g([400, 300], [0, 0]), false],
    ['a card in a 0x0 viewport does not count', g([400, 300], [0, 0], { width: 0, height: 0 }), false],
    [
      'a fully visible card half covered by other content counts (50%)',
      g([400, 300], [400, 300], viewport, 0.5),
      true,
    ],
    ['a fully visible card 60% covered does not count', g([400, 300], [400, 300], viewport, 0.4), false],
    [
      'a 60% visible card with a fifth of that covered does not count',
      g([400, 300], [400, 180], viewport, 0.8),
      false,
    ],
    ['a card covered entirely does not count', g([400, 300], [400, 300], viewport, 0), false],
  ])('%s', (_why, geometry, expected) => {
    expect(meetsViewability(geometry)).toBe(expected);
  });

  it('keeps the large-card area of the industry rule', () => {
    expect(LARGE_CARD_AREA).toBe(242_500);
  });

  it('applies the ratio rules without a known viewport', () => {
    expect(
      meetsViewability({
        card: { width: 100, height: 100 },
        visible: { width: 100, height: 60 },
        viewport: null,
      }),
    ).toBe(true);
    expect(
      meetsViewability({
        card: { width: 100, height: 900 },
        visible: { width: 100, height: 400 },
        viewport: null,
      }),
    ).toBe(false);
  });
});

describe('assessViewability', () => {
  it('gives the reason for each decision', () => {
    expect(assessViewability(g([400, 300], [400, 120]))).toEqual({
      holds: false,
      reason: '40% of the card visible, needs 50%',
    });
    expect(assessViewability(g([0, 0], [0, 0])).reason).toBe('card has zero size');
    expect(assessViewability(g([400, 300], [400, 300], viewport, 0.25)).reason).toBe(
      '25% of the card visible (75% of it covered), needs 50%',
    );
    expect(assessViewability(g([800, 2000], [800, 400], { width: 800, height: 400 }))).toEqual({
      holds: true,
      reason: '20% of the card visible, needs 30%; taller than the viewport: covers 100% of it, needs 50%',
    });
  });
});

describe('thresholds', () => {
  it('has a 5% grid that contains both share rules', () => {
    expect(VIEWABILITY_THRESHOLDS).toHaveLength(21);
    expect(VIEWABILITY_THRESHOLDS).toContain(0.5);
    expect(VIEWABILITY_THRESHOLDS).toContain(0.3);
  });

  it('names the ratio at which a tall card starts to cover half the viewport', () => {
    // 800 x 2000 card, 800 x 400 viewport: half the viewport is 160,000 px², 10% of the card.
    expect(ruleRatios({ width: 800, height: 2000 }, { width: 800, height: 400 })).toEqual([0.3, 0.1]);
    expect(ruleRatios({ width: 1280, height: 3000 }, viewport)).toEqual([
      0.3,
      (1280 * 800) / 2 / (1280 * 3000),
    ]);
    expect(ruleRatios({ width: 400, height: 300 }, viewport)).toEqual([0.5]);
    expect(ruleRatios({ width: 400, height: 300 }, null)).toEqual([0.5]);
  });

  it('adds the exact rule ratios to the grid, sorted and without duplicates', () => {
    expect(thresholdsFor({ width: 400, height: 300 }, viewport)).toEqual([...VIEWABILITY_THRESHOLDS]);
    const tall = thresholdsFor({ width: 1280, height: 3000 }, viewport);
    expect(tall).toHaveLength(22);
    expect(tall).toContain((1280 * 800) / 2 / (1280 * 3000));
    expect([...tall].sort((a, b) => a - b)).toEqual(tall);
  });
});
