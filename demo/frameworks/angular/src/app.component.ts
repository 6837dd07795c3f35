import { Component, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';
import type { AdpxEvent } from 'adpx-offers';

@Component({
  selector: 'adpx-demo-app',
  // CUSTOM_ELEMENTS_SCHEMA lets the template use <adpx-offers> and bind its properties.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main data-framework="angular">
      <h1>adpx-offers in Angular</h1>
      @if (closed()) {
        <p id="status" role="status">Offers closed ({{ closed() }})</p>
      } @else {
        <p id="status" role="status">
          {{ found() === undefined ? 'Loading offers…' : found() + ' offers, ' + seen() + ' seen' }}
        </p>
        <adpx-offers
          api-key="test-key"
          [endpoint]="endpoint"
          placement="checkout"
          [payload]="payload"
          (adpx-ads-found)="onFound($event)"
          (adpx-impression)="seen.set(seen() + 1)"
          (adpx-closed-ads)="onClosed($event)"
        ></adpx-offers>
      }
    </main>
  `,
})
export class AppComponent {
  readonly endpoint = window.location.origin;
  /** Extra body keys for the offers service, bound as a property with `[payload]`. */
  readonly payload = { order_id: 'angular-1001', framework: 'angular' };
  readonly found = signal<number | undefined>(undefined);
  readonly seen = signal(0);
  readonly closed = signal<string | undefined>(undefined);

  onFound(e: AdpxEvent<'ads_found'>): void {
    this.found.set(e.detail.total);
  }

  onClosed(e: AdpxEvent<'closed_ads'>): void {
    this.closed.set(e.detail.reason);
  }
}
