/**
 * MediaSizeController: the card's `<img>` gets its sources from the measured frame width directly
 * (no re-render of the card). The ResizeObserver is driven by hand here; the real measurement, the
 * requests per density and the lazy/eager behaviour are proved in Chromium (src/elements/adpx-offer/adpx-offer.browser.test.ts).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MediaSizeController } from './media-size.js';
import type { CardImage } from './image-source.js';

type Callback = (entries: Array<{ contentBoxSize: Array<{ inlineSize: number }> }>) => void;

let resize: Callback | undefined;

class FakeResizeObserver {
  constructor(callback: Callback) {
    resize = callback;
  }
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

type FakeCard = ReactiveControllerHost & {
  controllers: ReactiveController[];
  updates: number;
  renderRoot: HTMLElement;
};

function host(): FakeCard {
  return {
    renderRoot: document.createElement('div'),
    controllers: [],
    updates: 0,
    addController(controller) {
      this.controllers.push(controller);
    },
    removeController() {},
    requestUpdate() {
      this.updates += 1;
    },
    updateComplete: Promise.resolve(true),
  };
}

const hero: CardImage = {
  url: 'https://svc.test/img/hero.png',
  ratio: { x: 191, y: 100 },
  naturalWidth: 1200,
};
const square: CardImage = { url: 'https://svc.test/img/square.png', ratio: { x: 1, y: 1 } };
const measure = (width: number) => resize?.([{ contentBoxSize: [{ inlineSize: width }] }]);

beforeEach(() => {
  resize = undefined;
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
});
afterEach(() => vi.unstubAllGlobals());

/** A card host with its image frame, measured by a controller (holding `memo`, when given). */
function setUp(memo?: { width: number }) {
  const cardHost = host();
  const controller = new MediaSizeController(cardHost, () => cardHost.renderRoot);
  controller.memo = memo;
  const frame = document.createElement('div');
  frame.className = 'media';
  const img = document.createElement('img');
  img.className = 'image';
  frame.append(img);
  cardHost.renderRoot.append(frame);
  controller.image = hero;
  controller.hostUpdated();
  return { cardHost, controller, img, frame };
}

describe('MediaSizeController', () => {
  it('asks for nothing before the frame is measured', () => {
    const { controller, img } = setUp();
    controller.hostUpdated();
    expect(img.hasAttribute('src')).toBe(false);
    expect(img.hasAttribute('srcset')).toBe(false);
  });

  it('sets the sources for the measured width at once, without asking the card to re-render', () => {
    const { cardHost, img } = setUp();
    measure(301);
    expect(img.getAttribute('src')).toBe('https://svc.test/img/hero.png?width=320&aspect_ratio=191%3A100');
    expect(img.getAttribute('srcset')).toContain('width=640');
    expect(img.getAttribute('srcset')).toContain('960w');
    expect(img.getAttribute('sizes')).toBe('301px');
    expect(img.getAttribute('width')).toBe('320');
    expect(img.getAttribute('height')).toBe('168');
    expect(cardHost.updates).toBe(0);
  });

  it('only grows: a narrower frame keeps the larger image', () => {
    const { controller, img } = setUp();
    measure(600);
    measure(300);
    expect(controller.width).toBe(600);
    expect(img.getAttribute('src')).toContain('width=600');
  });

  it('a new image after a render gets its sources from the known width; unchanged ones are not rewritten', () => {
    const { controller, img } = setUp();
    measure(400);
    const setAttribute = vi.spyOn(img, 'setAttribute');
    controller.hostUpdated();
    expect(setAttribute).not.toHaveBeenCalled();
    controller.image = square;
    controller.hostUpdated();
    expect(img.getAttribute('src')).toBe('https://svc.test/img/square.png?width=400&aspect_ratio=1%3A1');
    expect(img.getAttribute('height')).toBe('400');
  });

  it('an image element that a render removed is no longer touched', () => {
    const { controller, img, frame } = setUp();
    frame.remove();
    controller.hostUpdated();
    measure(400);
    expect(img.hasAttribute('src')).toBe(false);
    expect(controller.width).toBe(400);
  });

  describe("with the unit's frame width memo", () => {
    function withMemo(width: number) {
      const memo = { width };
      return { ...setUp(memo), memo };
    }

    it('a new card asks for its image in its first render, at the width the memo holds', () => {
      const { img } = withMemo(301);
      expect(img.getAttribute('src')).toBe('https://svc.test/img/hero.png?width=320&aspect_ratio=191%3A100');
      expect(img.getAttribute('sizes')).toBe('301px');
    });

    it('a measurement of that width changes nothing on the image', () => {
      const { img } = withMemo(301);
      const setAttribute = vi.spyOn(img, 'setAttribute');
      measure(301);
      expect(setAttribute).not.toHaveBeenCalled();
    });

    it('a guess the measurement contradicts is corrected at once, smaller too; then it only grows', () => {
      const { controller, img, memo } = withMemo(600);
      measure(300);
      expect(img.getAttribute('src')).toContain('width=320');
      expect(img.getAttribute('sizes')).toBe('300px');
      expect(memo.width).toBe(300);
      measure(200);
      expect(controller.width).toBe(300);
      expect(img.getAttribute('src')).toContain('width=320');
      expect(memo.width).toBe(200);
    });

    it("an empty memo (the unit's first card) waits for the measurement, then fills the memo", () => {
      const { img, memo } = withMemo(0);
      expect(img.hasAttribute('src')).toBe(false);
      measure(420);
      expect(img.getAttribute('sizes')).toBe('420px');
      expect(memo.width).toBe(420);
    });
  });
});
