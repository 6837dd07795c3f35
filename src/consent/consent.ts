/**
 * The page's consent state, one per page: what the host said (`setConsent`), what the page's
 * consent platforms say, and the decision the last request took. Every storage write of the SDK
 * asks {@link storageAllowed}; every request asks {@link resolveConsent}.
 */
import { forgetAdpxFingerprint } from '../client/fingerprint.js';
import type { DebugLog } from '../debug.js';
import { isJsonObject } from '../model/coerce.js';
import { PageCmps } from './page-cmps.js';
import { decideConsent, parseSectionIds } from './rule.js';
import type { AdpxConsent, ConsentDecision, ConsentSignals } from './types.js';

let explicit: AdpxConsent | undefined;
let cmps: PageCmps | undefined;
let last: ConsentDecision | undefined;

/** Every key the SDK writes to Web Storage is `adpx_fp` or starts with this prefix. */
export const SDK_STORAGE_PREFIX = 'adpx:';

/**
 * Deletes everything the SDK stored on this device: the `adpx_fp` id (and its in-memory copy) and
 * every `adpx:` key of localStorage and sessionStorage (the prefetch hand-off, the kept beacons of
 * tracking/kept-beacons.ts).
 */
export function forget(): void {
  forgetAdpxFingerprint();
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      const storage = (globalThis as Partial<Record<typeof name, Storage>>)[name];
      if (!storage) continue;
      // Listed first, then removed (removing renumbers the keys); a loop, not `Array.from` with a
      // map function, which old libraries replace (docs/decisions/014).
      const ours: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key?.startsWith(SDK_STORAGE_PREFIX)) ours.push(key);
      }
      for (const key of ours) storage.removeItem(key);
    } catch {
      // Blocked storage holds nothing of ours.
    }
  }
}

/**
 * The host's consent, checked: unknown keys and wrong types are dropped (a `storage` that is not a
 * boolean reads as `false`); nothing left, or `undefined`, clears it, and the page's platforms
 * decide again with what they said last.
 */
export function setConsent(consent: unknown, log?: DebugLog): void {
  const clean = consent === undefined || consent === null ? undefined : cleanConsent(consent, log);
  explicit = clean && Object.keys(clean).length > 0 ? clean : undefined;
  apply(decideConsent(signalsNow()));
  log?.(`consent set by the host: ${last?.reason ?? ''}`);
}

/** Takes a decision; a refusal deletes what the SDK stored, at once. */
function apply(decision: ConsentDecision): void {
  last = decision;
  if (!decision.storage) forget();
}

/** A platform's final answer after the first request (a visitor changed their choice). */
function onPageChange(): void {
  if (explicit || !cmps?.current().final) return;
  apply(decideConsent(signalsNow()));
}

/** The consent the host set, if any. */
export function getConsent(): AdpxConsent | undefined {
  return explicit;
}

/**
 * Whether the SDK may store anything and send an identifier now: the last request's decision, or,
 * before any request, what the host and the browser say (a platform not yet asked does not refuse).
 */
export function storageAllowed(): boolean {
  return (last ?? decideConsent(signalsNow())).storage;
}

/**
 * True once a decision was taken (a request's, the host's `setConsent`, a platform's later answer)
 * and it allows storage: what reading the device needs (decision 008), unlike
 * {@link storageAllowed}, which before any request reads a platform not yet asked as allowing.
 */
export function storageGranted(): boolean {
  return last?.storage === true;
}

/**
 * The decision for a request: the host's consent when given (it wins), else the page's consent
 * platforms, waited for up to `timeoutMs`; GPC always counts. Logs it in one line and deletes what
 * was stored when storage is refused. The decision itself, not a promise of it, when no platform
 * has to be waited for: the request then leaves in the caller's task.
 */
export function resolveConsent(
  timeoutMs: number,
  log?: DebugLog,
): ConsentDecision | Promise<ConsentDecision> {
  const waiting = pageCmps()?.read(timeoutMs);
  // Read after the wait: a host that set its consent meanwhile wins over the platform.
  return waiting ? waiting.then(() => decideNow(log)) : decideNow(log);
}

/** The page's consent platforms, started on first use; none when the host decides or off a page. */
function pageCmps(): PageCmps | undefined {
  if (explicit || typeof window === 'undefined') return undefined;
  return (cmps ??= new PageCmps(window, onPageChange));
}

function decideNow(log?: DebugLog): ConsentDecision {
  const signals = signalsNow();
  const decision = decideConsent(signals);
  apply(decision);
  log?.(
    `consent (${signals.source}): ${decision.reason}; sending ${Object.keys(decision.body).join(', ') || 'no signal keys'}`,
  );
  return decision;
}

/** The signals in force: the host's when given, else the page's platforms once asked; GPC always. */
function signalsNow(): ConsentSignals {
  const signals = currentSignals();
  // A decision before any request (a beacon of a response the host supplied, `setConsent`) asks
  // the page's platforms too: one that has not answered yet refuses, as during a request's wait.
  if (!cmps) pageCmps()?.ask();
  const page = explicit ? undefined : cmps?.current();
  return page?.present ? { ...page.signals, gpc: signals.gpc, source: 'cmp' } : signals;
}

function currentSignals(): ConsentSignals {
  const gpc = globalPrivacyControl();
  if (!explicit) return { gpc, source: 'none' };
  return { ...explicit, gppSid: parseSectionIds(explicit.gppSid), gpc, source: 'explicit' };
}

function globalPrivacyControl(): boolean {
  return (
    (globalThis as { navigator?: { globalPrivacyControl?: unknown } }).navigator?.globalPrivacyControl ===
    true
  );
}

const CONSENT_KEYS = {
  gdprApplies: 'boolean',
  tcString: 'string',
  gpp: 'string',
  usPrivacy: 'string',
  storage: 'boolean',
} as const;

function cleanConsent(input: unknown, log?: DebugLog): AdpxConsent {
  if (!isJsonObject(input)) {
    log?.(
      'consent must be an object like { gdprApplies, tcString, gpp, gppSid, usPrivacy, storage }; ignored',
    );
    return {};
  }
  const clean: Record<string, unknown> = {};
  for (const [key, type] of Object.entries(CONSENT_KEYS)) {
    if (input[key] === undefined) continue;
    if (typeof input[key] === type) clean[key] = input[key];
    else if (key === 'storage') {
      // A refusal written wrongly (`'false'`, `0`) must not read as no answer: the safe side.
      clean.storage = false;
      log?.('consent.storage must be a boolean; read as false');
    } else log?.(`consent.${key} must be a ${type}; ignored`);
  }
  if (input.gppSid !== undefined) {
    const ids = parseSectionIds(input.gppSid);
    if (ids) clean.gppSid = ids;
    else log?.('consent.gppSid must be section ids (numbers or "7,8"); ignored');
  }
  for (const key of Object.keys(input)) {
    if (!(key in CONSENT_KEYS) && key !== 'gppSid') log?.(`consent.${key} is not a consent key; ignored`);
  }
  return clean as AdpxConsent;
}

/** For tests: back to a page with no consent said and no platform asked. */
export function resetConsentForTests(): void {
  explicit = undefined;
  cmps = undefined;
  last = undefined;
}
