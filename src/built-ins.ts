/**
 * The built-ins the SDK needs in a form a page's libraries cannot change (docs/decisions/014):
 * taken when the script runs, and used so that what a page adds to the prototypes is not reached.
 */

/** `JSON.stringify` as it was when the script ran. */
const jsonStringify = JSON.stringify;

/**
 * `JSON.stringify(value)`, also on a page whose arrays have a `toJSON` (Prototype 1.6's
 * `Array#toJSON` returns a JSON string, which the serialiser would then encode as a string): the
 * replacer hands each array back as it is, and the serialiser calls `toJSON` once per value,
 * before the replacer. Everything the SDK sends or stores as JSON goes through it.
 */
export function stringify(value: unknown): string {
  return jsonStringify(value, function (this: Record<string, unknown>, key, given: unknown) {
    const own = this[key];
    return Array.isArray(own) ? own : given;
  });
}
