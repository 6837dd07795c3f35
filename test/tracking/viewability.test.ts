import { describe, expect, it } from 'vitest';
import { LARGE_CARD_AREA, meetsViewability, type Geometry } from '../../src/tracking/viewability.js';

const viewport = { width: 1280, height: 800 };
const g = (card: [number, number], visible: [number, number], vp = viewport): Geometry => ({
  card: { width: card[0], height: card[1] },
  visible: { width: visible[0], height: visible[1] },
  viewport: vp,
});

describe('meetsViewability', () => {
  it.each([
    ['a small card fully in view counts', g([400, 300], [400, 300]), true],
    ['a small card exactly half in view counts (50% rule)', g([400, 300], [400, 150]), true],
    ['a small card 40% in view does not count', g([400, 300], [400, 120]), false],
    ['a small card 60% in view counts', g([400, 300], [400, 180]), true],
    ['a large card (>= 242,500 px²) counts at 30%', g([700, 400], [700, 120]), true],
    ['a large card at 25% does not count', g([700, 400], [700, 100]), false],
    ['a card taller than the viewport counts when it covers half the viewport', g([1280, 3000], [1280, 400]), true],
    ['a card taller than the viewport covering less than half does not count', g([300, 3000], [300, 800]), false],
    ['a zero-size card never counts (0x0 prefetch WebView)', g([0, 0], [0, 0]), false],
    ['a card with no visible part does not count', g([400, 300], [0, 0]), false],
    ['a card in a 0x0 viewport does not count', g([400, 300], [0, 0], { width: 0, height: 0 }), false],
  ])('%s', (_why, geometry, expected) => {
    expect(meetsViewability(geometry)).toBe(expected);
  });

  it('keeps the large-card area of the industry rule', () => {
    expect(LARGE_CARD_AREA).toBe(242_500);
  });

  it('applies the ratio rules without a known viewport', () => {
    expect(meetsViewability({ card: { width: 100, height: 100 }, visible: { width: 100, height: 60 }, viewport: null })).toBe(
      true,
    );
  });
});
