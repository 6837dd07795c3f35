import type { SourceMap } from 'magic-string';
import type { Plugin } from 'vite';

/** The module after `minifyTemplates`, with a hires source map back to the original. */
export interface MinifiedModule {
  code: string;
  map: SourceMap;
}

/**
 * Minifies the `html`, `svg` and `css` tagged templates of one TypeScript module: whitespace and
 * comments inside those literals only. Returns null when nothing changed.
 */
export function minifyTemplates(code: string, id: string): MinifiedModule | null;

/** The Vite plugin; its hooks are plain functions. */
export interface MinifyTemplatesPlugin extends Plugin {
  configResolved(config: { root: string }): void;
  transform(code: string, id: string): MinifiedModule | null;
}

/** Vite plugin (build only, `enforce: 'pre'`) running `minifyTemplates` over `src/**\/*.ts`. */
export function minifyTemplatesPlugin(): MinifyTemplatesPlugin;
