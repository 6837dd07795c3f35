/** What one request ended with, before it becomes a `Response` and a log entry. */
import type { ProxyLogEntry, ProxyOutcome } from './types.js';

/**
 * The answer, with what the log entry takes from it (its `message` never holds the key: the
 * handler redacts it once more).
 */
export interface ProxyResult extends Pick<ProxyLogEntry, LoggedFields> {
  /** JSON text, or `null` for an empty answer (204). */
  body: string | null;
  /** Extra answer headers (`Allow`, CORS preflight headers). */
  headers?: Record<string, string>;
}
type LoggedFields = 'status' | 'outcome' | 'level' | 'message' | 'upstreamStatus' | 'upstreamMs';

/**
 * An error answer: `{ code, message }` with `status`. `code` is the outcome (stable, for programs);
 * `message` explains it (for people, and the same goes to the log).
 */
export function failure(
  status: number,
  outcome: ProxyOutcome,
  message: string,
  level: ProxyLogEntry['level'] = 'info',
  headers?: Record<string, string>,
): ProxyResult {
  const body = JSON.stringify({ code: outcome, message });
  return { status, body, outcome, level, message, headers };
}
