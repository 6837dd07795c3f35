import { defineConfig } from 'vite';

/**
 * Builds the script-tag file only: `dist/adpx-offers.iife.js`, one self-contained minified file
 * with lit and dompurify inlined. The ESM build is plain `tsc` (see tsconfig.build.json) so that the
 * published modules keep their structure and lit/dompurify stay dependencies.
 */
export default defineConfig({
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
