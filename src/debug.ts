/**
 * Debug logging: off by default, prefixed, and silent unless a caller turns it on. Nothing here
 * runs at import time. A fixed line is written at its call site as a code and its sentence,
 * `log('I7', 'dwell clock started, ms:', dwell)`; the first script-tag file's build drops the
 * sentence and prints the code (scripts/debug-sentences.mjs, decision 012). Lines that carry their
 * own values are one sentence, as written.
 */
export type DebugLog = (message: string, ...details: unknown[]) => void;

const silent: DebugLog = () => {};

export function createDebugLog(enabled: boolean | undefined, scope = 'adpx'): DebugLog {
  if (!enabled) return silent;
  return (message, ...details) => console.debug(`[${scope}] ${message}`, ...details);
}
