import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImpressionController } from '../../src/tracking/impression-controller.js';

/**
 * The controller's decisions with a scripted IntersectionObserver: what fires, when, and how often.
 * Real layout, occlusion and timing in a browser are proved in e2e/tracking.spec.ts.
 */

type Init = IntersectionObserverInit & { trackVisibility?: boolean; delay?: number };

class FakeObserver {
  static all: FakeObserver[] = [];
  observed = 0;
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly init: Init,
  ) {
    FakeObserver.all.push(this);
  }
  observe(): void {
    this.observed += 1;
  }
  unobserve(): void {}
  disconnect(): void {
    this.disconnected = true;
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  static get live(): FakeObserver {
    const live = FakeObserver.all.filter((o) => !o.disconnected).at(-1);
    if (!live) throw new Error('no live observer');
    return live;
  }
}

const VIEWPORT = { width: 1280, height: 800 };

/** A 400 x 300 card with `share` of its height in view (at the bottom of the viewport). */
function entry(share: number, isVisible?: boolean): IntersectionObserverEntry {
  const rect = (x: number, y: number, width: number, height: number) =>
    ({ x, y, left: x, top: y, width, height, right: x + width, bottom: y + height }) as DOMRectReadOnly;
  const top = VIEWPORT.height - 300 * share;
  return {
    boundingClientRect: rect(0, top, 400, 300),
    intersectionRect: rect(0, top, 400, 300 * share),
    rootBounds: rect(0, 0, VIEWPORT.width, VIEWPORT.height),
    intersectionRatio: share,
    isIntersecting: share > 0,
    time: 0,
    target: document.body,
    ...(isVisible === undefined ? {} : { isVisible }),
  } as IntersectionObserverEntry;
}

function makeHost(): HTMLElement & ReactiveControllerHost {
  const el = document.createElement('div') as unknown as HTMLElement & ReactiveControllerHost;
  const controllers: ReactiveController[] = [];
  Object.assign(el, {
    addController: (c: ReactiveController) => controllers.push(c),
    removeController: () => {},
    requestUpdate: () => {},
    updateComplete: Promise.resolve(true),
    checkVisibility: () => true,
    // The box the dwell check reads: fully inside the viewport.
    getBoundingClientRect: () => ({ left: 0, top: 100, width: 400, height: 300, right: 400, bottom: 400 }),
  });
  document.body.append(el);
  return el;
}

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  FakeObserver.all = [];
  visibility = 'visible';
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

function setup(dwell = 0) {
  const host = makeHost();
  const fired: string[] = [];
  const log: string[] = [];
  const controller = new ImpressionController(host, {
    onImpression: () => fired.push('7'), // the one key these cases watch
    dwellMs: () => dwell,
    // as the debug log prints it: the message (a code and its sentence, or a sentence), the details
    log: (m, ...details) => log.push([m, ...details].join(' ')),
  });
  controller.hostConnected();
  controller.watch('7');
  const deliver = (e: IntersectionObserverEntry) => {
    const o = FakeObserver.live;
    o.callback([e], o as unknown as IntersectionObserver);
  };
  return { host, fired, log, controller, deliver };
}

describe('ImpressionController', () => {
  it('fires once as soon as the rule holds, not at 40%', () => {
    const { fired, deliver, log } = setup();
    deliver(entry(0.4));
    expect(fired).toEqual([]);
    deliver(entry(0.6));
    expect(fired).toEqual(['7']);
    expect(FakeObserver.all.every((o) => o.disconnected)).toBe(true);
    expect(log).toContain('rule does not hold: ratio 0.400: 40% of the card visible, needs 50% offer 7');
    expect(log).toContain('offer 7: visibly displayed, impression');
  });

  it('re-watching the same key is a no-op; a fired key is not watched again', () => {
    const { fired, deliver, controller } = setup();
    controller.watch('7');
    expect(FakeObserver.all).toHaveLength(1);
    deliver(entry(1));
    controller.watch(null);
    controller.watch('7');
    deliver(entry(1));
    // Watching again is the card's decision (it asks the ledger first); the controller only reports.
    expect(fired).toEqual(['7', '7']);
  });

  it('dwell: the clock resets when the rule stops holding', () => {
    const { fired, deliver, log } = setup(1000);
    deliver(entry(1));
    vi.advanceTimersByTime(900);
    deliver(entry(0));
    vi.advanceTimersByTime(1000);
    expect(fired).toEqual([]);
    expect(log).toContain('I8 dwell clock reset offer 7');
    deliver(entry(1));
    vi.advanceTimersByTime(999);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['7']);
  });

  it('dwell: a card whose box has already left the viewport when the clock runs out does not count', () => {
    const { host, fired, deliver, log } = setup(1000);
    deliver(entry(1));
    host.getBoundingClientRect = () => ({ left: 0, top: 5000, width: 400, height: 300 }) as DOMRect;
    vi.advanceTimersByTime(1000);
    expect(fired).toEqual([]);
    expect(log.some((l) => l.includes('has just left the viewport'))).toBe(true);
  });

  it('a hidden page never counts, and stops a running dwell clock', () => {
    const { fired, deliver } = setup(1000);
    deliver(entry(1));
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(2000);
    deliver(entry(1));
    vi.advanceTimersByTime(2000);
    expect(fired).toEqual([]);
    visibility = 'visible';
    const observedBefore = FakeObserver.live.observed;
    document.dispatchEvent(new Event('visibilitychange'));
    // Coming back asks the observer for a fresh entry.
    expect(FakeObserver.live.observed).toBe(observedBefore + 1);
    deliver(entry(1));
    vi.advanceTimersByTime(1000);
    expect(fired).toEqual(['7']);
  });

  it('a card hidden by CSS is checked again until it shows', () => {
    const { host, fired, deliver } = setup();
    host.checkVisibility = () => false;
    deliver(entry(1));
    vi.advanceTimersByTime(1000);
    expect(fired).toEqual([]);
    host.checkVisibility = () => true;
    vi.advanceTimersByTime(250);
    expect(fired).toEqual(['7']);
  });

  it('IntersectionObserver v2: asks for trackVisibility where isVisible exists', () => {
    vi.stubGlobal(
      'IntersectionObserverEntry',
      class {
        get isVisible() {
          return true;
        }
      },
    );
    setup();
    expect(FakeObserver.live.init).toMatchObject({ trackVisibility: true, delay: 100 });
  });

  it('IntersectionObserver v1: no trackVisibility, and no isVisible means no occlusion check', () => {
    vi.stubGlobal('IntersectionObserverEntry', { prototype: {} });
    const { fired, deliver } = setup();
    expect(FakeObserver.live.init.trackVisibility).toBeUndefined();
    deliver(entry(1));
    expect(fired).toEqual(['7']);
  });

  it('IntersectionObserver v2 says covered: the hit test decides, and is repeated while covered', () => {
    const { host, fired, deliver } = setup();
    const cover = document.createElement('div');
    let onTop: Element = cover;
    document.elementFromPoint = () => onTop;
    deliver(entry(1, false));
    vi.advanceTimersByTime(1000);
    expect(fired).toEqual([]);
    onTop = host;
    vi.advanceTimersByTime(250);
    expect(fired).toEqual(['7']);
  });

  it('v2 says altered: the hit test samples the part in view only (a scroller clips the rest, no cover)', () => {
    const { host, fired, deliver } = setup();
    const rect = (top: number, height: number) =>
      ({
        x: 0,
        y: top,
        left: 0,
        top,
        width: 400,
        height,
        right: 400,
        bottom: top + height,
      }) as DOMRectReadOnly;
    // The card's box is inside the viewport, but a scroller shows only its top 60%.
    host.getBoundingClientRect = () => rect(100, 300) as DOMRect;
    const scroller = document.createElement('div');
    document.elementFromPoint = (_x: number, y: number) => (y <= 280 ? host : scroller);
    deliver({ ...entry(0.6, false), boundingClientRect: rect(100, 300), intersectionRect: rect(100, 180) });
    expect(fired).toEqual(['7']);
  });

  it('a card that intersects with no size (a scale(0) ancestor) is measured again until it has one', () => {
    const { fired, deliver } = setup();
    const none = { x: 0, y: 100, left: 0, top: 100, width: 0, height: 0, right: 0, bottom: 100 };
    deliver({ ...entry(1), boundingClientRect: none, intersectionRect: none } as IntersectionObserverEntry);
    const asked = FakeObserver.live.observed;
    vi.advanceTimersByTime(1000);
    expect(FakeObserver.live.observed).toBeGreaterThan(asked);
    expect(fired).toEqual([]);
    // Scaled up: its ratio is still 1, the fresh entry it was asked for has its size.
    deliver(entry(1));
    expect(fired).toEqual(['7']);
  });

  it('a card of no size out of view (display:none) is not measured again: the observer reports its return', () => {
    const { fired, deliver } = setup();
    const none = { x: 0, y: 0, left: 0, top: 0, width: 0, height: 0, right: 0, bottom: 0 };
    deliver({ ...entry(0), boundingClientRect: none, intersectionRect: none } as IntersectionObserverEntry);
    const asked = FakeObserver.live.observed;
    vi.advanceTimersByTime(1000);
    expect(FakeObserver.live.observed).toBe(asked);
    expect(fired).toEqual([]);
  });

  it('observes the exact ratio at which a tall card starts to cover half the viewport', () => {
    const { deliver } = setup();
    const tall = {
      ...entry(0),
      boundingClientRect: { width: 1280, height: 3000, top: 900, left: 0 } as DOMRectReadOnly,
    } as IntersectionObserverEntry;
    deliver(tall);
    expect(FakeObserver.live.init.threshold).toContain((1280 * 800) / 2 / (1280 * 3000));
  });
});
