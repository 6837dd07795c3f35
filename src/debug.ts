import { DEBUG_TEXT } from './debug-text.js';

/**
 * Debug logging: off by default, prefixed, and silent unless a caller turns it on. Nothing here
 * runs at import time. A message that is a code of debug-text.ts prints as its sentence where the
 * build carries the sentences, else as the code (the first script-tag file, decision 012); any
 * other message prints as written.
 */
export type DebugLog = (message: string, ...details: unknown[]) => void;

const silent: DebugLog = () => {};

export function createDebugLog(enabled: boolean | undefined, scope = 'adpx'): DebugLog {
  if (!enabled) return silent;
  return (message, ...details) => console.debug(`[${scope}] ${DEBUG_TEXT[message] ?? message}`, ...details);
}
