import type { Page } from '@playwright/test';

/**
 * A test-only probe installed before the page's scripts run (nothing of it is in the SDK): it wraps
 * the platform so that a test can see what a unit holds and what it fires after it left.
 *
 * - `IntersectionObserver` / `ResizeObserver`: targets observed and not yet released
 *   (`unobserve`/`disconnect`), page-wide.
 * - `addEventListener` on `window` and `document` for the page-lifecycle types the SDK listens to.
 * - every `adpx-*` event dispatched, with the dispatching element's tag and whether it was in the
 *   document (events from a detached unit reach only listeners on the element itself).
 * - how many times an `<adpx-offers>` was taken out of the document (moves included).
 */
export interface ProbeState {
  intersection: number;
  resize: number;
  listeners: number;
  removals: number;
  events: Array<{ type: string; tag: string; connected: boolean; reason?: string }>;
}

export async function installLifecycleProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = { intersection: 0, resize: 0, listeners: 0, removals: 0, events: [] as unknown[] };
    (window as unknown as { adpxProbe: typeof state }).adpxProbe = state;

    type Kind = 'intersection' | 'resize';
    interface Observing {
      observe(target: Element, options?: object): void;
      unobserve(target: Element): void;
      disconnect(): void;
    }
    const track = (proto: Observing, kind: Kind): void => {
      const targets = new WeakMap<object, Set<Element>>();
      const of = (observer: object): Set<Element> => {
        const set = targets.get(observer) ?? new Set<Element>();
        targets.set(observer, set);
        return set;
      };
      const { observe, unobserve, disconnect } = proto;
      proto.observe = function (this: Observing, target: Element, options?: object) {
        observe.call(this, target, options);
        if (!of(this).has(target)) state[kind] += 1;
        of(this).add(target);
      };
      proto.unobserve = function (this: Observing, target: Element) {
        unobserve.call(this, target);
        if (of(this).delete(target)) state[kind] -= 1;
      };
      proto.disconnect = function (this: Observing) {
        disconnect.call(this);
        state[kind] -= of(this).size;
        of(this).clear();
      };
    };
    track(IntersectionObserver.prototype, 'intersection');
    track(ResizeObserver.prototype, 'resize');

    const watched = new Set(['pagehide', 'pageshow', 'visibilitychange', 'resize', 'scroll']);
    for (const target of [window, document] as EventTarget[]) {
      const held = new Map<string, Set<unknown>>();
      const add = target.addEventListener.bind(target);
      const remove = target.removeEventListener.bind(target);
      target.addEventListener = (
        type: string,
        fn: EventListenerOrEventListenerObject | null,
        options?: boolean | AddEventListenerOptions,
      ) => {
        add(type, fn, options);
        if (!watched.has(type) || !fn) return;
        const set = held.get(type) ?? new Set();
        held.set(type, set);
        if (!set.has(fn)) state.listeners += 1;
        set.add(fn);
      };
      target.removeEventListener = (
        type: string,
        fn: EventListenerOrEventListenerObject | null,
        options?: boolean | EventListenerOptions,
      ) => {
        remove(type, fn, options);
        if (held.get(type)?.delete(fn)) state.listeners -= 1;
      };
    }

    const dispatch = EventTarget.prototype.dispatchEvent;
    EventTarget.prototype.dispatchEvent = function (this: EventTarget, event: Event): boolean {
      if (event.type.startsWith('adpx-') && this instanceof Element) {
        const detail = (event as CustomEvent<{ reason?: string } | null>).detail;
        state.events.push({
          type: event.type,
          tag: this.localName,
          connected: this.isConnected,
          ...(detail?.reason ? { reason: detail.reason } : {}),
        });
      }
      return dispatch.call(this, event);
    };

    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (
            node instanceof Element &&
            (node.localName === 'adpx-offers' || node.querySelector('adpx-offers'))
          ) {
            state.removals += 1;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

export async function probe(page: Page): Promise<ProbeState> {
  return page.evaluate(() => structuredClone((window as unknown as { adpxProbe: ProbeState }).adpxProbe));
}

/** The `adpx-*` events of the probe of one type (from units and cards alike). */
export const ofType = (state: ProbeState, type: string) => state.events.filter((e) => e.type === type);
