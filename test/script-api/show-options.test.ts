import { describe, expect, it } from 'vitest';
import {
  clampMargin,
  insetProperties,
  isLandscape,
  marginInsets,
  MAX_MARGIN_PERCENT,
  showLayout,
} from '../../src/script-api/show-options.js';

describe('clampMargin: each margin is 0..15 percent', () => {
  it.each([
    [0, 0],
    [7.5, 7.5],
    [15, 15],
    [15.01, 15],
    [100, 15],
    [Number.POSITIVE_INFINITY, 15],
    [-1, 0],
    [-0.5, 0],
    [Number.NEGATIVE_INFINITY, 0],
    [Number.NaN, 0],
    ['10', 10],
    ['20', 15],
    ['', 0],
    ['ten', 0],
    [undefined, 0],
    [null, 0],
    [true, 0],
    [{}, 0],
  ])('%j → %j', (value, expected) => {
    expect(clampMargin(value)).toBe(expected);
  });

  it('15 is the limit', () => expect(MAX_MARGIN_PERCENT).toBe(15));
});

describe('marginInsets: landscape against the height, portrait against the width', () => {
  const portrait = { width: 360, height: 740 };
  const landscape = { width: 740, height: 360 };

  it.each([
    ['portrait', portrait, { topMargin: 10 }, { top: 36, right: 0, bottom: 0, left: 0 }],
    ['landscape', landscape, { topMargin: 10 }, { top: 36, right: 0, bottom: 0, left: 0 }],
    ['portrait, over 15', portrait, { leftMargin: 40 }, { top: 0, right: 0, bottom: 0, left: 54 }],
    ['landscape, negative', landscape, { rightMargin: -3 }, { top: 0, right: 0, bottom: 0, left: 0 }],
    [
      'portrait, all sides',
      { width: 400, height: 900 },
      { topMargin: 5, rightMargin: 15, bottomMargin: 2.5, leftMargin: 1 },
      { top: 20, right: 60, bottom: 10, left: 4 },
    ],
    [
      'landscape, all sides',
      { width: 900, height: 400 },
      { topMargin: 5, rightMargin: 15, bottomMargin: 2.5, leftMargin: 1 },
      { top: 20, right: 60, bottom: 10, left: 4 },
    ],
    ['NaN', portrait, { topMargin: Number.NaN }, { top: 0, right: 0, bottom: 0, left: 0 }],
    ['no position', portrait, undefined, { top: 0, right: 0, bottom: 0, left: 0 }],
    [
      'fractions round to 1/100 px',
      { width: 333, height: 500 },
      { topMargin: 1 },
      { top: 3.33, right: 0, bottom: 0, left: 0 },
    ],
  ])('%s', (_label, viewport, position, insets) => {
    expect(marginInsets(position, viewport)).toEqual(insets);
  });

  it('a square viewport counts as portrait', () => {
    expect(isLandscape({ width: 500, height: 500 })).toBe(false);
    expect(isLandscape({ width: 501, height: 500 })).toBe(true);
  });

  it('rotating the device keeps the margins when the short side stays the same', () => {
    const position = { topMargin: 12, leftMargin: 3 };
    expect(marginInsets(position, { width: 390, height: 844 })).toEqual(
      marginInsets(position, { width: 844, height: 390 }),
    );
  });
});

describe('showLayout and insetProperties', () => {
  it.each([
    [undefined, 'popup', 'popup'],
    [{ type: 'fullscreen' as const }, 'popup', 'fullscreen'],
    [{ type: 'popup' as const }, 'inline', 'popup'],
    [{ type: 'sideways' as unknown as 'popup' }, 'inline', 'inline'],
  ] as const)('%j with fallback %s → %s', (styles, fallback, layout) => {
    expect(showLayout(styles, fallback)).toBe(layout);
  });

  it('insets become the unit’s --adpx-inset-* properties in px', () => {
    expect(insetProperties({ top: 1, right: 2.5, bottom: 0, left: 54 })).toEqual([
      ['--adpx-inset-top', '1px'],
      ['--adpx-inset-right', '2.5px'],
      ['--adpx-inset-bottom', '0px'],
      ['--adpx-inset-left', '54px'],
    ]);
  });
});
