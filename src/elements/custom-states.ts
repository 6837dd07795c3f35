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

/** Makes `states` the element's custom states, and only those. */
export function setStates(internals: ElementInternals | undefined, ...states: string[]): void {
  try {
    internals?.states.clear();
    for (const state of states) internals?.states.add(state);
  } catch {
    // No CustomStateSet in this engine.
  }
}
