import { defineConfig } from 'vite';
import { minifyTemplatesPlugin } from './scripts/minify-templates.mjs';

/**
 * Builds the script-tag file only: `dist/adpx-offers.iife.js`, one self-contained minified file
 * with lit and dompurify inlined. The ESM build is plain `tsc` (see tsconfig.build.json) so that the
 * published modules keep their structure and lit/dompurify stay dependencies.
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
export default defineConfig({
  plugins: [minifyTemplatesPlugin()],
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
  },
});
