// Minifies the text of Lit's `html`, `svg` and `css` tagged templates for the script-tag build
// (vite.config.ts). JS minifiers keep template text as written, so the indentation between tags
// ships as bytes and renders as whitespace-only text nodes. Only whitespace and comments inside
// those literals change, edited in place by source position (so the source map stays exact);
// `${…}` expressions, escapes, other templates, strings and comments are never touched.
import path from 'node:path';
import MagicString from 'magic-string';
import ts from 'typescript';

const HTML_TAGS = new Set(['html', 'svg']);
/** Elements whose content is kept as written. */
const RAW_ELEMENTS = new Set(['pre', 'textarea', 'style', 'script']);
const WHITESPACE = /\s/;
/** CSS characters that need no whitespace beside them. */
const CSS_TIGHT = new Set(['{', '}', ';', ',']);

/**
 * @typedef {object} Piece One literal part of a template (head, middle, tail or the whole literal).
 * @property {number} start Offset of its raw text in the file.
 * @property {string} raw The raw text, escapes as written.
 * @property {boolean} first No expression before it (the template starts here).
 * @property {boolean} last No expression after it (the template ends here).
 * @typedef {{ start: number, end: number, text: string }} Edit Replace `[start, end)` with `text`.
 * @typedef {{ kind: 'gap' | 'opaque' | 'char', start: number, end: number, ch: string }} CssToken
 */

/**
 * The cooked character at `i` and how many raw characters it takes. A JS escape (`\x`) is one
 * unit: `\\`, `` \` ``, `\$` and escaped quotes read as the character they produce, any other
 * escape as `\0` (opaque text), so nothing splits or rewrites an escape.
 * @param {string} raw
 * @param {number} i
 */
function unitAt(raw, i) {
  const ch = raw.charAt(i);
  if (ch !== '\\') return { ch, length: 1 };
  const next = raw.charAt(i + 1);
  return { ch: '\\`$"\''.includes(next) ? next : '\0', length: 2 };
}

/** End of the whitespace run starting at `i` (`i` itself when there is none). */
function runEnd(/** @type {string} */ raw, /** @type {number} */ i) {
  let j = i;
  while (j < raw.length && WHITESPACE.test(raw.charAt(j))) j++;
  return j;
}

/** True when `<` at `i` starts a tag, an end tag, a comment or a declaration. */
function isTagStart(/** @type {string} */ raw, /** @type {number} */ i) {
  return raw.charAt(i) === '<' && /^[a-zA-Z/!?]/.test(raw.charAt(i + 1));
}

/** An edit to `run` at `start`, or nothing when `text` is what is already there. */
function replaceRun(/** @type {Edit[]} */ edits, /** @type {number} */ start, run = '', text = '') {
  if (run !== text) edits.push({ start, end: start + run.length, text });
}

/**
 * HTML/SVG: whitespace with a newline is removed between a tag (or an expression, or the template's
 * edge) and the next tag or expression, where it would only make a whitespace-only text node; it
 * collapses to one space anywhere else in text and between attributes. Quoted attribute values,
 * `<pre>`/`<textarea>`/`<style>`/`<script>` content and runs without a newline stay as written.
 * HTML comments inside one piece are removed. The state carries across expressions.
 * @param {Piece[]} pieces
 * @returns {Edit[]}
 */
function htmlEdits(pieces) {
  /** @type {Edit[]} */
  const edits = [];
  let mode = 'text'; // text | tag | quoted | comment | raw
  let quote = '';
  let tag = '';
  let closing = false;
  for (const { start, raw } of pieces) {
    let afterBoundary = true; // piece start: the template's start or an expression
    let i = 0;
    while (i < raw.length) {
      if (mode === 'text') {
        const j = runEnd(raw, i);
        if (j > i) {
          const run = raw.slice(i, j);
          const beforeBoundary = j === raw.length || isTagStart(raw, j);
          if (run.includes('\n')) {
            replaceRun(edits, start + i, run, afterBoundary && beforeBoundary ? '' : ' ');
          }
          afterBoundary = false;
          i = j;
        } else if (raw.startsWith('<!--', i)) {
          const close = raw.indexOf('-->', i + 4);
          if (close < 0) {
            mode = 'comment';
            i = raw.length;
          } else {
            edits.push({ start: start + i, end: start + close + 3, text: '' });
            afterBoundary = true;
            i = close + 3;
          }
        } else if (isTagStart(raw, i)) {
          closing = raw.charAt(i + 1) === '/';
          const name = /^[^\s/>]*/.exec(raw.slice(i + (closing ? 2 : 1)))?.[0] ?? '';
          tag = name.toLowerCase();
          mode = 'tag';
          i += (closing ? 2 : 1) + name.length;
        } else {
          afterBoundary = false;
          i += unitAt(raw, i).length;
        }
      } else if (mode === 'tag') {
        const j = runEnd(raw, i);
        const { ch, length } = unitAt(raw, i);
        if (j > i) {
          const run = raw.slice(i, j);
          if (run.includes('\n')) replaceRun(edits, start + i, run, ' ');
          i = j;
          continue;
        }
        if (ch === '"' || ch === "'") {
          mode = 'quoted';
          quote = ch;
        } else if (ch === '>') {
          mode = !closing && RAW_ELEMENTS.has(tag) ? 'raw' : 'text';
          afterBoundary = true;
        }
        i += length;
      } else if (mode === 'quoted') {
        const { ch, length } = unitAt(raw, i);
        if (ch === quote) mode = 'tag';
        i += length;
      } else if (mode === 'comment') {
        const close = raw.indexOf('-->', i);
        if (close < 0) i = raw.length;
        else [mode, afterBoundary, i] = ['text', true, close + 3];
      } else {
        const end = raw.toLowerCase().indexOf(`</${tag}`, i);
        if (end < 0) i = raw.length;
        else [mode, closing, i] = ['tag', true, end + 2 + tag.length];
      }
    }
  }
  return edits;
}

/**
 * Splits a CSS piece into gaps (whitespace and comments), opaque runs (strings) and single
 * characters. A string or comment left open at the end of a piece continues in the next one.
 * @param {string} raw
 * @param {string} open `''`, the quote of an open string, or `'*'` for an open comment.
 * @returns {{ tokens: CssToken[], open: string }}
 */
function cssTokens(raw, open) {
  /** @type {CssToken[]} */
  const tokens = [];
  let i = 0;
  /** Skips to the end of the open string or comment; returns what is still open at the piece end. */
  const skip = (/** @type {number} */ from, /** @type {string} */ closer) => {
    let still = closer;
    while (i < raw.length && still) {
      const { ch, length } = unitAt(raw, i);
      if (closer === '*' ? raw.startsWith('*/', i) : ch === closer) still = '';
      if (closer === '*') i += still ? 1 : 2;
      else i += ch === '\\' && i + length < raw.length ? length + unitAt(raw, i + length).length : length;
    }
    tokens.push({ kind: 'opaque', start: from, end: i, ch: '' });
    return still;
  };
  if (open) open = skip(0, open);
  while (i < raw.length && !open) {
    const { ch, length } = unitAt(raw, i);
    const from = i;
    const spaceEnd = runEnd(raw, i);
    const commentEnd = raw.startsWith('/*', i) ? raw.indexOf('*/', i + 2) : -1;
    const last = tokens[tokens.length - 1];
    if (spaceEnd > i || commentEnd >= 0) {
      i = spaceEnd > i ? spaceEnd : commentEnd + 2;
      if (last?.kind === 'gap') last.end = i;
      else tokens.push({ kind: 'gap', start: from, end: i, ch: '' });
    } else if (raw.startsWith('/*', i)) {
      i += 2;
      open = skip(from, '*');
    } else if (ch === '"' || ch === "'") {
      i += length;
      open = skip(from, ch);
    } else {
      tokens.push({ kind: 'char', start: i, end: i + length, ch });
      i += length;
    }
  }
  return { tokens, open };
}

/**
 * CSS: comments are removed and every gap of whitespace and comments becomes one space, or nothing
 * next to `{ } ; ,`, after `:` and at the template's edges; a `;` right before `}` is dropped. Next
 * to an expression a gap stays one space (`margin: ${x} auto`); a space before `:` is never removed
 * (`a :hover` is not `a:hover`). Strings are kept as written.
 * @param {Piece[]} pieces
 * @returns {Edit[]}
 */
function cssEdits(pieces) {
  /** @type {Edit[]} */
  const edits = [];
  let open = '';
  for (const piece of pieces) {
    const result = cssTokens(piece.raw, open);
    open = result.open;
    result.tokens.forEach((token, k, tokens) => {
      const at = piece.start + token.start;
      const next = tokens[k + 1];
      if (token.ch === ';' && (next?.kind === 'gap' ? tokens[k + 2] : next)?.ch === '}') {
        edits.push({ start: at, end: at + 1, text: '' });
      }
      if (token.kind !== 'gap') return;
      const gap = piece.raw.slice(token.start, token.end);
      replaceRun(edits, at, gap, cssGap(gap, tokens[k - 1], next, piece));
    });
  }
  return edits;
}

/**
 * What a CSS gap between `prev` and `next` (undefined at a piece edge) becomes.
 * @param {string} gap
 * @param {CssToken | undefined} prev
 * @param {CssToken | undefined} next
 * @param {Piece} piece
 */
function cssGap(gap, prev, next, piece) {
  if ((!prev && !piece.first) || (!next && !piece.last)) return ' '; // beside an expression
  if (!prev || !next) return ''; // the template's start or end
  if (prev.ch === ':') return next.ch === ';' || next.ch === '}' ? ' ' : ''; // `--x: ;` stays non-empty
  if (CSS_TIGHT.has(prev.ch) || CSS_TIGHT.has(next.ch)) return '';
  // A gap of comments only keeps them: a comment separates tokens but is not a descendant combinator.
  return WHITESPACE.test(gap.replace(/\/\*[\s\S]*?\*\//g, '')) ? ' ' : gap;
}

/**
 * The literal pieces of a template, or undefined when a piece's text is not where TypeScript says.
 * @param {ts.TemplateLiteral} template
 * @param {ts.SourceFile} file
 * @returns {Piece[] | undefined}
 */
function templatePieces(template, file) {
  const literals = ts.isNoSubstitutionTemplateLiteral(template)
    ? [template]
    : [template.head, ...template.templateSpans.map((span) => span.literal)];
  const pieces = literals.map((literal, index) => {
    const start = literal.getStart(file) + 1;
    const closer = ts.isNoSubstitutionTemplateLiteral(literal) || ts.isTemplateTail(literal) ? 1 : 2;
    const raw = file.text.slice(start, literal.end - closer);
    return { start, raw, first: index === 0, last: index === literals.length - 1, expected: literal.rawText };
  });
  return pieces.every((piece) => piece.expected === undefined || piece.expected === piece.raw)
    ? pieces
    : undefined;
}

/**
 * Minifies the `html`, `svg` and `css` tagged templates of one TypeScript module.
 * @param {string} code The module's source.
 * @param {string} id Its file name (the source map's `source`).
 * @returns {{ code: string, map: import('magic-string').SourceMap } | null} null when nothing changed.
 */
export function minifyTemplates(code, id) {
  const file = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const output = new MagicString(code);
  let changed = false;
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag)) {
      const kind = node.tag.text;
      const pieces = kind === 'css' || HTML_TAGS.has(kind) ? templatePieces(node.template, file) : undefined;
      const edits = pieces ? (kind === 'css' ? cssEdits(pieces) : htmlEdits(pieces)) : [];
      for (const { start, end, text } of edits) {
        if (text) output.overwrite(start, end, text);
        else output.remove(start, end);
        changed = true;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (!changed) return null;
  return {
    code: output.toString(),
    map: output.generateMap({ hires: true, source: id, includeContent: true }),
  };
}

/**
 * Vite plugin: runs `minifyTemplates` over the project's `src/**\/*.ts` before TypeScript is
 * stripped. Build only: the dev server keeps templates as written.
 * @returns {import('./minify-templates.d.mts').MinifyTemplatesPlugin}
 */
export function minifyTemplatesPlugin() {
  let srcDir = path.resolve('src') + path.sep;
  return {
    name: 'adpx:minify-templates',
    enforce: 'pre',
    apply: 'build',
    configResolved(config) {
      srcDir = path.join(config.root, 'src') + path.sep;
    },
    transform(code, id) {
      const file = path.resolve(id.split('?')[0] ?? id);
      if (!file.startsWith(srcDir) || !file.endsWith('.ts') || file.endsWith('.d.ts')) return null;
      return minifyTemplates(code, file);
    },
  };
}
