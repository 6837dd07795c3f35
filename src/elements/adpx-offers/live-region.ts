import type { ReactiveElement } from 'lit';
import type { Messages } from '../../i18n/messages.js';
import type { UnitFlow } from './unit-flow.js';
import { offerAnnouncement } from './flow.js';

/**
 * The unit's polite live region (`.live` in its shadow root). An announcement empties it, then
 * writes the text once the pending render is done (the region is in the DOM by then), so that it
 * is announced; an older announcement still waiting for its render is dropped. Written directly:
 * no second render of the unit.
 */
export class LiveRegion {
  private turn = 0;

  constructor(private readonly host: ReactiveElement) {}

  announce(text: string): void {
    const turn = ++this.turn;
    const region = () => this.host.renderRoot.querySelector<HTMLElement>('.live');
    const now = region();
    if (now) now.textContent = '';
    void this.host.updateComplete.then(() => {
      const target = region();
      if (turn === this.turn && target) target.textContent = text;
    });
  }

  /** The offer on screen, e.g. "Offer 2 of 5: 60% off". */
  announceOffer(flow: Pick<UnitFlow, 'current' | 'index' | 'response'>, m: Messages): void {
    const { current, index, response } = flow;
    if (current && response) this.announce(offerAnnouncement(current, index, response.count, m));
  }
}
