/**
 * "Save for later" state of the shown offer. An offer is saved at most once per load: the load's
 * ledger (BeaconLedger.claimSave) keeps the claim, so going back to an offer already saved shows
 * "Saved" instead of offering to save it again. docs/decisions/007-save-for-later.md explains it.
 */

/** Where the save of the shown offer stands. A const object and a union, not an enum. */
export const SaveState = {
  Idle: 'idle',
  Saving: 'saving',
  Saved: 'saved',
  Failed: 'failed',
} as const;
export type SaveState = (typeof SaveState)[keyof typeof SaveState];
