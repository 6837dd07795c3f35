import type { SourceMap } from 'magic-string';
import type { Plugin } from 'vite';

/** The code and sentence of each fixed debug line of a module, in order. */
export function codedLines(code: string): { code: string; sentence: string }[];

/** The module with each fixed line's sentence dropped, or null when it has none. */
export function dropDebugSentences(code: string, id: string): { code: string; map: SourceMap } | null;

/** Vite plugin (build only) dropping the sentences of `src/**\/*.ts` (the first script-tag file). */
export function debugCodesPlugin(): Plugin;
