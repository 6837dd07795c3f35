/**
 * Occlusion: how much of a card's visible part is covered by other content. Used only where
 * IntersectionObserver v2 reports `isVisible === false` (docs/decisions/002-impression-rule.md):
 * v2 says "something covers or alters the card" but not how much, and it also says so for our own
 * close button over the card's corner and for any transform, filter or opacity below 1. A hit test
 * on a grid of points over the visible part measures the share that really shows the card.
 */

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Points per side of the sampling grid: 5 × 5 = 25 hit tests. */
export const OCCLUSION_GRID = 5;

/** The intersection of two boxes; zero width/height when they do not overlap. */
export function intersect(a: Box, b: Box): Box {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  const right = Math.min(a.left + a.width, b.left + b.width);
  const bottom = Math.min(a.top + a.height, b.top + b.height);
  return { left, top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** The centres of an n × n grid of cells over `box`; none for an empty box. */
export function samplePoints(box: Box, n = OCCLUSION_GRID): Point[] {
  if (!(box.width > 0 && box.height > 0) || n < 1) return [];
  const points: Point[] = [];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      points.push({
        x: box.left + ((col + 0.5) * box.width) / n,
        y: box.top + ((row + 0.5) * box.height) / n,
      });
    }
  }
  return points;
}

/**
 * The share (0..1) of `points` at which the topmost element belongs to the card. `hit` returns the
 * topmost element at a point (or null); `ownsHit` says whether it belongs to the card.
 */
export function unoccludedShare(
  points: readonly Point[],
  hit: (x: number, y: number) => Element | null,
  ownsHit: (element: Element) => boolean,
): number {
  if (points.length === 0) return 0;
  let shown = 0;
  for (const { x, y } of points) {
    const element = hit(x, y);
    if (element && ownsHit(element)) shown += 1;
  }
  return shown / points.length;
}

/** Whether this browser implements IntersectionObserver v2 (`trackVisibility`, `isVisible`). */
export function supportsVisibilityTracking(): boolean {
  return (
    typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype
  );
}

/** The card's box now, the document's viewport, and the part of the box inside it. */
export function boxInViewport(card: Element): { box: Box; visible: Box; viewport: Box } {
  const doc = card.ownerDocument;
  const root = doc.documentElement;
  const view = doc.defaultView;
  const viewport: Box = {
    left: 0,
    top: 0,
    width: root.clientWidth || (view?.innerWidth ?? 0),
    height: root.clientHeight || (view?.innerHeight ?? 0),
  };
  const r = card.getBoundingClientRect();
  const box: Box = { left: r.left, top: r.top, width: r.width, height: r.height };
  return { box, visible: intersect(box, viewport), viewport };
}

/**
 * Measures the share of `visible`, the part of `card` in view, that is not covered, by hit testing
 * in the card's own tree scope. `visible` is the observer's `intersectionRect`: clipped by the
 * viewport and by every ancestor that clips (a scroller's hidden part is out of view, not a cover;
 * measured over the card's whole box it would count twice). What belongs to the card: the card and
 * its content, and, when the card lives in a component's shadow root (the offer unit), the other
 * elements of that shadow root — the unit's own close button and frame are part of the ad, not a
 * cover over it. Covers in a parent document (the card inside an iframe) are out of reach of a hit
 * test.
 */
export function measureUnoccluded(card: Element, visible: Box = boxInViewport(card).visible): number {
  const doc = card.ownerDocument;
  const view = doc.defaultView;
  if (!view) return 0;
  const root = card.getRootNode();
  const shadow = root instanceof view.ShadowRoot ? root : null;
  const scope: DocumentOrShadowRoot = shadow ?? doc;
  const ownsHit = (element: Element): boolean =>
    element === card || card.contains(element) || (shadow !== null && element.getRootNode() === shadow);
  return unoccludedShare(samplePoints(visible), (x, y) => scope.elementFromPoint(x, y), ownsHit);
}
