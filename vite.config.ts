import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import { debugCodesPlugin } from './scripts/debug-sentences.mjs';
import { minifyTemplatesPlugin } from './scripts/minify-templates.mjs';

/**
 * Builds the script-tag files; the ESM build is plain `tsc` (see tsconfig.build.json) so that the
 * published modules keep their structure and lit/dompurify stay dependencies. One mode per file,
 * run in this order by `npm run build`:
 *
 * - `--mode sanitizer`: `dist/adpx-offers.sanitizer.iife.js`, DOMPurify and the terms sanitiser.
 * - default: `dist/adpx-offers.iife.js`, the first file, which loads the sanitizer file from its
 *   own URL when terms are about to open in an engine without the HTML Sanitizer API, with the
 *   file's sha384 hash (read here, after the sanitizer build) as `integrity`.
 * - `--mode single`: `dist/adpx-offers.single.iife.js`, one self-contained file with both, and
 *   with the words of every language.
 * - `--mode ssr`: `dist/adpx-offers.ssr.iife.js`, the first file with Lit's hydrate support, for
 *   pages whose units are rendered on the server (`adpx-offers/ssr`); same siblings.
 *
 * The first file carries English only: the alias swaps the loader of `src/i18n/translations.ts`
 * for one that fetches `dist/adpx-offers.locales.json` (written by scripts/locales.mjs) from the
 * script's own URL, with its sha384 hash, read here, as `integrity`.
 * It also prints debug-log codes without their sentences (`debugCodesPlugin` drops them, decision
 * 012, docs/debug.md).
 *
 * `minifyTemplatesPlugin` strips the indentation out of the elements' `html`/`svg`/`css` templates,
 * which the JS minifier leaves as written (bytes, and whitespace-only text nodes in every card).
 *
 * The script-tag files are minified by Terser (two compress passes), not the bundler's built-in
 * minifier: it makes smaller files from the same sources (docs/performance.md, "Decisions, and why"). Its
 * default, safe compress options only; no `unsafe_*`, no `pure_getters`: DOMPurify is in the
 * sanitizer and single files, and the few bytes they would save do not pay for the risk. The first
 * file also has its function declarations hoisted to the top of their scope (`hoist_funs`, which
 * changes no behaviour: declarations are hoisted when the scope is entered anyway): 363 B less
 * gzip there, but 405 B more on the single file and 12 B more on the sanitizer file, so only there.
 *
 * Syntax target ES2021: `??=`/`||=` stay as written instead of being lowered. It needs Chrome 85,
 * Safari 14, Firefox 79, older than what the styles need (container queries, `color-mix`). Not
 * ES2022: class fields would become `static {}` blocks, a syntax error before Safari 16.4.
 *
 * The banner is V8's explicit compile hint: nearly every function of the file runs when the first
 * offer is shown, so Chromium compiles them all while the script streams in, off the main thread,
 * instead of one by one on first call inside the host page's tasks (measured: the first render's
 * script is shorter with it, docs/performance.md). `postBanner` puts it above the minified code,
 * where V8 looks for it; other engines read a comment. The sanitizer file runs only when terms
 * open: no hint.
 */
const SANITIZER_FILE = 'adpx-offers.sanitizer.iife.js';
const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

const LOCALES_FILE = 'adpx-offers.locales.json';

/** The sha384 integrity of a file the build already wrote into dist/. */
function integrityOf(file: string): string {
  const code = readFileSync(new URL(`./dist/${file}`, import.meta.url));
  return `sha384-${createHash('sha384').update(code).digest('base64')}`;
}

function scriptTagBuild(
  entry: string,
  name: string,
  fileName: string,
  hint: boolean,
  hoistFunctions = false,
): UserConfig {
  return {
    plugins: [minifyTemplatesPlugin()],
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      target: 'es2021',
      minify: 'terser',
      terserOptions: { ecma: 2020, compress: { passes: 2, hoist_funs: hoistFunctions } },
      sourcemap: true,
      rolldownOptions: hint ? { output: { postBanner: '//# allFunctionsCalledOnLoad' } } : {},
      lib: { entry, name, formats: ['iife'], fileName: () => fileName },
    },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  };
}

export default defineConfig(({ mode }) => {
  if (mode === 'sanitizer') {
    return scriptTagBuild('src/sanitize/sibling-entry.ts', 'AdpxOffersSanitizer', SANITIZER_FILE, false);
  }
  if (mode === 'single') {
    return scriptTagBuild('src/iife.ts', 'AdpxOffersBundle', 'adpx-offers.single.iife.js', true);
  }
  // `--mode ssr`: the first file with Lit's hydrate support, for pages with server-rendered units.
  const config =
    mode === 'ssr'
      ? scriptTagBuild('src/iife-ssr.ts', 'AdpxOffersBundle', 'adpx-offers.ssr.iife.js', true, true)
      : scriptTagBuild('src/iife.ts', 'AdpxOffersBundle', 'adpx-offers.iife.js', true, true);
  return {
    ...config,
    plugins: [minifyTemplatesPlugin(), debugCodesPlugin()],
    resolve: {
      alias: [
        {
          find: /^\.\/import-terms-sanitizer\.js$/,
          replacement: source('./src/sanitize/import-terms-sanitizer.sibling.ts'),
        },
        {
          find: /^\.\/load-translations\.js$/,
          replacement: source('./src/i18n/load-translations.script.ts'),
        },
      ],
    },
    define: {
      ...config.define,
      __ADPX_SANITIZER__: JSON.stringify({ file: SANITIZER_FILE, integrity: integrityOf(SANITIZER_FILE) }),
      __ADPX_LOCALES__: JSON.stringify({ file: LOCALES_FILE, integrity: integrityOf(LOCALES_FILE) }),
    },
  };
});
