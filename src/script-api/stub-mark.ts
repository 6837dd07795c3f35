/**
 * The mark of the `window.Adpx` stub the script tag's first file puts on the page until the
 * script API arrives (src/boot/adpx-stub.ts): `installAdpx` replaces a stub, never a live `Adpx`.
 * Its value is `[AdpxConfig, AdpxUser]` as they were when that file ran: the script API reads
 * them there, not as the page may have changed them before it arrived.
 */
export const ADPX_STUB = Symbol.for('adpx-offers.stub');

/** True for the first file's stub. */
export const isAdpxStub = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && ADPX_STUB in value;
