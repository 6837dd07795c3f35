/**
 * The rest of the SDK in the script-tag build (`dist/adpx-offers.rest.iife.js`), loaded by the
 * first file (src/boot/start.ts, decision 016) from its own folder: registers `<adpx-offer>` and
 * `<adpx-offers>` (a unit in the page upgrades and adopts the request the first file started).
 * What the first card does not need, `window.Adpx` and `<adpx-terms>`, is in the later file
 * (src/iife-later.ts), asked for once the first card is settled (shown, none, or failed), at once
 * when the page has no unit, and when the page calls `Adpx` (the first file's stub). The modules
 * the first file holds are taken from it, and this file's are left for the later file
 * (scripts/shared-modules.mjs).
 *
 * Start-up runs in slices (issue 36: no task of ours over 50 ms on a phone): this file's
 * evaluation and `<adpx-offer>`'s definition; then the unit's style sheets, one a task; then `<adpx-offers>`'s
 * definition, which upgrades the units in the page; then each unit's first update; the card's
 * render comes a task after the response was read (`UnitLoad`). Each step after a yield
 * (`nextTask`).
 */
import { loadLater } from './boot/later.js';
import { nextTask } from './next-task.js';
import { AdpxOfferElement } from './elements/adpx-offer/adpx-offer.js';
import { AdpxOffersElement } from './elements/adpx-offers/adpx-offers.js';

/**
 * Where this file leaves its modules for the later file; where it says its elements are defined
 * (the later file runs only then: vite.config.ts wraps it), and where that file waits for it.
 */
const SHARED = Symbol.for('adpx-offers.shared.rest');
const READY = Symbol.for('adpx-offers.rest-ready');
const WAITING = Symbol.for('adpx-offers.later');

/** The first unit's first outcome: its card on screen, no offers, or an error. */
const SETTLED = ['adpx-offer-shown', 'adpx-no-ads-found', 'adpx-error'];

/**
 * Runs `then` once the first card is settled (in a task of its own, not the card's), or now when
 * the page has no unit.
 */
function afterFirstCard(then: () => void): void {
  if (!document.querySelector('adpx-offers')) return then();
  const done = () => {
    for (const name of SETTLED) document.removeEventListener(name, done, true);
    void nextTask().then(then);
  };
  for (const name of SETTLED) document.addEventListener(name, done, true);
}

/**
 * A unit's first update (and render) waits for the next task: the upgrade of every unit in the
 * page and their first renders are not one long task. Later updates are Lit's as usual.
 */
function firstUpdateInNextTask(element: typeof AdpxOffersElement): void {
  const proto = element.prototype as unknown as { scheduleUpdate(): unknown; hasUpdated: boolean };
  const schedule = proto.scheduleUpdate;
  proto.scheduleUpdate = function (this: typeof proto) {
    return this.hasUpdated ? schedule.call(this) : nextTask().then(() => schedule.call(this));
  };
}

/**
 * Builds the unit's constructable style sheets (its cards' included), each in a task of its own:
 * Lit builds them (`CSSResult.styleSheet`, the CSS parsed) when the first unit attaches its shadow
 * root, in the task that upgrades the units. Six sheets, 1–9 KB of CSS each.
 */
async function buildStyleSheets(element: typeof AdpxOffersElement): Promise<void> {
  for (const style of [element.styles].flat(Infinity)) {
    await nextTask();
    if (style && 'styleSheet' in style) void style.styleSheet;
  }
}

export function boot(shared: unknown[]): void {
  if (Reflect.get(window, SHARED)) return;
  Reflect.set(window, SHARED, shared);
  const registry = customElements;
  if (!registry.get('adpx-offer')) registry.define('adpx-offer', AdpxOfferElement);
  void buildStyleSheets(AdpxOffersElement)
    .then(nextTask)
    .then(() => {
      if (!registry.get('adpx-offers')) {
        firstUpdateInNextTask(AdpxOffersElement);
        registry.define('adpx-offers', AdpxOffersElement);
      }
      // The later file arrived first (a launcher page asks for both at once): it runs now.
      Reflect.set(window, READY, true);
      (Reflect.get(window, WAITING) as (() => void) | undefined)?.();
      afterFirstCard(loadLater);
    });
}
