/**
 * The one backdrop rule of the SDK's dialogs (the unit's popup and the terms dialog), as Material
 * Web's dialog has one: a click closes when it both started and ended on the backdrop, outside the
 * dialog's box; a drag that starts inside the box and ends on the backdrop (selecting text, say)
 * does not. Put `onPointerDown` and a click listener on the `<dialog>` (the backdrop's clicks reach
 * it); the click listener asks `ended(event)`.
 */
export class BackdropClick {
  private pressed = false;

  /** `box`: the dialog's visible box; the dialog itself when it has no inner box. */
  constructor(private readonly box: (dialog: Element) => Element | null = (dialog) => dialog) {}

  readonly onPointerDown = (event: PointerEvent): void => {
    this.pressed = this.onBackdrop(event);
  };

  /** True for a click that started and ended on the backdrop. */
  ended(event: MouseEvent): boolean {
    const pressed = this.pressed;
    this.pressed = false;
    return pressed && this.onBackdrop(event);
  }

  private onBackdrop(event: MouseEvent): boolean {
    const dialog = event.currentTarget;
    if (!(dialog instanceof Element) || event.target !== dialog) return false;
    const box = this.box(dialog)?.getBoundingClientRect();
    const { clientX: x, clientY: y } = event;
    return !box || x < box.left || x > box.right || y < box.top || y > box.bottom;
  }
}
