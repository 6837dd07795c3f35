/**
 * The unit's templates set every text through a `.textContent` property binding (no marker comment
 * per text in the browser, decision 004). Lit's server renderer writes no property, and Lit's
 * `hydrate` commits every property binding, so a text rendered on the server would be replaced by
 * a new node of the same text. Both sides reach those bindings through {@link mapTexts}: the
 * server to write the texts (src/server/ssr/server-values.ts), the take-over to keep them
 * (elements/adpx-offers/take-over.ts).
 */
import type { TemplateResult } from 'lit';

/** The template text before a `.textContent` binding. */
export const TEXT_BINDING = /\.textContent=$/;

const isTemplate = (value: unknown): value is TemplateResult =>
  !!value && typeof value === 'object' && '_$litType$' in value && 'strings' in value;

/**
 * `value` (what a unit's `render()` returns: a template, or an array of them, nested) with the value
 * of each `.textContent` binding mapped by `text`. Every other value is mapped by `other` when it
 * gives one back, else walked the same way; `strings` gives each template's strings (its own).
 */
export function mapTexts<T>(
  value: T,
  text: (item: unknown) => unknown,
  other: (item: unknown) => unknown = () => undefined,
  strings: (result: TemplateResult) => TemplateStringsArray = (result) => result.strings,
): T {
  if (Array.isArray(value)) return value.map((item: unknown) => mapTexts(item, text, other, strings)) as T;
  if (!isTemplate(value)) return value;
  const values = value.values.map((item, i) =>
    TEXT_BINDING.test(value.strings[i] ?? '')
      ? text(item)
      : (other(item) ?? mapTexts(item, text, other, strings)),
  );
  return { ...value, strings: strings(value), values } as T;
}
