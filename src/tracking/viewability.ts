/**
 * The rule for "visibly displayed" (docs/decisions/002-impression-rule.md):
 * - at least 50% of the card's pixels inside the viewport;
 * - 30% for a large card (242,500 px² or more, the industry's large-ad rule);
 * - a card taller than the viewport counts when it covers at least half of the viewport;
 * - a card of zero size never counts.
 * Page visibility and CSS hiding are checked by the impression controller.
 */
export const LARGE_CARD_AREA = 242_500;

export interface Geometry {
  /** The card's box. */
  card: { width: number; height: number };
  /** The part of the card inside the viewport. */
  visible: { width: number; height: number };
  /** The viewport, or null when unknown (then the large-card rules cannot apply). */
  viewport: { width: number; height: number } | null;
}

export function meetsViewability({ card, visible, viewport }: Geometry): boolean {
  const area = card.width * card.height;
  if (!(area > 0)) return false;
  const visibleArea = Math.max(0, visible.width) * Math.max(0, visible.height);
  if (visibleArea <= 0) return false;
  const ratio = visibleArea / area;
  if (ratio >= (area >= LARGE_CARD_AREA ? 0.3 : 0.5)) return true;
  if (viewport && card.height > viewport.height) {
    const viewportArea = viewport.width * viewport.height;
    return viewportArea > 0 && visibleArea >= viewportArea / 2;
  }
  return false;
}

/** IntersectionObserver thresholds fine enough to notice each rule becoming true. */
export const VIEWABILITY_THRESHOLDS: number[] = Array.from({ length: 21 }, (_, i) => i / 20);
