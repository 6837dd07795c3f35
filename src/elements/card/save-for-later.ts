/**
 * "Save for later" bookkeeping: an offer is saved at most once per load. The load is identified by
 * its beacon ledger (a new load gets a new ledger; a card used alone keeps its own), so going back
 * to an offer already saved shows "Saved" instead of offering to save it again.
 * docs/decisions/007-save-for-later.md explains the request.
 */
import type { BeaconLedger } from '../../tracking/ledger.js';

/** Where the save of the shown offer stands. A const object and a union, not an enum. */
export const SaveState = {
  Idle: 'idle',
  Saving: 'saving',
  Saved: 'saved',
  Failed: 'failed',
} as const;
export type SaveState = (typeof SaveState)[keyof typeof SaveState];

const claimed = new WeakMap<BeaconLedger, Set<number>>();

function offersOf(ledger: BeaconLedger): Set<number> {
  let ids = claimed.get(ledger);
  if (!ids) {
    ids = new Set();
    claimed.set(ledger, ids);
  }
  return ids;
}

/** True when the offer was saved (or is being saved) in this load. */
export function isSaved(ledger: BeaconLedger, offerId: number): boolean {
  return offersOf(ledger).has(offerId);
}

/** Claims the save of an offer for this load; false when it was claimed before. */
export function claimSave(ledger: BeaconLedger, offerId: number): boolean {
  const ids = offersOf(ledger);
  if (ids.has(offerId)) return false;
  ids.add(offerId);
  return true;
}

/** Gives the claim back after a failed request, so the user may try again. */
export function releaseSave(ledger: BeaconLedger, offerId: number): void {
  offersOf(ledger).delete(offerId);
}
