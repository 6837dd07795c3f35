/**
 * Lit's server renderer writes attribute bindings and child content, but neither properties nor
 * element-position directives. The unit's templates set every text through `.textContent` (no
 * marker comment per text in the browser) and its theme and image ratios through `cssProps`
 * (CSSOM only, for strict CSPs). On the server only, {@link carryValues} rewrites each template the
 * unit renders so that those values travel as attributes: `.textContent=${text}` becomes
 * `data-text=${text}`, which {@link placeTexts} then turns into the element's text, and
 * `${cssProps(props)}` becomes `style=${…}`. The browser's templates are untouched: the digest of
 * each rewritten template is put back to the original's ({@link placeTexts}), so hydration matches
 * them, and it does not write attribute bindings, so the server's style stays until the browser's
 * own bindings set the same values. Its texts stay too: the take-over writes a text only when it
 * differs from the one there (elements/adpx-offers/take-over.ts).
 */
import { digestForTemplateResult } from '@lit-labs/ssr-client';
import { nothing, type TemplateResult } from 'lit';
import { cssProps } from '../../elements/css-props.js';
import { mapTexts, TEXT_BINDING } from '../../elements/text-bindings.js';

interface DirectiveValue {
  _$litDirective$: unknown;
  values: unknown[];
}

const CSS_PROPS = (cssProps({}) as unknown as DirectiveValue)._$litDirective$;

const isCssProps = (value: unknown): value is DirectiveValue =>
  !!value && typeof value === 'object' && (value as Partial<DirectiveValue>)._$litDirective$ === CSS_PROPS;

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
export const carryValues = (value: unknown): unknown =>
  mapTexts(
    value,
    (item) => String(item ?? ''),
    (item) => (isCssProps(item) ? styleText(item.values[0]) : undefined),
    rewrite,
  );

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
