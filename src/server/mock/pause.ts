import { setTimeout as wait } from 'node:timers/promises';

/** Waits `ms`; resolves `false` instead when `signal` aborts first (the service is closing). */
export async function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (ms <= 0) return !signal.aborted;
  try {
    await wait(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}
