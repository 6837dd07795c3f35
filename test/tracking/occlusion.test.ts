import { describe, expect, it } from 'vitest';
import { intersect, samplePoints, unoccludedShare } from '../../src/tracking/occlusion.js';

describe('intersect', () => {
  it('clips a box to another', () => {
    expect(
      intersect(
        { left: -10, top: 700, width: 400, height: 300 },
        { left: 0, top: 0, width: 1280, height: 800 },
      ),
    ).toEqual({ left: 0, top: 700, width: 390, height: 100 });
  });

  it('gives an empty box for boxes that do not overlap', () => {
    const box = intersect(
      { left: 0, top: 900, width: 100, height: 100 },
      { left: 0, top: 0, width: 1280, height: 800 },
    );
    expect(box.width * box.height).toBe(0);
  });
});

describe('samplePoints', () => {
  it('puts an n x n grid at cell centres, inside the box', () => {
    const points = samplePoints({ left: 0, top: 100, width: 100, height: 50 }, 2);
    expect(points).toEqual([
      { x: 25, y: 112.5 },
      { x: 75, y: 112.5 },
      { x: 25, y: 137.5 },
      { x: 75, y: 137.5 },
    ]);
  });

  it('uses 25 points by default and none for an empty box (a 0x0 card)', () => {
    expect(samplePoints({ left: 0, top: 0, width: 10, height: 10 })).toHaveLength(25);
    expect(samplePoints({ left: 0, top: 0, width: 0, height: 0 })).toEqual([]);
  });
});

describe('unoccludedShare', () => {
  const card = { id: 'card' } as unknown as Element;
  const cover = { id: 'cover' } as unknown as Element;
  const points = samplePoints({ left: 0, top: 0, width: 100, height: 100 }, 4);

  it('is 1 when the card is on top everywhere', () => {
    expect(
      unoccludedShare(
        points,
        () => card,
        (e) => e === card,
      ),
    ).toBe(1);
  });

  it('counts the points where something else is on top as covered', () => {
    // A cover over the top half of the card.
    const hit = (_x: number, y: number) => (y < 50 ? cover : card);
    expect(unoccludedShare(points, hit, (e) => e === card)).toBe(0.5);
  });

  it('counts the points where nothing is hit as covered', () => {
    expect(
      unoccludedShare(
        points,
        () => null,
        () => true,
      ),
    ).toBe(0);
  });

  it('is 0 without points', () => {
    expect(
      unoccludedShare(
        [],
        () => card,
        () => true,
      ),
    ).toBe(0);
  });
});
