/**
 * The counts the unit writes without `Intl` (0 to 999 in `LATIN_DIGITS`, src/i18n/messages.ts) must
 * read as the engine's own `Intl.NumberFormat` writes them. Run in the page (`page.evaluate`) by
 * e2e/i18n.spec.ts in Chromium and e2e-engines/words.flow.ts in Firefox and WebKit: it returns
 * every `language n` whose `Intl` string differs from the plain digits, so `[]` is the pass.
 * Self-contained: the test runner sends its source to the page.
 */
export function digitsIntlWritesOtherwise(languages: readonly string[]): string[] {
  const wrong: string[] = [];
  for (const language of languages) {
    const intl = new Intl.NumberFormat(language);
    for (let n = 0; n < 1000; n++) if (intl.format(n) !== String(n)) wrong.push(`${language} ${n}`);
  }
  return wrong;
}
