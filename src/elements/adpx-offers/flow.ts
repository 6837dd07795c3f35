/**
 * The one-at-a-time flow's pure parts: the layouts, and the words the unit shows and announces.
 * The element and its flow (unit-flow.ts) hold the state.
 */
import type { Messages } from '../../i18n/messages.js';
import type { Offer } from '../../model/types.js';

/** The unit's layouts. `inline` is the default and what any unknown value falls back to. */
export type UnitLayout = 'inline' | 'popup' | 'fullscreen' | 'list';

const LAYOUTS: ReadonlySet<string> = new Set<UnitLayout>(['inline', 'popup', 'fullscreen', 'list']);

export function toLayout(value: unknown): UnitLayout {
  return typeof value === 'string' && LAYOUTS.has(value) ? (value as UnitLayout) : 'inline';
}

/** True for the layouts that open as a modal `<dialog>`. */
export function isModalLayout(layout: UnitLayout): boolean {
  return layout === 'popup' || layout === 'fullscreen';
}

/** The visible progress, e.g. "2 of 5" (1-based), in the unit's language. */
export function progressLabel(index: number, count: number, m: Messages): string {
  return m.t('progress', { current: index + 1, total: count });
}

/** The headline a screen reader hears for an offer. */
export function headlineOf(offer: Offer): string {
  return offer.title ?? offer.short_headline ?? offer.advertiser_name ?? '';
}

/** What the polite live region says when an offer appears, e.g. "Offer 2 of 5: 60% off". */
export function offerAnnouncement(offer: Offer, index: number, count: number, m: Messages): string {
  const headline = headlineOf(offer);
  const position = m.t('announce', { current: index + 1, total: count });
  return headline ? `${position}: ${headline}` : position;
}
