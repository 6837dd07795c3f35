import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Alias, type UserConfig } from 'vite';
import { minifyTemplatesPlugin } from './scripts/minify-templates.mjs';
import {
  BOOT_ENTRY,
  bootModules,
  exposeModules,
  importShared,
  type SharedModule,
} from './scripts/shared-modules.mjs';

/**
 * Builds the script-tag files; the ESM build is plain `tsc` (see tsconfig.build.json) so that the
 * published modules keep their structure and lit/dompurify stay dependencies. One mode per file,
 * run in this order by `npm run build`:
 *
 * - `--mode sanitizer`: `dist/adpx-offers.sanitizer.iife.js`, DOMPurify and the terms sanitiser.
 * - `--mode rest`: `dist/adpx-offers.rest.iife.js`, the rest of the SDK (elements, templates,
 *   tracking, `window.Adpx`), which the first file loads beside itself (decision 016). It reads the
 *   first file's modules from it by position instead of carrying them (scripts/shared-modules.mjs),
 *   and loads the sanitizer file from its own URL when terms are about to open in an engine
 *   without the HTML Sanitizer API, with the file's sha384 hash (read here) as `integrity`.
 * - default: `dist/adpx-offers.iife.js`, the first file, the one a publisher's tag loads: it starts
 *   the offers request of the units in the page and loads the rest file with its sha384 hash.
 * - `--mode ssr`: `dist/adpx-offers.ssr.iife.js`, one file with Lit's hydrate support, for pages
 *   whose units are rendered on the server (`adpx-offers/ssr`); same siblings.
 * - `--mode single`: `dist/adpx-offers.single.iife.js`, one self-contained file with everything,
 *   DOMPurify and the words of every language.
 *
 * The split files carry English only: the alias swaps the loader of `src/i18n/translations.ts`
 * for one that fetches `dist/adpx-offers.locales.json` (written by scripts/locales.mjs) from the
 * script's own URL, with its sha384 hash, read here, as `integrity`.
 * They also print debug-log codes instead of their sentences (`debug-text.ts` swapped for an empty
 * table, decision 012, docs/debug.md).
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
const REST_FILE = 'adpx-offers.rest.iife.js';

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

/** The aliases and build-time values of the split build's files (first, rest, ssr). */
function splitBuild(
  config: UserConfig,
  rest: { file: string; integrity: string },
  aliases: Alias[] = [],
): UserConfig {
  return {
    ...config,
    resolve: {
      alias: [
        {
          find: /^\.\/import-terms-sanitizer\.js$/,
          replacement: source('./src/sanitize/import-terms-sanitizer.sibling.ts'),
        },
        {
          find: /^\.\/debug-text\.js$/,
          replacement: source('./src/debug-text.script.ts'),
        },
        {
          find: /^\.\/load-translations\.js$/,
          replacement: source('./src/i18n/load-translations.script.ts'),
        },
        ...aliases,
      ],
    },
    define: {
      ...config.define,
      __ADPX_SANITIZER__: JSON.stringify({ file: SANITIZER_FILE, integrity: integrityOf(SANITIZER_FILE) }),
      __ADPX_LOCALES__: JSON.stringify({ file: LOCALES_FILE, integrity: integrityOf(LOCALES_FILE) }),
      __ADPX_REST__: JSON.stringify(rest),
    },
  };
}

/** The first file's build, exposing `modules` to the rest file (only those it reads, when `final`). */
function bootBuild(
  modules: SharedModule[],
  rest: { file: string; integrity: string },
  final = false,
): UserConfig {
  const config = splitBuild(
    scriptTagBuild(BOOT_ENTRY, 'AdpxOffersBoot', 'adpx-offers.iife.js', true, true),
    rest,
  );
  return {
    ...config,
    plugins: [...(config.plugins ?? []), exposeModules(modules, source('./src/boot/start.ts'), final)],
  };
}

export default defineConfig(async ({ mode }) => {
  if (mode === 'sanitizer') {
    return scriptTagBuild('src/sanitize/sibling-entry.ts', 'AdpxOffersSanitizer', SANITIZER_FILE, false);
  }
  // The single and ssr files start no request before their units' code: nothing to adopt.
  const none: Alias = {
    find: /^.*\/started-requests\.js$/,
    replacement: source('./src/client/started-requests.single.ts'),
  };
  if (mode === 'single') {
    const config = scriptTagBuild('src/iife.ts', 'AdpxOffersBundle', 'adpx-offers.single.iife.js', true);
    return { ...config, resolve: { alias: [none] } };
  }
  const unknownRest = { file: REST_FILE, integrity: '' };
  // `--mode ssr`: one file with Lit's hydrate support, for pages with server-rendered units.
  if (mode === 'ssr') {
    return splitBuild(
      scriptTagBuild('src/iife-ssr.ts', 'AdpxOffersBundle', 'adpx-offers.ssr.iife.js', true, true),
      unknownRest,
      [none],
    );
  }
  const modules = await bootModules((exposed: SharedModule[]) => bootBuild(exposed, unknownRest));
  if (mode === 'rest') {
    const config = splitBuild(
      scriptTagBuild('src/iife-rest.ts', 'AdpxOffersRest', REST_FILE, true, true),
      unknownRest,
    );
    return { ...config, plugins: [...(config.plugins ?? []), importShared(modules)] };
  }
  return bootBuild(modules, { file: REST_FILE, integrity: integrityOf(REST_FILE) }, true);
});
