import { describe, expect, it } from 'vitest';
import type { ReactiveController } from 'lit';
import { ModalController } from './modal.js';

/** A host for the controller, in the document. */
function fakeHost() {
  const host = Object.assign(document.createElement('div'), {
    addController: (_: ReactiveController) => {},
    removeController: () => {},
    requestUpdate: () => {},
    updateComplete: Promise.resolve(true),
  });
  document.body.append(host);
  return host;
}

/** A connected `<dialog>` and a `close` event as it would reach the unit's listener on it. */
function dialogWithEvent() {
  const dialog = document.createElement('dialog');
  document.body.append(dialog);
  const event = new Event('close');
  Object.defineProperty(event, 'currentTarget', { value: dialog });
  return { dialog, event };
}

describe('ModalController.closedFromOutside (docs/decisions/010)', () => {
  it('is true for the dialog it opened, once that dialog is closed', () => {
    const modal = new ModalController(fakeHost());
    const { dialog, event } = dialogWithEvent();
    modal.open(dialog, null);
    expect(dialog.open).toBe(true);
    dialog.close();
    expect(modal.closedFromOutside(event)).toBe(true);
  });

  it('is false while that dialog is open again: the event is from an earlier close', () => {
    const modal = new ModalController(fakeHost());
    const { dialog, event } = dialogWithEvent();
    modal.open(dialog, null);
    modal.release();
    modal.open(dialog, null);
    expect(modal.closedFromOutside(event)).toBe(false);
  });

  it('is false after release, and for a dialog it did not open', () => {
    const modal = new ModalController(fakeHost());
    const first = dialogWithEvent();
    modal.open(first.dialog, null);
    modal.release();
    expect(modal.closedFromOutside(first.event)).toBe(false);
    const second = dialogWithEvent();
    modal.open(second.dialog, null);
    second.dialog.close();
    expect(modal.closedFromOutside(first.event)).toBe(false);
    expect(modal.closedFromOutside(second.event)).toBe(true);
  });
});
