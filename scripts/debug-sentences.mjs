// The debug log's fixed lines are written at their call site as a code and its sentence,
// `log('I7', 'dwell clock started, ms:', dwell)` (decision 012, src/debug.ts). The script-tag files
// drop the sentences (vite.config.ts): they print `[adpx] I7 1000 offer 7`, and docs/debug.md
// lists every code with its sentence (test/debug.test.ts reads them from the sources with
// `codedLines`). The ESM build keeps them, as Lit keeps its dev-mode messages.
import MagicString from 'magic-string';

/** A code literal (`'U6'`, `"A10"`), a comma, then its sentence as a string literal. */
const CODED_LINE = /(['"])([A-Z]\d{1,2})\1,\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")/g;

/**
 * The code and sentence of each fixed line of a module, in order.
 * @param {string} code
 */
export function codedLines(code) {
  return [...code.matchAll(CODED_LINE)].map((m) => ({ code: m[2] ?? '', sentence: m[3] ?? m[4] ?? '' }));
}

/**
 * The module with each fixed line's sentence dropped (`log('I7', dwell)`), or null when it has none.
 * @param {string} code
 * @param {string} id
 */
export function dropDebugSentences(code, id) {
  const edited = new MagicString(code);
  for (const m of code.matchAll(CODED_LINE)) {
    const [line = '', quote = "'", name = ''] = m;
    edited.overwrite(m.index, m.index + line.length, `${quote}${name}${quote}`);
  }
  return edited.hasChanged()
    ? { code: edited.toString(), map: edited.generateMap({ source: id, hires: true }) }
    : null;
}

/** Vite plugin (build only, `enforce: 'pre'`) running `dropDebugSentences` over `src/**\/*.ts`. */
export function debugCodesPlugin() {
  return {
    name: 'adpx-debug-codes',
    apply: /** @type {const} */ ('build'),
    enforce: /** @type {const} */ ('pre'),
    /** @param {string} code @param {string} id */
    transform(code, id) {
      return /\/src\/.*\.ts$/.test(id) ? dropDebugSentences(code, id) : null;
    },
  };
}
