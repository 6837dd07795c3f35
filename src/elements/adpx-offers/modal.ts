import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { safely } from '../../errors.js';
import { BackdropClick } from '../backdrop.js';

/**
 * Shows `dialog` as a modal; where the platform refuses (e.g. it is open already), as a plain one.
 * `showModal()` returns nothing, so `true` is what says it ran.
 */
function showModal(dialog: HTMLDialogElement): void {
  if (!safely(() => dialog.showModal() ?? true)) dialog.show();
}

/**
 * The popup and fullscreen layouts' native `<dialog>`: `showModal()` makes the rest of the page inert
 * and keeps focus inside; this controller moves focus in when the platform did not, and gives the
 * dialog's listeners (`handlers`): Escape and a backdrop click (the one rule of `BackdropClick`)
 * close through `close`. Where focus goes when the dialog goes away
 * is `FocusReturn`'s (focus-return.ts), as in the other layouts.
 */
export class ModalController implements ReactiveController {
  private dialog?: HTMLDialogElement;
  private readonly backdrop = new BackdropClick((dialog) => dialog.querySelector('.box'));

  constructor(host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  /**
   * Opens `dialog` as a modal once and moves focus to `initial` (the box holding the offer, so a
   * screen reader starts reading there; the next Tab reaches the first control).
   */
  open(dialog: HTMLDialogElement, initial: HTMLElement | null): void {
    if (dialog.open || !dialog.isConnected) return;
    this.dialog = dialog;
    showModal(dialog);
    initial?.focus({ preventScroll: true });
  }

  /**
   * True when a dialog's `close` event means it was closed from outside (the user, the platform):
   * it is the dialog this controller has open, and it is closed now. A close the controller made
   * itself (`release`, when the unit left the page) reaches listeners only at the next frame, maybe
   * after the same dialog was opened again for a new visit: that event is stale.
   */
  closedFromOutside(event: Event): boolean {
    const dialog = event.currentTarget;
    return dialog !== null && dialog === this.dialog && !this.dialog.open;
  }

  /** Closes the dialog (when open). */
  release(): void {
    const dialog = this.dialog;
    this.dialog = undefined;
    if (dialog?.open) dialog.close();
  }

  /**
   * The dialog's listeners. Escape (`cancel`) closes through `close`; so does a `close` event from
   * outside while `isUp`, and a backdrop click when `backdropCloses`.
   */
  handlers(close: () => void, isUp: () => boolean, backdropCloses: () => boolean) {
    return {
      onCancel: (event: Event) => {
        event.preventDefault();
        close();
      },
      onDialogClose: (event: Event) => isUp() && this.closedFromOutside(event) && close(),
      onPointerDown: this.backdrop.onPointerDown,
      onOverlayClick: (event: MouseEvent) => this.backdrop.ended(event) && backdropCloses() && close(),
    };
  }

  /**
   * Moved in the DOM (docs/decisions/010): taking the dialog out of the document took it out of
   * the top layer, so it is open but no longer modal. Shown modally again; dropping the `open`
   * attribute first fires no `close` event, so the move does not read as a dismissal. Leaving the
   * document for good is handled by the element (`release`).
   */
  hostConnected(): void {
    const dialog = this.dialog;
    if (!dialog?.open || !dialog.isConnected || dialog.matches(':modal')) return;
    dialog.removeAttribute('open');
    showModal(dialog);
  }
}
