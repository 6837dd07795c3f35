/**
 * Steps the flows take in the page, through any engine: wait for an element, click it like a
 * user, scroll a share of the card into view. All page-side code relies only on record.js.
 */
import type { EnginePage } from './driver.js';
import { expect, POLL, recorded } from './fixtures.js';

interface Helpers {
  adpxFind(selector: string): HTMLElement[];
  adpxFrames(): Promise<void>;
}

/** Waits until at least `count` elements match (through shadow roots). */
export async function waitFor(ep: EnginePage, selector: string, count = 1): Promise<void> {
  await expect
    .poll(() => ep.evaluate((s) => (window as unknown as Helpers).adpxFind(s).length, selector), POLL)
    .toBeGreaterThanOrEqual(count);
}

/** Scrolls the `index`-th match into the middle of the viewport and clicks its centre. */
export async function clickOn(ep: EnginePage, selector: string, index = 0): Promise<void> {
  await waitFor(ep, selector, index + 1);
  const point = await ep.evaluate(
    async ([s, i]) => {
      const helpers = window as unknown as Helpers;
      const el = helpers.adpxFind(s)[i];
      if (!el) throw new Error(`no ${s}`);
      el.scrollIntoView({ block: 'center' });
      await helpers.adpxFrames();
      const r = el.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    },
    [selector, index] as [string, number],
  );
  await ep.click(point.x, point.y);
}

/** Scrolls so that `share` of the first card's height shows at the bottom of the viewport. */
export function showShare(ep: EnginePage, share: number): Promise<number> {
  return ep.evaluate(async (s) => {
    const helpers = window as unknown as Helpers;
    const card = helpers.adpxFind('[part~="offer"]')[0];
    if (!card) throw new Error('no card');
    const r = card.getBoundingClientRect();
    window.scrollTo(0, r.top + scrollY + s * r.height - innerHeight);
    await helpers.adpxFrames();
    const now = card.getBoundingClientRect();
    return (Math.min(now.bottom, innerHeight) - Math.max(now.top, 0)) / now.height;
  }, share);
}

/** Scrolls the `index`-th card to the middle of the viewport. */
export async function scrollCardIntoView(ep: EnginePage, index = 0): Promise<void> {
  await ep.evaluate(async (i) => {
    const helpers = window as unknown as Helpers;
    helpers.adpxFind('[part~="offer"]')[i]?.scrollIntoView({ block: 'center' });
    await helpers.adpxFrames();
  }, index);
}

/** Waits until the SDK's debug log has a line matching `pattern` (the unit needs `debug`). */
export async function waitForLog(ep: EnginePage, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      found = (await recorded(ep)).logs.find((l) => pattern.test(l));
      return found !== undefined;
    }, POLL)
    .toBe(true);
  return found ?? '';
}

/** Whether this engine implements IntersectionObserver v2 (occlusion tracking). */
export function hasIntersectionObserverV2(ep: EnginePage): Promise<boolean> {
  return ep.evaluate(
    () =>
      typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype,
  );
}
