import { safely } from '../errors.js';

/**
 * Custom states (`:state(name)` in CSS) through `ElementInternals`, for the elements' own styles and
 * for page CSS. Engines without them (no `attachInternals`, or no `CustomStateSet`) get nothing:
 * the same facts stay readable as properties (`state`, `open`), and a `:state()` rule is dropped
 * there as a whole, leaving the layout it refines.
 */

/** The element's internals, where the engine has them. Call once, from a field initializer. */
export function attachStates(element: HTMLElement): ElementInternals | undefined {
  return typeof element.attachInternals === 'function' ? element.attachInternals() : undefined;
}

/**
 * Makes `states` the element's custom states, and only those. A state already set is left alone:
 * each change of the set costs a style invalidation (in Chromium, `clear()` and `add()` of the one
 * state a unit already had cost about 0.7 ms of its 7 ms re-render).
 */
export function setStates(internals: ElementInternals | undefined, ...states: string[]): void {
  const set = internals?.states;
  if (!set) return;
  // An older CustomStateSet refuses names without `--`: nothing is set there.
  safely(() => {
    for (const state of set) if (!states.includes(state)) set.delete(state);
    for (const state of states) if (!set.has(state)) set.add(state);
  });
}
