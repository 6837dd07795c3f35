/**
 * Lit's server renderer writes attribute bindings and child content, but neither properties nor
 * element-position directives. The unit's templates set every text through `.textContent` (no
 * marker comment per text in the browser) and its theme and image ratios through `cssProps`
 * (CSSOM only, for strict CSPs). On the server only, {@link carryValues} rewrites each template the
 * unit renders so that those values travel as attributes: `.textContent=${text}` becomes
 * `data-text=${text}`, which {@link placeTexts} then turns into the element's text, and
 * `${cssProps(props)}` becomes `style=${…}`. The browser's templates are untouched: the digest of
 * each rewritten template is put back to the original's ({@link placeTexts}), so hydration matches
 * them, and it does not write attribute bindings, so the server's text and style stay until the
 * browser's own bindings set the same values.
 */
import { digestForTemplateResult } from '@lit-labs/ssr-client';
import { nothing, type TemplateResult } from 'lit';
import { cssProps } from '../../elements/css-props.js';

const TEXT_BINDING = /\.textContent=$/;

interface DirectiveValue {
  _$litDirective$: unknown;
  values: unknown[];
}

const CSS_PROPS = (cssProps({}) as unknown as DirectiveValue)._$litDirective$;

const isCssProps = (value: unknown): value is DirectiveValue =>
  !!value && typeof value === 'object' && (value as Partial<DirectiveValue>)._$litDirective$ === CSS_PROPS;

const isTemplate = (value: unknown): value is TemplateResult =>
  !!value && typeof value === 'object' && '_$litType$' in value && 'strings' in value;

/** Each template's rewritten strings, made once. */
const rewritten = new WeakMap<TemplateStringsArray, TemplateStringsArray>();

/** The digest of each rewritten template → the digest of the template the browser renders. */
const digests = new Map<string, string>();

function styleText(props: unknown): string | typeof nothing {
  const entries = Object.entries((props ?? {}) as Record<string, string>);
  return entries.length > 0 ? entries.map(([name, value]) => `${name}:${value}`).join(';') : nothing;
}

function rewrite(result: TemplateResult): TemplateStringsArray {
  const known = rewritten.get(result.strings);
  if (known) return known;
  const strings = result.strings.map((text, i) => {
    if (i === result.values.length) return text;
    if (TEXT_BINDING.test(text)) return text.replace(TEXT_BINDING, 'data-text=');
    return isCssProps(result.values[i]) ? `${text} style=` : text;
  });
  const carried = Object.assign(strings, { raw: strings }) as unknown as TemplateStringsArray;
  rewritten.set(result.strings, carried);
  digests.set(
    digestForTemplateResult({ ...result, strings: carried } as TemplateResult),
    digestForTemplateResult(result),
  );
  return carried;
}

/** `value` (what the unit's `render()` returns) with its texts and styles as attribute bindings. */
export function carryValues(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(carryValues);
  if (!isTemplate(value)) return value;
  const values = value.values.map((item, i) => {
    if (TEXT_BINDING.test(value.strings[i] ?? '')) return String(item ?? '');
    return isCssProps(item) ? styleText(item.values[0]) : carryValues(item);
  });
  return { ...value, strings: rewrite(value), values };
}

/**
 * The rendered HTML with each `data-text` attribute turned into its element's text (the templates
 * leave those elements empty) and each rewritten template's digest put back. Lit escaped the
 * value for an attribute (`&`, `<`, `>`, `"`, `'`), which is escaped enough for text.
 */
export function placeTexts(markup: string): string {
  return markup
    .replace(/<([a-z][a-z0-9-]*)([^>]*?) data-text="([^"]*)"([^>]*)>/g, '<$1$2$4>$3')
    .replace(/<!--lit-part ([^ ]+?)-->/g, (part, digest: string) => {
      const original = digests.get(digest);
      return original ? `<!--lit-part ${original}-->` : part;
    });
}
