import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Events of a unit never yet in the document, dispatched when it first connects: React 19 and
 * Vue set `response` on the new element before they add its listeners and insert it, and a
 * detached element's events never reach the document. A unit taken out later fires at once
 * (decision 010). Registered after the unit's other controllers, so that they are connected when
 * the held events go out.
 */
export class HeldEvents implements ReactiveController {
  private held?: Event[] = [];

  constructor(private readonly host: ReactiveControllerHost & EventTarget) {
    host.addController(this);
  }

  readonly fire = (event: Event): void => {
    if (this.held) this.held.push(event);
    else this.host.dispatchEvent(event);
  };

  hostConnected(): void {
    const held = this.held;
    this.held = undefined;
    held?.forEach(this.fire);
  }
}
