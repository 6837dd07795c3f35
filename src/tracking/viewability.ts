/**
 * The rule for "visibly displayed" (docs/decisions/002-impression-rule.md), geometry part:
 * - at least 50% of the card's pixels inside the viewport;
 * - 30% for a large card (242,500 px² or more, the industry's large-ad rule);
 * - a card taller than the viewport counts when it covers at least half of the viewport;
 * - a card of zero size never counts.
 * Pixels covered by other content (occlusion, measured where IntersectionObserver v2 says the card
 * is not visible) do not count as visible. Page visibility and CSS hiding are checked by the
 * impression controller. Everything here is pure.
 */
export const LARGE_CARD_AREA = 242_500;

/** Share of a card's pixels that must be visible: normal and large cards. */
export const VISIBLE_SHARE = 0.5;
export const LARGE_VISIBLE_SHARE = 0.3;

/** Share of the viewport a card taller than the viewport must cover. */
export const VIEWPORT_COVER_SHARE = 0.5;

export interface Size {
  width: number;
  height: number;
}

export interface Geometry {
  /** The card's box. */
  card: Size;
  /** The part of the card inside the viewport. */
  visible: Size;
  /** The viewport, or null when unknown (then the tall-card rule cannot apply). */
  viewport: Size | null;
  /** Share (0..1) of the visible part not covered by other content. Default 1. */
  unoccluded?: number;
}

/** A decision of the rule, with the reason in words (for debug logging). */
export interface ViewabilityDecision {
  holds: boolean;
  reason: string;
}

const area = (s: Size): number => Math.max(0, s.width) * Math.max(0, s.height);
const pct = (n: number): string => `${Math.round(n * 1000) / 10}%`;
const clamp01 = (n: number): number => (n > 1 ? 1 : n > 0 ? n : 0);

/** The share of the card's pixels the rule asks for: 30% for a large card, else 50%. */
export function requiredShare(card: Size): number {
  return area(card) >= LARGE_CARD_AREA ? LARGE_VISIBLE_SHARE : VISIBLE_SHARE;
}

/** Applies the geometry rule and says why it holds or not. */
export function assessViewability({
  card,
  visible,
  viewport,
  unoccluded = 1,
}: Geometry): ViewabilityDecision {
  const cardArea = area(card);
  if (!(cardArea > 0)) return { holds: false, reason: 'card has zero size' };
  const seenArea = area(visible) * clamp01(unoccluded);
  if (!(seenArea > 0)) return { holds: false, reason: 'no part of the card is visible' };
  const share = seenArea / cardArea;
  const needed = requiredShare(card);
  const covered = unoccluded < 1 ? ` (${pct(1 - clamp01(unoccluded))} of it covered)` : '';
  const shareText = `${pct(share)} of the card visible${covered}, needs ${pct(needed)}`;
  if (share >= needed) return { holds: true, reason: shareText };
  if (viewport && card.height > viewport.height) {
    const viewportArea = area(viewport);
    const cover = viewportArea > 0 ? seenArea / viewportArea : 0;
    return {
      holds: viewportArea > 0 && cover >= VIEWPORT_COVER_SHARE,
      reason: `${shareText}; taller than the viewport: covers ${pct(cover)} of it, needs ${pct(VIEWPORT_COVER_SHARE)}`,
    };
  }
  return { holds: false, reason: shareText };
}

/**
 * IntersectionObserver thresholds every 5%, fine enough to follow the card. A loop, not
 * `Array.from({ length }, fn)`: MooTools and Prototype replace `Array.from` with one that ignores
 * the map function, and an observer given `undefined` thresholds throws (docs/decisions/014).
 */
export const VIEWABILITY_THRESHOLDS: readonly number[] = everyTwentieth();

function everyTwentieth(): number[] {
  const steps: number[] = [];
  for (let i = 0; i <= 20; i++) steps.push(i / 20);
  return steps;
}

/**
 * The intersection ratios at which the rule can change for this card: its required share and,
 * for a card taller than the viewport, the ratio at which it covers half the viewport. Observing
 * exactly these (besides the 5% grid) makes the observer report the moment the rule flips.
 */
export function ruleRatios(card: Size, viewport: Size | null): number[] {
  const ratios = [requiredShare(card)];
  const cardArea = area(card);
  if (viewport && cardArea > 0 && card.height > viewport.height) {
    const tall = (area(viewport) * VIEWPORT_COVER_SHARE) / cardArea;
    if (tall > 0 && tall < 1) ratios.push(tall);
  }
  return ratios;
}

/** The 5% grid plus the card's own rule ratios, sorted and without duplicates. */
export function thresholdsFor(card: Size, viewport: Size | null): number[] {
  return [...new Set([...VIEWABILITY_THRESHOLDS, ...ruleRatios(card, viewport)])].sort((a, b) => a - b);
}
