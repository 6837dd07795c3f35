/** A named mock image: its natural size and the two colours it is drawn with. */
export interface MockImage {
  width: number;
  height: number;
  from: readonly [number, number, number];
  to: readonly [number, number, number];
}

/**
 * Every image the mock serves under `/img/{name}.png`. Fixture offers point at these; an unknown
 * name answers 404 (handy to test a broken image).
 */
export const MOCK_IMAGES: Readonly<Record<string, MockImage>> = {
  'streammax-hero': { width: 1200, height: 628, from: [20, 20, 60], to: [229, 9, 20] },
  'streammax-square': { width: 600, height: 600, from: [229, 9, 20], to: [20, 20, 60] },
  'streammax-annual': { width: 1200, height: 628, from: [60, 20, 90], to: [255, 120, 60] },
  'freshcrate-hero': { width: 1200, height: 628, from: [46, 125, 50], to: [255, 193, 7] },
  'freshcrate-box': { width: 800, height: 800, from: [255, 193, 7], to: [46, 125, 50] },
  'freshcrate-dessert': { width: 1200, height: 628, from: [233, 30, 99], to: [255, 224, 178] },
  'voyager-card': { width: 856, height: 540, from: [13, 71, 161], to: [144, 202, 249] },
  'cleanwater-hero': { width: 1200, height: 628, from: [0, 151, 167], to: [224, 247, 250] },
  'cleanwater-banner': { width: 1200, height: 300, from: [0, 96, 100], to: [128, 222, 234] },
  'pulsefit-hero': { width: 1080, height: 1350, from: [255, 87, 34], to: [38, 50, 56] },
  'pulsefit-square': { width: 600, height: 600, from: [38, 50, 56], to: [255, 87, 34] },
  'pulsefit-wide': { width: 1200, height: 628, from: [255, 138, 101], to: [55, 71, 79] },
  'ledger-cover': { width: 900, height: 1200, from: [33, 33, 33], to: [189, 189, 189] },
  'ledger-wide': { width: 1200, height: 628, from: [62, 39, 35], to: [215, 204, 200] },
};

/** The named image, or `undefined`. */
export function findImage(name: string): MockImage | undefined {
  return Object.hasOwn(MOCK_IMAGES, name) ? MOCK_IMAGES[name] : undefined;
}
