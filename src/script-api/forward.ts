/**
 * Delivers SDK events to the host: to the `init` callback when there is one, otherwise to the
 * first native bridge the page has (docs/api.md's table), each event exactly once. The DOM events
 * themselves are not touched: they reach the page in every case.
 */
import { ADPX_EVENT_NAMES, domEventName, type AdpxEventName } from '../events/adpx-event.js';
import { detectBridge } from '../hosts/bridge.js';
import { reportHostError } from '../errors.js';
import type { AdpxConfig } from './types.js';

/** Where events go right now; read at each event, so a bridge injected late is still found. */
export type DeliveryTarget = Pick<AdpxConfig, 'callback' | 'parentOrigin'>;

const NAME_BY_TYPE: ReadonlyMap<string, AdpxEventName> = new Map(
  ADPX_EVENT_NAMES.map((name) => [domEventName(name), name]),
);

/** The SDK name of a DOM event (`adpx-ads-found` → `ads_found`), or undefined for other events. */
export function sdkEventName(event: Event): AdpxEventName | undefined {
  return NAME_BY_TYPE.get(event.type);
}

/** Runs host code (a callback) without letting its error escape into the SDK. */
export function callHost(call: () => void): void {
  try {
    call();
  } catch (error) {
    reportHostError(error);
  }
}

/**
 * Sends one event to the callback or, without one, to the bridge. Never throws. Inside a native app
 * the app opens offer URLs (the SDK opens none in its WebView), so a native bridge gets
 * `url_clicked` even when the page gave a callback: else a click would open nothing.
 */
export function deliver(win: Window, target: DeliveryTarget, name: AdpxEventName, payload: object): void {
  const bridge = () => detectBridge(win, { parentOrigin: target.parentOrigin });
  const { callback } = target;
  if (!callback) return callHost(() => bridge()?.post(name, payload));
  callHost(() => callback(name, payload as never));
  if (name !== 'url_clicked') return;
  callHost(() => {
    const native = bridge();
    if (native && native.kind !== 'iframe') native.post(name, payload);
  });
}

/**
 * Listens on one unit for every `adpx-*` event and hands each to `onEvent`. The listener is one
 * object, so attaching it twice to the same unit adds nothing (the DOM drops duplicates).
 */
export class UnitListener implements EventListenerObject {
  constructor(private readonly onEvent: (name: AdpxEventName, payload: object, event: Event) => void) {}

  handleEvent(event: Event): void {
    const name = sdkEventName(event);
    if (!name) return;
    const detail: unknown = (event as CustomEvent<unknown>).detail;
    this.onEvent(name, typeof detail === 'object' && detail !== null ? detail : {}, event);
  }

  attach(unit: EventTarget): void {
    for (const type of NAME_BY_TYPE.keys()) unit.addEventListener(type, this);
  }

  detach(unit: EventTarget): void {
    for (const type of NAME_BY_TYPE.keys()) unit.removeEventListener(type, this);
  }
}
