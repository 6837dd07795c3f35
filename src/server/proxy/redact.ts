/**
 * Keeping the API key out of everything the proxy emits: answers to the browser (the service's own
 * error bodies may echo the request URL), log entries and error messages.
 */

/** What a hidden key is replaced with. */
export const REDACTED = '***';

/**
 * From this length a key is hidden wherever it occurs; a shorter one only where it stands as a
 * word of its own (no letter or digit just before or after it), so that the offers' own text is
 * not cut up by a key such as `k-42ab`, while `api_key=k-42ab&` and `key k-42ab.` are hidden.
 */
const MIN_SUBSTRING_KEY_LENGTH = 8;

/** Hides one key in text and in parsed JSON. */
export interface Redactor {
  /** `text` with every spelling of the key (raw, URL-encoded, form-encoded) replaced. */
  text(text: string): string;
  /** True when `text` holds a spelling of the key (the raw text of an answer, before parsing). */
  holds(text: string): boolean;
  /** `value` (parsed JSON) with the key hidden in every string and object key; `changed` says whether any was. */
  json(value: unknown): { value: unknown; changed: boolean };
}

export function createRedactor(apiKey: string): Redactor {
  const spellings = [
    ...new Set([apiKey, encodeURIComponent(apiKey), new URLSearchParams({ k: apiKey }).toString().slice(2)]),
  ];
  const substrings = apiKey.length >= MIN_SUBSTRING_KEY_LENGTH;
  const alternatives = spellings.map((spelling) => spelling.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const word = `(?<![A-Za-z0-9])(?:${alternatives})(?![A-Za-z0-9])`;
  const findWord = new RegExp(word);
  const everyWord = new RegExp(word, 'g');
  const has = (input: string): boolean =>
    substrings ? spellings.some((spelling) => input.includes(spelling)) : findWord.test(input);
  const text = (input: string): string => {
    if (!has(input)) return input;
    if (!substrings) return input.replace(everyWord, REDACTED);
    let output = input;
    for (const spelling of spellings) output = output.split(spelling).join(REDACTED);
    return output;
  };
  const holdsKey = (node: unknown): boolean => {
    if (typeof node === 'string') return has(node);
    if (typeof node !== 'object' || node === null) return false;
    if (Array.isArray(node)) return node.some(holdsKey);
    for (const key of Object.keys(node)) {
      if (has(key) || holdsKey((node as Record<string, unknown>)[key])) return true;
    }
    return false;
  };
  const copy = (node: unknown): unknown => {
    if (typeof node === 'string') return text(node);
    if (Array.isArray(node)) return node.map(copy);
    if (typeof node !== 'object' || node === null) return node;
    // A null prototype: a JSON key `__proto__` stays a plain key.
    const out = Object.create(null) as Record<string, unknown>;
    for (const [key, child] of Object.entries(node)) out[text(key)] = copy(child);
    return out;
  };
  // Checked first without allocating: the usual answer holds no key and is passed on as it is.
  const json = (value: unknown): { value: unknown; changed: boolean } =>
    holdsKey(value) ? { value: copy(value), changed: true } : { value, changed: false };
  return { text, holds: has, json };
}
