// The Vite app of the pack check: builds web/ into web-dist/ with a manifest, so the check can
// see which chunk holds the terms sanitiser (DOMPurify).
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'web',
  base: './',
  logLevel: 'warn',
  build: { outDir: '../web-dist', emptyOutDir: true, manifest: true },
});
