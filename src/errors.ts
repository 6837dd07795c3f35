/** Why a request for offers failed, as a string union (no TS enum on purpose). */
export const OffersErrorCode = {
  /** Rejected before sending: a missing key or placement, a bad option value. */
  InvalidRequest: 'invalid_request',
  /** The service answered with a non-2xx status. */
  Http: 'http',
  /** The request could not be sent or no answer came back. */
  Network: 'network',
  /** No answer within `timeoutMs`. */
  Timeout: 'timeout',
  /** The caller's `AbortSignal` aborted the request. */
  Aborted: 'aborted',
  /** The service answered 2xx with a body that is not a usable offers response. */
  InvalidResponse: 'invalid_response',
  /** Offers arrived but could not be rendered. */
  Render: 'render',
  /** A function the page queued in `Adpx.cmd` threw (script-tag API only). */
  Command: 'command',
} as const;

export type OffersErrorCode = (typeof OffersErrorCode)[keyof typeof OffersErrorCode];

/** The only error type the SDK's public functions reject with. */
export class OffersError extends Error {
  /**
   * A getter of the class, not a field assigned in the constructor: where a page froze
   * Error.prototype, assigning the `name` it holds throws (the "override mistake",
   * docs/decisions/014).
   */
  override get name(): 'OffersError' {
    return 'OffersError';
  }
  readonly code: OffersErrorCode;
  /** The HTTP status, for `code: 'http'`. */
  readonly status?: number;

  constructor(code: OffersErrorCode, message: string, options?: { status?: number; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options?.status !== undefined) this.status = options.status;
  }
}

/** True for an `OffersError`, also across bundle copies (script loaded twice). */
export function isOffersError(value: unknown): value is OffersError {
  return (
    value instanceof OffersError ||
    (value instanceof Error && value.name === 'OffersError' && 'code' in value)
  );
}

/** The message of any thrown value, for an error text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Any thrown value as an `OffersError` (an unexpected one is a `render` failure). */
export function toOffersError(error: unknown): OffersError {
  if (isOffersError(error)) return error;
  return new OffersError('render', errorMessage(error), { cause: error });
}

/** What the `error` event, callbacks and bridges carry of a failure: `{ message, code, status? }`. */
export function errorInfo(error: unknown): { message: string; code: OffersErrorCode; status?: number } {
  const { message, code, status } = toOffersError(error);
  return status === undefined ? { message, code } : { message, code, status };
}

/** Hands an error thrown by host code to the page's error reporting, without throwing. */
export function reportHostError(error: unknown): void {
  if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
  else
    setTimeout(() => {
      throw error;
    });
}

/**
 * What `run()` returns, or `undefined` when it throws: for the calls that may throw on a page and
 * must not (`new URL`, `JSON.parse`, blocked Web Storage, a page's own APIs).
 */
export function safely<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}
