import { defineConfig } from 'vite';
import { minifyTemplatesPlugin } from './scripts/minify-templates.mjs';

/**
 * Builds the script-tag file only: `dist/adpx-offers.iife.js`, one self-contained minified file
 * with lit and dompurify inlined. The ESM build is plain `tsc` (see tsconfig.build.json) so that the
 * published modules keep their structure and lit/dompurify stay dependencies.
 *
 * `minifyTemplatesPlugin` strips the indentation out of the elements' `html`/`svg`/`css` templates,
 * which the JS minifier leaves as written (bytes, and whitespace-only text nodes in every card).
 */
export default defineConfig({
  plugins: [minifyTemplatesPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2020',
    minify: true,
    sourcemap: true,
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
