/** Where the unit stands. A const object and a union, not an enum. */
export const UnitStatus = {
  Idle: 'idle',
  Loading: 'loading',
  Ready: 'ready',
  Shown: 'shown',
  /** The flow is over (close beacon sent, `closed_ads` fired) but something is still on screen. */
  Ended: 'ended',
  Closed: 'closed',
  Error: 'error',
} as const;
export type UnitStatus = (typeof UnitStatus)[keyof typeof UnitStatus];
