import type { ReactiveController } from 'lit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testOffer } from '../../../test/model/fixtures.js';
import { runLaterSteps } from '../../tracking/later-steps.js';
import { BeaconLedger } from '../../tracking/ledger.js';
import { OfferCard, type CardHost } from './card.js';

/**
 * The card's impression wiring (issue 36): the watch starts one task after the render, and the
 * counted impression's steps (adv pixel, `impression` event) spread over later tasks without
 * changing what the page and the service see, or in which order. The rule itself is
 * test/tracking/impression-controller.test.ts; real layout and beacons, e2e/tracking.spec.ts.
 */

/** A scripted IntersectionObserver: the test hands it entries. */
class FakeObserver {
  static all: FakeObserver[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

/** A card fully in a 1280 x 800 viewport. */
function inView(target: Element): IntersectionObserverEntry {
  const rect = (x: number, y: number, width: number, height: number) =>
    ({ x, y, left: x, top: y, width, height, right: x + width, bottom: y + height }) as DOMRectReadOnly;
  return {
    boundingClientRect: rect(0, 100, 400, 300),
    intersectionRect: rect(0, 100, 400, 300),
    rootBounds: rect(0, 0, 1280, 800),
    intersectionRatio: 1,
    isIntersecting: true,
    time: 0,
    target,
  } as IntersectionObserverEntry;
}

const offer = testOffer({
  id: 7,
  pixel: 'https://t.test/pixel/7',
  adv_pixel_url: 'https://t.test/adv/7',
  beacons: { no_thanks_click: 'https://t.test/no/7', close: 'https://t.test/close/7' },
});

/** A host as `<adpx-offers>` is one for its cards, with the card's root rendered in it. */
function setup() {
  const el = document.createElement('div');
  const root = el.attachShadow({ mode: 'open' });
  const controllers: ReactiveController[] = [];
  const host = Object.assign(el, {
    renderRoot: root,
    addController: (c: ReactiveController) => {
      controllers.push(c);
      c.hostConnected?.();
    },
    removeController: () => {},
    requestUpdate: () => {},
    updateComplete: Promise.resolve(true),
  }) as unknown as CardHost;
  document.body.append(el);
  const box = document.createElement('article');
  box.id = `adpx-c${offer.id}`;
  box.checkVisibility = () => true;
  root.append(box);

  const seen: string[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async (url) => {
    seen.push(`GET ${String(url)}`);
    return new Response(null);
  });
  for (const name of ['adpx-offer-shown', 'adpx-impression', 'adpx-ad-taken', 'adpx-ad-not-taken'])
    el.addEventListener(name, () => seen.push(name));
  const ledger = new BeaconLedger({ fetch });
  const card = new OfferCard(host, offer, ledger, {
    log: () => () => {},
    dwell: () => 0,
    onImpression: () => seen.push('unit display clock'),
  });
  return { card, ledger, seen, box };
}

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  runLaterSteps();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

const view = { current: 1, total: 1 } as Parameters<OfferCard['willRender']>[0];

/** The card renders, then its watch is set in a later task; the observer reports it in view. */
async function shownAndInView(card: OfferCard, box: Element): Promise<void> {
  card.willRender(view);
  card.rendered();
  await vi.waitFor(() => expect(FakeObserver.all).toHaveLength(1));
  const observer = FakeObserver.all[0] as FakeObserver;
  observer.callback([inView(box)], observer as unknown as IntersectionObserver);
}

describe('the impression watch', () => {
  it("is set in a task after the card's render, not in it", async () => {
    const { card } = setup();
    card.willRender(view);
    card.rendered();
    card.rendered(); // a second render in the same task sets it once
    expect(FakeObserver.all).toHaveLength(0);
    await vi.waitFor(() => expect(FakeObserver.all).toHaveLength(1));
  });

  it('a card disposed before that task is never watched', async () => {
    const { card } = setup();
    card.willRender(view);
    card.rendered();
    card.dispose();
    const { card: other } = setup();
    other.willRender(view);
    other.rendered();
    // The other card's watch is set in the same kind of task, after the first one's.
    await vi.waitFor(() => expect(FakeObserver.all).toHaveLength(1));
  });
});

describe("the impression's steps", () => {
  /** What the page and the service see of an impression, in order, after `adpx-offer-shown`. */
  const IMPRESSION = [
    'GET https://t.test/pixel/7',
    'GET https://t.test/adv/7',
    'adpx-impression',
    'unit display clock',
  ];

  it('counted in the impression task; pixel, adv pixel, then the event and the display clock, later', async () => {
    const { card, box, seen, ledger } = setup();
    await shownAndInView(card, box);
    expect(ledger.impressed(offer)).toBe(true);
    expect(seen).toEqual(['adpx-offer-shown']);
    await vi.waitFor(() => expect(seen).toContain('unit display clock'));
    expect(seen).toEqual(['adpx-offer-shown', ...IMPRESSION]);
  });

  it('a No thanks before those tasks: the order the page and the service saw before', async () => {
    const { card, box, seen } = setup();
    await shownAndInView(card, box);
    card.onDecline({ isTrusted: true } as Event);
    expect(seen).toEqual(['adpx-offer-shown', ...IMPRESSION, 'GET https://t.test/no/7', 'adpx-ad-not-taken']);
  });

  it('a CTA used by script before those tasks still comes after the impression event', async () => {
    const { card, box, seen } = setup();
    await shownAndInView(card, box);
    card.onAccept(); // no event: a script's call, proves nothing, counts nothing
    expect(seen.slice(1)).toEqual([...IMPRESSION, 'adpx-ad-taken']);
  });

  it('a person clicking before the rule counted: the impression first, all in the click', () => {
    const { card, ledger, seen } = setup();
    card.willRender(view);
    card.rendered();
    card.onAccept({ isTrusted: true } as Event);
    expect(ledger.impressed(offer)).toBe(true);
    expect(seen).toEqual(['adpx-offer-shown', ...IMPRESSION, 'adpx-ad-taken']);
  });
});
