/**
 * Debug logging: off by default, prefixed, and silent unless a caller turns it on. Nothing here
 * runs at import time.
 */
export type DebugLog = (message: string, ...details: unknown[]) => void;

const silent: DebugLog = () => {};

export function createDebugLog(enabled: boolean | undefined, scope = 'adpx'): DebugLog {
  if (!enabled) return silent;
  return (message, ...details) => console.debug(`[${scope}] ${message}`, ...details);
}
