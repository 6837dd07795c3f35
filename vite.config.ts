import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { minifyTemplatesPlugin } from './scripts/minify-templates.mjs';

/**
 * Builds the script-tag file only: `dist/adpx-offers.iife.js`, one self-contained minified file
 * with lit and dompurify inlined. The ESM build is plain `tsc` (see tsconfig.build.json) so that the
 * published modules keep their structure and lit/dompurify stay dependencies.
 *
 * The words of the languages other than English are not in the file: the alias swaps the loader
 * of `src/i18n/translations.ts` for one that fetches `dist/adpx-offers.locales.json` (written by
 * scripts/locales.mjs) from the script's own URL, with its sha384 hash, read here, as `integrity`.
 *
 * `minifyTemplatesPlugin` strips the indentation out of the elements' `html`/`svg`/`css` templates,
 * which the JS minifier leaves as written (bytes, and whitespace-only text nodes in every card).
 *
 * The banner is V8's explicit compile hint: nearly every function of the file runs when the first
 * offer is shown, so Chromium compiles them all while the script streams in, off the main thread,
 * instead of one by one on first call inside the host page's tasks: the script of the first render
 * on a page took less in each of five interleaved A/B rounds (e.g. 56 -> 46 ms median over 24
 * page loads, docs/performance.md). `postBanner` puts it above the minified code, where V8 looks
 * for it; other engines read a comment.
 */
const LOCALES_FILE = 'adpx-offers.locales.json';

function localesIntegrity(): string {
  const json = readFileSync(new URL(`./dist/${LOCALES_FILE}`, import.meta.url));
  return `sha384-${createHash('sha384').update(json).digest('base64')}`;
}

export default defineConfig({
  plugins: [minifyTemplatesPlugin()],
  resolve: {
    alias: [
      {
        find: /^\.\/load-translations\.js$/,
        replacement: fileURLToPath(new URL('./src/i18n/load-translations.script.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2020',
    minify: true,
    sourcemap: true,
    rolldownOptions: {
      output: { postBanner: '//# allFunctionsCalledOnLoad' },
    },
    lib: {
      entry: 'src/iife.ts',
      name: 'AdpxOffersBundle',
      formats: ['iife'],
      fileName: () => 'adpx-offers.iife.js',
    },
  },
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
    __ADPX_LOCALES__: JSON.stringify({ file: LOCALES_FILE, integrity: localesIntegrity() }),
  },
});
