/**
 * The first script-tag file's stand-in for debug-text.ts (vite.config.ts): no sentences, so the
 * debug log prints each line's code (docs/debug.md lists them) with its details (decision 012).
 */
export const DEBUG_TEXT: Readonly<Record<string, string>> = {};
