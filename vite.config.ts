import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Alias, type PluginOption, type UserConfig } from 'vite';
import { debugCodesPlugin } from './scripts/debug-sentences.mjs';
import { minifyTemplatesPlugin } from './scripts/minify-templates.mjs';
import {
  entryId,
  exposeModules,
  importShared,
  layerModules,
  type Layer,
  type SharedModule,
} from './scripts/shared-modules.mjs';

/**
 * Builds the script-tag files; the ESM build is plain `tsc` (see tsconfig.build.json) so that the
 * published modules keep their structure and lit/dompurify stay dependencies. One mode per file,
 * run in this order by `npm run build`:
 *
 * - `--mode sanitizer`: `dist/adpx-offers.sanitizer.iife.js`, DOMPurify and the terms sanitiser.
 * - `--mode later`: `dist/adpx-offers.later.iife.js`, `window.Adpx` alone (decision 016).
 * - `--mode after-card`, `--mode after-card-dompurify`: `dist/adpx-offers.after-card.iife.js` and
 *   `….after-card.dompurify.iife.js`, the impression rule and the terms' sanitiser (the native
 *   adapter, or DOMPurify), which a rest file loads once a card is on screen.
 * - `--mode rest`: `dist/adpx-offers.rest.iife.js`, the rest of the SDK (elements, templates,
 *   ledger and beacons), which the first file loads beside itself (decision 016). It reads the
 *   first file's modules from it by position instead of carrying them (scripts/shared-modules.mjs),
 *   and loads the after-card file from its own URL, with that file's sha384 hash (read here) as
 *   `integrity`. `--mode rest-ssr` and `--mode rest-api`: the same with the take-over of a
 *   server-rendered unit, or with `window.Adpx`.
 * - default: `dist/adpx-offers.iife.js`, the first file, the one a publisher's tag loads: it starts
 *   the offers request of the units in the page and loads a rest file with its sha384 hash.
 * - `--mode ssr`: `dist/adpx-offers.ssr.iife.js`, one file with Lit's hydrate support, for pages
 *   whose units are rendered on the server (`adpx-offers/ssr`); same siblings.
 * - `--mode single`: `dist/adpx-offers.single.iife.js`, one self-contained file with everything,
 *   DOMPurify and the words of every language; its debug lines print codes too.
 *
 * The split files carry English only: the alias swaps the loader of `src/i18n/translations.ts`
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
const REST_FILE = 'adpx-offers.rest.iife.js';
const LATER_FILE = 'adpx-offers.later.iife.js';
const REST_SSR_FILE = 'adpx-offers.rest-ssr.iife.js';
const AFTER_CARD_FILE = 'adpx-offers.after-card.iife.js';
const AFTER_CARD_DOMPURIFY_FILE = 'adpx-offers.after-card.dompurify.iife.js';
const REST_API_FILE = 'adpx-offers.rest-api.iife.js';

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

/**
 * A file the split build's files load beside themselves: its name and its sha384. Each file is
 * built before the files that load it (`npm run build`'s order, on an emptied dist/); a file not
 * built yet has none (`''`): only the in-memory builds of the layers read it, and drop it.
 */
function sibling(file: string): { file: string; integrity: string } {
  return { file, integrity: existsSync(new URL(`./dist/${file}`, import.meta.url)) ? integrityOf(file) : '' };
}

/** The aliases and build-time values of the split build's files (first, rest, ssr). */
function splitBuild(config: UserConfig, aliases: Alias[] = []): UserConfig {
  return {
    ...config,
    plugins: [minifyTemplatesPlugin(), debugCodesPlugin()],
    resolve: {
      // The first alias that matches wins: `aliases` before the defaults.
      alias: [
        ...aliases,
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
      __ADPX_REST__: JSON.stringify(sibling(REST_FILE)),
      __ADPX_LATER__: JSON.stringify(sibling(LATER_FILE)),
      __ADPX_REST_SSR__: JSON.stringify(sibling(REST_SSR_FILE)),
      __ADPX_REST_API__: JSON.stringify(sibling(REST_API_FILE)),
      __ADPX_AFTER_CARD__: JSON.stringify({
        native: sibling(AFTER_CARD_FILE),
        dompurify: sibling(AFTER_CARD_DOMPURIFY_FILE),
      }),
    },
  };
}

const FIRST: Omit<Layer, 'modules'> = { name: 'first', symbol: 'adpx-offers.shared' };
const REST: Omit<Layer, 'modules'> = { name: 'rest', symbol: 'adpx-offers.shared.rest' };

/**
 * The rest files' impression rule and terms sanitiser are the after-card file's, loaded once a
 * card is on screen (src/boot/after-card.ts).
 */
const AFTER_CARD_MODULES: Alias[] = [
  {
    find: /^.*\/impression-rule\.js$/,
    replacement: source('./src/boot/impression-rule.after-card.ts'),
  },
  {
    find: /^.*\/load-terms-sanitizer\.js$/,
    replacement: source('./src/boot/load-terms-sanitizer.after-card.ts'),
  },
];

/** A file of the split build that shares its modules (`layer`), with `plugins` added. */
function sharingBuild(
  layer: Layer,
  start: string,
  fileName: string,
  name: string,
  onlyRead: boolean,
  plugins: PluginOption[] = [],
  aliases: Alias[] = [],
): UserConfig {
  const config = splitBuild(scriptTagBuild(entryId(layer.name), name, fileName, true, true), aliases);
  return {
    ...config,
    plugins: [...(config.plugins ?? []), ...plugins, exposeModules(layer, source(start), onlyRead)],
  };
}

/** The first file's build, exposing its modules to the files built after it. */
const firstBuild = (layer: Layer, onlyRead = false) =>
  sharingBuild(layer, './src/boot/start.ts', 'adpx-offers.iife.js', 'AdpxOffersBoot', onlyRead);

/**
 * A rest file's build (`mode`: `rest`, or `rest-ssr` with the take-over, or `rest-api` with the
 * script API; entry `src/iife-<mode>.ts`): reads the first file's modules, exposes the rest
 * layer's to the files built after it.
 */
const restBuild = (first: Layer, layer: Layer, mode = 'rest', onlyRead = false) =>
  sharingBuild(
    layer,
    `./src/iife-${mode}.ts`,
    `adpx-offers.${mode}.iife.js`,
    'AdpxOffersRest',
    onlyRead,
    [importShared([first], mode)],
    AFTER_CARD_MODULES,
  );

/** The modules of the first and the rest file (built in memory until they settle). */
async function layers(): Promise<{ first: Layer; rest: Layer }> {
  const firstOf = (modules: SharedModule[]): Layer => ({ ...FIRST, modules });
  const first = firstOf(await layerModules((modules) => firstBuild(firstOf(modules))));
  const restOf = (modules: SharedModule[]): Layer => ({ ...REST, modules });
  const rest = restOf(await layerModules((modules) => restBuild(first, restOf(modules))));
  return { first, rest };
}

/**
 * The later file waits for the rest file when it arrives first (a launcher page asks for both at
 * once): wrapped in a function that the rest file calls once its elements are defined
 * (src/iife-rest.ts).
 */
const WAIT_FOR_REST = {
  banner: `(function run(){if(!window[Symbol.for('adpx-offers.rest-ready')]){window[Symbol.for('adpx-offers.later')]=run;return}`,
  footer: '})();',
};

export default defineConfig(async ({ mode }) => {
  if (mode === 'sanitizer') {
    // Its allowlist is the loading file's (allowlist.sibling.ts): one copy per page.
    const config = scriptTagBuild(
      'src/sanitize/sibling-entry.ts',
      'AdpxOffersSanitizer',
      SANITIZER_FILE,
      false,
    );
    const allowlist = {
      find: /^\.\/allowlist\.js$/,
      replacement: source('./src/sanitize/allowlist.sibling.ts'),
    };
    return { ...config, resolve: { alias: [allowlist] } };
  }
  // The single and ssr files start no request before their units' code: nothing to adopt.
  const none: Alias = {
    find: /^.*\/started-requests\.js$/,
    replacement: source('./src/client/started-requests.single.ts'),
  };
  if (mode === 'single') {
    const config = scriptTagBuild('src/iife.ts', 'AdpxOffersBundle', 'adpx-offers.single.iife.js', true);
    // Its debug lines print codes, as every script-tag file's do (decision 012).
    return { ...config, plugins: [minifyTemplatesPlugin(), debugCodesPlugin()], resolve: { alias: [none] } };
  }
  // `--mode ssr`: one file with Lit's hydrate support, for pages with server-rendered units.
  if (mode === 'ssr') {
    return splitBuild(
      scriptTagBuild('src/iife-ssr.ts', 'AdpxOffersBundle', 'adpx-offers.ssr.iife.js', true, true),
      [none],
    );
  }
  const { first, rest } = await layers();
  if (mode === 'later') {
    const config = splitBuild(scriptTagBuild('src/iife-later.ts', 'AdpxOffersLater', LATER_FILE, false));
    const output = { ...WAIT_FOR_REST };
    return {
      ...config,
      plugins: [...(config.plugins ?? []), importShared([first, rest], 'later')],
      build: { ...config.build, rolldownOptions: { output } },
    };
  }
  if (mode === 'after-card' || mode === 'after-card-dompurify') {
    // Loaded by the rest file once a card is on screen: the rest file has run by then. Engines
    // without the HTML Sanitizer API get DOMPurify in it, and no adapter for that API.
    const dompurify = mode === 'after-card-dompurify';
    const aliases: Alias[] = [
      { find: /^\.\/native-sanitizer\.js$/, replacement: source('./src/sanitize/native-sanitizer.none.ts') },
      {
        find: /^\.\/import-terms-sanitizer\.js$/,
        replacement: source('./src/sanitize/import-terms-sanitizer.bundled.ts'),
      },
    ];
    const file = dompurify ? AFTER_CARD_DOMPURIFY_FILE : AFTER_CARD_FILE;
    const config = splitBuild(
      scriptTagBuild('src/iife-after-card.ts', 'AdpxOffersAfterCard', file, false),
      dompurify ? aliases : [],
    );
    return { ...config, plugins: [...(config.plugins ?? []), importShared([first, rest], mode)] };
  }
  // `rest-ssr` and `rest-api`: the same rest layer (the later and after-card files read it by
  // position), with the take-over or the script API bundled too.
  if (mode === 'rest' || mode === 'rest-ssr' || mode === 'rest-api')
    return restBuild(first, rest, mode, true);
  return firstBuild(first, true);
});
