/** The focused element under `root` (a document or shadow root), looking through open shadow roots. */
function deepActiveElement(root: Node): Element | null {
  let active = (root as Document).activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** True when `node` is inside `unit`, its shadow trees included. */
function within(unit: Element, node: Node | null): boolean {
  while (node && node !== unit) node = node.parentNode ?? (node as ShadowRoot).host;
  return !!node;
}

/** Focuses `el`; true when it took focus (connected, visible, not disabled or inert). */
function focuses(el: HTMLElement | undefined): boolean {
  el?.focus({ preventScroll: true });
  return !!el?.matches(':focus');
}

/**
 * Focuses the first element in Tab order after `unit` in document order (open shadow roots
 * included), or from the top of the document with `fromTop`. False when none takes focus.
 */
function focusAfter(unit: Element, fromTop: boolean): boolean {
  let after = fromTop;
  const visit = (root: ParentNode): boolean => {
    for (const el of root.children) {
      if (el === unit) after = true;
      else if (
        (after && (el as HTMLElement).tabIndex >= 0 && focuses(el as HTMLElement)) ||
        (el.shadowRoot && visit(el.shadowRoot)) ||
        visit(el)
      )
        return true;
    }
    return false;
  };
  return visit(document);
}

/**
 * Where focus goes when the unit goes off screen (every layout; closed by its controls, Escape,
 * the end of the flow, a timeout or `close()`, or taken out of the page). From the moment it is
 * shown, it keeps the last element focused outside it: the one focus came from when it entered.
 * When focus was inside at the close, it goes back there or, when that element is gone or refuses
 * focus, to the next control after the unit, so it never falls to `<body>`. A close that focus was
 * not inside leaves it where it is.
 */
export class FocusReturn {
  /** The last element focused outside the unit while it was shown. */
  private origin?: HTMLElement;
  /** Focus was inside the unit at the last focus change (read once the unit is out of the page). */
  private inside = false;
  /** The end card replaces the card that had focus: its button takes focus after the render. */
  private toEndCard = false;

  constructor(private readonly unit: HTMLElement) {}

  /** The unit is on screen: follow focus from now on. */
  track(): void {
    this.onFocusIn();
    this.listen(true);
  }

  /**
   * The unit goes off screen: runs `hide` (what takes it away, e.g. closing its dialog, which
   * must happen before the page behind can take focus), then moves focus back if it was inside.
   */
  restore(hide: () => void): void {
    // Taken out of the page, focus fell to the body: it was inside if it was when it last moved.
    const inside = this.unit.isConnected
      ? this.focusInside()
      : this.inside && document.activeElement === document.body;
    this.listen(false);
    this.inside = false;
    hide();
    if (inside && !focuses(this.origin) && this.unit.isConnected && !focusAfter(this.unit, false))
      focusAfter(this.unit, true);
    this.origin = undefined;
  }

  /**
   * The flow ended (`shown`: the end card is shown, `modal`: in a dialog, which has focus anyway):
   * its button takes focus after the render if focus was in the unit. `:focus-within`, not
   * `document.activeElement`, which is the outer host when the unit is in another shadow root.
   */
  endCard(shown: boolean, modal: boolean): void {
    this.toEndCard = shown && (modal || this.unit.matches(':focus-within'));
  }

  /** After the unit's render. */
  rendered(root: ParentNode): void {
    if (this.toEndCard) root.querySelector<HTMLElement>('.end-close')?.focus();
    this.toEndCard = false;
  }

  /**
   * Focus is in the unit, read from the focused element of the unit's own root (not
   * `:focus-within`, which Chromium does not set on the host while focus is in its modal dialog).
   */
  private focusInside(): boolean {
    return within(this.unit, deepActiveElement(this.unit.getRootNode()));
  }

  private listen(on: boolean): void {
    document[on ? 'addEventListener' : 'removeEventListener']('focusin', this.onFocusIn, true);
  }

  private readonly onFocusIn = (): void => {
    this.inside = this.focusInside();
    if (!this.inside) this.origin = (deepActiveElement(document) as HTMLElement | null) ?? undefined;
  };
}
