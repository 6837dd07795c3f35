import type { Offer } from '../../model/types.js';
import { BeaconLedger } from '../../tracking/ledger.js';
import { OfferCard, type CardContext, type CardHost } from '../adpx-offer/card.js';
import type { FrameWidthMemo } from '../adpx-offer/media-size.js';
import type { UnitLayout } from './flow.js';

/**
 * The cards of the load on screen, by offer: their state (save, terms, impression) lives as long as
 * the load. Each layout keeps its cards' image frame width (a popup's frame is not an inline card's).
 */
export class UnitCards {
  private readonly cards = new Map<Offer, OfferCard>();
  private readonly frameWidths = new Map<UnitLayout, FrameWidthMemo>();

  constructor(
    private readonly host: CardHost,
    private readonly context: CardContext,
  ) {}

  /** The card of `offer`, made on first use with the load's ledger. */
  cardFor(offer: Offer, ledger: BeaconLedger | undefined, layout: UnitLayout): OfferCard {
    let card = this.cards.get(offer);
    if (!card) {
      let memo = this.frameWidths.get(layout);
      if (!memo) this.frameWidths.set(layout, (memo = { width: 0 }));
      card = new OfferCard(this.host, offer, ledger ?? new BeaconLedger(), this.context, memo);
      this.cards.set(offer, card);
    }
    return card;
  }

  /** After each render of the unit: every card, rendered or not. */
  rendered(): void {
    for (const card of this.cards.values()) card.rendered();
  }

  /**
   * A new load: the cards of the last one go. Those of `ledger`, the new load's, stay: a render
   * ahead of the update (the templates prepared, `DraftPass`) made them already.
   */
  drop(ledger?: BeaconLedger): void {
    for (const [offer, card] of this.cards)
      if (card.ledger !== ledger) {
        card.dispose();
        this.cards.delete(offer);
      }
  }
}
