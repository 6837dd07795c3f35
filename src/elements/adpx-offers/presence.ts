import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Tells a unit that LEFT the document from one that only MOVED (docs/decisions/010-unit-removal.md).
 *
 * Frameworks move an element by removing and re-inserting it in one go (`insertBefore` on a
 * connected node, a keyed list reordered in one commit): the element is disconnected and connected
 * again before any microtask runs. So a disconnection is decided at the next microtask checkpoint:
 * connected again by then, it was a move and nothing happens; still out of the document, the unit
 * has left (a route change, `v-if`, a conditional render) and `onLeave` runs once. Coming back later
 * (a cached view re-inserted) is a new visit: `onReturn` runs on that connection. While connected,
 * the page's `pagehide` runs `onPageHide`.
 */
export class PresenceController implements ReactiveController {
  /** Bumped on each connection: a check scheduled before it is stale. */
  private generation = 0;
  private away = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly events: { onLeave: () => void; onReturn: () => void; onPageHide: () => void },
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('pagehide', this.events.onPageHide);
    this.generation += 1;
    if (!this.away) return;
    this.away = false;
    this.events.onReturn();
  }

  hostDisconnected(): void {
    window.removeEventListener('pagehide', this.events.onPageHide);
    const generation = this.generation;
    queueMicrotask(() => {
      if (generation !== this.generation || this.host.isConnected || this.away) return;
      this.away = true;
      this.events.onLeave();
    });
  }
}
