// @vitest-environment node
/**
 * scripts/minify-templates.mjs strips the indentation out of Lit's `html`/`svg`/`css` templates for
 * the script-tag build (vite.config.ts). Each case says why it exists; the last block runs the
 * minifier over every real module in src/ and checks that it kept every expression and left no
 * whitespace-only text node behind.
 */
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { minifyTemplates, minifyTemplatesPlugin } from '../../scripts/minify-templates.mjs';

interface Case {
  why: string;
  input: string;
  /** Expected module text; `null` when the module must come back unchanged (the function's null). */
  output: string | null;
}

const minified = (input: string) => minifyTemplates(input, '/project/src/case.ts')?.code ?? null;

const HTML_CASES: Case[] = [
  {
    why: 'indentation between tags would be a whitespace-only text node',
    input: 'html`<div>\n  <p>a</p>\n  <p>b</p>\n</div>`',
    output: 'html`<div><p>a</p><p>b</p></div>`',
  },
  {
    why: 'a child expression is a boundary like a tag',
    input: 'html`<div>\n  ${a}\n</div>`',
    output: 'html`<div>${a}</div>`',
  },
  {
    why: 'between two child expressions there is nothing but the text node',
    input: 'html`${a}\n  ${b}`',
    output: 'html`${a}${b}`',
  },
  {
    why: 'the template’s own edges are boundaries',
    input: 'html`\n  <p>a</p>\n`',
    output: 'html`<p>a</p>`',
  },
  {
    why: 'a newline inside text is a visible space: it collapses, it does not vanish',
    input: 'html`<p>Offer from\n    ${name}\n    today</p>`',
    output: 'html`<p>Offer from ${name} today</p>`',
  },
  {
    why: 'runs without a newline may be meaningful and stay as written',
    input: 'html`<p>Offer  from ${name} </p> <b>x</b>`',
    output: null,
  },
  {
    why: 'attributes across lines keep one space each, and unquoted values stay unquoted',
    input: 'html`<a\n  href=${url}\n  class="x"\n  @click=${go}\n  >${label}</a\n>`',
    output: 'html`<a href=${url} class="x" @click=${go} >${label}</a >`',
  },
  {
    why: 'element bindings inside a tag are not child expressions: joining them would merge two parts',
    input: 'html`<div\n  ${ref(a)}\n  ${ref(b)}\n>\n</div>`',
    output: 'html`<div ${ref(a)} ${ref(b)} ></div>`',
  },
  {
    why: 'quoted attribute values are kept, even with newlines, `>` and expressions in them',
    input: 'html`<p title="a >\n  ${b}\n  c">\n</p>`',
    output: 'html`<p title="a >\n  ${b}\n  c"></p>`',
  },
  {
    why: '<pre>, <textarea>, <style> and <script> content is kept as written',
    input:
      'html`<pre>\n  a\n  <b>x</b>\n</pre>\n<textarea>\n  t\n</textarea>\n<style>\n  p { }\n</style>\n<script>\n  x\n</script>`',
    output:
      'html`<pre>\n  a\n  <b>x</b>\n</pre><textarea>\n  t\n</textarea><style>\n  p { }\n</style><script>\n  x\n</script>`',
  },
  {
    why: 'HTML comments are removed, with the indentation around them',
    input: 'html`<div>\n  <!-- note -->\n  <p>a</p>\n</div>`',
    output: 'html`<div><p>a</p></div>`',
  },
  {
    why: 'a comment holding an expression is left alone (Lit gives it a part)',
    input: 'html`<!-- ${a} -->`',
    output: null,
  },
  {
    why: 'escaped backticks, `\\${` and backslashes are kept byte for byte',
    input: 'html`<p>\\`a\\`</p>\n<p>\\${b} \\\\ \\n</p>`',
    output: 'html`<p>\\`a\\`</p><p>\\${b} \\\\ \\n</p>`',
  },
  {
    why: 'an escaped quote inside a tag opens a quoted value like a real one',
    input: 'html`<p title=\\"a\n  b\\">\n</p>`',
    output: 'html`<p title=\\"a\n  b\\"></p>`',
  },
  {
    why: 'svg templates follow the HTML rules',
    input: 'svg`<path\n  d="M1 2"\n/>\n<circle r="1" />`',
    output: 'svg`<path d="M1 2" /><circle r="1" />`',
  },
  {
    why: 'templates nested in expressions are minified on their own; the expression code is not',
    input: 'html`<ul>\n  ${items.map((i) =>   html`<li>\n  ${i  +\n  1}\n</li>`)}\n</ul>`',
    output: 'html`<ul>${items.map((i) =>   html`<li>${i  +\n  1}</li>`)}</ul>`',
  },
  {
    why: 'a `<` that starts no tag is text',
    input: 'html`<p>a\n  < b</p>`',
    output: 'html`<p>a < b</p>`',
  },
];

const CSS_CASES: Case[] = [
  {
    why: 'indentation, the space around braces and after `:`, and the last `;` are not needed',
    input: 'css`\n  :host {\n    display: block;\n    color: red;\n  }\n`',
    output: 'css`:host{display:block;color:red}`',
  },
  {
    why: 'comments are removed',
    input: 'css`/* a */\n.a { /* b */ color: red; }\n/* c */`',
    output: 'css`.a{color:red}`',
  },
  {
    why: 'a space before `:` is a descendant combinator (`a :hover` is not `a:hover`)',
    input: 'css`a :hover,\n  b::before { x: y }`',
    output: 'css`a :hover,b::before{x:y}`',
  },
  {
    why: 'next to an expression whitespace stays one space (`margin: ${x} auto`)',
    input: 'css`.a { margin: ${x} auto; }\n  ${more}\n`',
    output: 'css`.a{margin: ${x} auto} ${more} `',
  },
  {
    why: 'strings are kept as written, with the `;`, `}` and spaces in them',
    input: 'css`.a::before { content: "  a ;  }"; font-family: \'A  B\' , serif; }`',
    output: 'css`.a::before{content:"  a ;  }";font-family:\'A  B\',serif}`',
  },
  {
    why: 'a CSS escape in a string (a JS-escaped backslash) does not end it',
    input: 'css`.a { content: "\\\\"  x"; }`',
    output: 'css`.a{content:"\\\\"  x"}`',
  },
  {
    why: 'runs without a newline collapse too; operators in calc() keep their spaces',
    input: 'css`.a  .b { width: calc(100%  -  2 * var(--x)); }`',
    output: 'css`.a .b{width:calc(100% - 2 * var(--x))}`',
  },
  {
    why: 'at-rules and url() keep the spaces that separate tokens',
    input: 'css`@media (min-width: 480px) {\n  .a { background: url( "x y.png" ) no-repeat; }\n}`',
    output: 'css`@media (min-width:480px){.a{background:url( "x y.png" ) no-repeat}}`',
  },
  {
    why: 'an empty custom property keeps its space (`--x:;` is invalid in older browsers)',
    input: 'css`.a { --x: ; }`',
    output: 'css`.a{--x: }`',
  },
  {
    why: 'a comment between two tokens separates them without being a combinator: kept',
    input: 'css`.a/**/.b{}`',
    output: null,
  },
];

const UNTOUCHED: Case[] = [
  { why: 'untagged templates', input: 'const s = `<div>\n  <p>a</p>\n</div>`;', output: null },
  { why: 'other tags', input: 'sql`SELECT\n  *`; lit.html`<p>\n</p>`; css2`a {\n}`', output: null },
  {
    why: 'strings and comments outside the literals',
    input: 'const a = \'<div>\\n  </div>\'; // html`\n/* css`a {\n} */ const b = "x  ;  }";',
    output: null,
  },
  { why: 'templates with nothing to remove', input: 'html`<p>${a}</p>`; css`a{b:c}`', output: null },
];

describe('minifyTemplates', () => {
  it.each(HTML_CASES)('html: $why', ({ input, output }) => expect(minified(input)).toBe(output));
  it.each(CSS_CASES)('css: $why', ({ input, output }) => expect(minified(input)).toBe(output));
  it.each(UNTOUCHED)('untouched: $why', ({ input, output }) => expect(minified(input)).toBe(output));

  it('maps every kept character back to where it was', () => {
    const input = 'const t = html`<div>\n  <p class="x">\n    ${name}\n  </p>\n</div>`;\nconst after = 1;\n';
    const result = minifyTemplates(input, '/project/src/case.ts');
    expect(result?.map.sources).toEqual(['/project/src/case.ts']);
    expect(result?.map.sourcesContent).toEqual([input]);
    const lines = decodeMappings(result?.map.mappings ?? '');
    for (const token of ['class="x"', 'name', '</p>', 'after']) {
      const at = position(result?.code ?? '', token);
      const segment = lines[at.line]?.findLast((s) => (s[0] ?? 0) <= at.column);
      expect({ token, line: segment?.[2], column: segment?.[3] }).toEqual({
        token,
        ...position(input, token),
      });
    }
  });
});

describe('minifyTemplatesPlugin', () => {
  const plugin = minifyTemplatesPlugin();
  plugin.configResolved({ root: '/project' });
  const code = 'html`<p>\n</p>`';

  it('runs before TypeScript is stripped, at build time only', () => {
    expect(plugin.enforce).toBe('pre');
    expect(plugin.apply).toBe('build');
  });

  it('transforms the project’s src/**/*.ts files', () => {
    expect(plugin.transform(code, '/project/src/elements/a.ts')?.code).toBe('html`<p></p>`');
    expect(plugin.transform(code, '/project/src/a.ts?used')?.code).toBe('html`<p></p>`');
  });

  it('leaves everything else alone', () => {
    expect(plugin.transform(code, '/project/node_modules/lit/a.ts')).toBeNull();
    expect(plugin.transform(code, '/project/demo/a.ts')).toBeNull();
    expect(plugin.transform(code, '/project/src/a.js')).toBeNull();
    expect(plugin.transform(code, '/project/src/a.d.ts')).toBeNull();
    expect(plugin.transform('const a = 1;', '/project/src/a.ts')).toBeNull();
  });
});

describe('over every module in src/', () => {
  const srcDir = new URL('../../src/', import.meta.url);
  const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map((name) => ({ name, code: readFileSync(new URL(name, srcDir), 'utf8') }));
  const changed = files.flatMap(({ name, code }) => {
    const result = minifyTemplates(code, name);
    return result ? [{ name, before: code, after: result.code }] : [];
  });

  it('changes the modules with Lit templates', () => {
    expect(changed.length).toBeGreaterThan(5);
  });

  it.each(changed)('$name still parses, without new syntax errors', ({ name, before, after }) => {
    expect(syntaxErrors(name, after)).toEqual(syntaxErrors(name, before));
  });

  it.each(changed)('$name keeps every template and every expression', ({ name, before, after }) => {
    // Whitespace aside: a nested template inside an expression is minified too.
    const expressions = (code: string) =>
      litTemplates(name, code).map(({ tag, template, file }) => ({
        tag,
        count: ts.isTemplateExpression(template) ? template.templateSpans.length : 0,
        expressions: ts.isTemplateExpression(template)
          ? template.templateSpans.map((span) => span.expression.getText(file).replace(/\s+/g, ''))
          : [],
      }));
    expect(expressions(after)).toEqual(expressions(before));
  });

  it.each(changed)('$name has no newline run left between tags in html', ({ name, after }) => {
    const pieces = litTemplates(name, after)
      .filter(({ tag }) => tag !== 'css')
      .map(({ template }) => literals(template).map((literal) => literal.rawText ?? ''));
    // `\0` stands for an expression: a boundary like a tag.
    const leftovers = pieces
      .map((raw) => raw.join('\0'))
      .filter((text) => /(^|>|\0)\s*\n\s*(<|\0|$)/.test(text));
    expect(leftovers).toEqual([]);
  });
});

/** The `html`/`svg`/`css` tagged templates of a module, in source order. */
function litTemplates(name: string, code: string) {
  const file = ts.createSourceFile(name, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: Array<{ tag: string; template: ts.TemplateLiteral; file: ts.SourceFile }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag)) {
      if (['html', 'svg', 'css'].includes(node.tag.text)) {
        found.push({ tag: node.tag.text, template: node.template, file });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function literals(template: ts.TemplateLiteral): ts.TemplateLiteralLikeNode[] {
  if (ts.isNoSubstitutionTemplateLiteral(template)) return [template];
  return [template.head, ...template.templateSpans.map((span) => span.literal)];
}

/** TypeScript's syntactic diagnostics for a module, as text. */
function syntaxErrors(name: string, code: string): string[] {
  const { diagnostics = [] } = ts.transpileModule(code, {
    fileName: name,
    reportDiagnostics: true,
    compilerOptions: { target: ts.ScriptTarget.ES2022, experimentalDecorators: true },
  });
  return diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/** Zero-based line and column of the first `token` in `code`. */
function position(code: string, token: string): { line: number; column: number } {
  const before = code.slice(0, code.indexOf(token)).split('\n');
  return { line: before.length - 1, column: before[before.length - 1]?.length ?? 0 };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's `mappings`, decoded: per generated line, segments [column, source, line, column]. */
function decodeMappings(mappings: string): number[][][] {
  const state = [0, 0, 0, 0];
  return mappings.split(';').map((line) => {
    state[0] = 0;
    if (!line) return [];
    return line.split(',').map((segment) => {
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      values.forEach((delta, i) => (state[i] = (state[i] ?? 0) + delta));
      return state.slice(0, values.length);
    });
  });
}
