import { findCmp, GPP, TCF, USP, type CmpCaller } from './cmp.js';
import { parseSectionIds } from './rule.js';
import type { ConsentSignals } from './types.js';

type CmpSignals = Omit<ConsentSignals, 'gpc' | 'source'>;

/** What one consent platform API said, and whether it has a final answer yet. */
interface Reading {
  ready: boolean;
  data: CmpSignals;
}

const TCF_FINAL = new Set(['tcloaded', 'useractioncomplete']);

/**
 * The page's consent platforms, listened to for the page's lifetime once the first request asks:
 * a visitor who changes their choice changes what the next request sends. A platform that exists
 * but has not given a final answer is waited for, up to the request's timeout.
 */
export class PageCmps {
  private readings = new Map<'tcf' | 'gpp' | 'usp', Reading>();
  private usp?: CmpCaller;
  private started = false;
  private waited = false;
  private waiters = new Set<() => void>();

  constructor(private readonly win: Window) {}

  /** Signals of the platforms present, once each answered or `timeoutMs` passed. */
  async read(timeoutMs: number): Promise<{ present: boolean; signals: CmpSignals }> {
    this.start();
    this.askUsPrivacy();
    if (this.readings.size === 0) return { present: false, signals: {} };
    // Only the first request waits: a banner the visitor leaves open must not delay every later one.
    await this.allReady(this.waited ? 0 : timeoutMs);
    this.waited = true;
    const signals: CmpSignals = {};
    for (const reading of this.readings.values()) Object.assign(signals, reading.data);
    if ([...this.readings.values()].some((reading) => !reading.ready)) signals.timedOut = true;
    return { present: true, signals };
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    const tcf = findCmp(this.win, TCF);
    if (tcf) {
      this.set('tcf', { ready: false, data: {} });
      tcf('addEventListener', (data, success) => this.onTcf(data, success));
    }
    const gpp = findCmp(this.win, GPP);
    if (gpp) {
      this.set('gpp', { ready: false, data: {} });
      gpp('ping', (data) => this.onGpp(data));
      gpp('addEventListener', (event) => this.onGpp((event as { pingData?: unknown } | null)?.pingData));
    }
    this.usp = findCmp(this.win, USP);
  }

  private askUsPrivacy(): void {
    if (!this.usp) return;
    if (!this.readings.has('usp')) this.set('usp', { ready: false, data: {} });
    this.usp('getUSPData', (data, success) => {
      const text = (data as { uspString?: unknown } | null)?.uspString;
      this.set('usp', { ready: true, data: success && typeof text === 'string' ? { usPrivacy: text } : {} });
    });
  }

  private onTcf(data: unknown, success: boolean): void {
    const tc = data as {
      gdprApplies?: unknown;
      tcString?: unknown;
      eventStatus?: unknown;
      purpose?: { consents?: Record<string, unknown> };
    } | null;
    if (!success || !tc) return this.set('tcf', { ready: true, data: {} });
    const reading: CmpSignals = {};
    if (typeof tc.gdprApplies === 'boolean') reading.gdprApplies = tc.gdprApplies;
    if (typeof tc.tcString === 'string' && tc.tcString !== '') reading.tcString = tc.tcString;
    reading.purposeOne = tc.purpose?.consents?.['1'] === true;
    const final = tc.gdprApplies === false || TCF_FINAL.has(String(tc.eventStatus));
    this.set('tcf', { ready: final, data: reading });
  }

  private onGpp(data: unknown): void {
    const ping = data as { signalStatus?: unknown; gppString?: unknown; applicableSections?: unknown } | null;
    if (!ping || ping.signalStatus !== 'ready') return;
    const reading: CmpSignals = {};
    if (typeof ping.gppString === 'string' && ping.gppString !== '') reading.gpp = ping.gppString;
    if (Array.isArray(ping.applicableSections))
      reading.gppSid = parseSectionIds(ping.applicableSections) ?? [];
    this.set('gpp', { ready: true, data: reading });
  }

  private set(kind: 'tcf' | 'gpp' | 'usp', reading: Reading): void {
    this.readings.set(kind, reading);
    for (const wake of this.waiters) wake();
  }

  private allReady(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const check = () => {
        if ([...this.readings.values()].every((reading) => reading.ready)) done();
      };
      const timer = setTimeout(done, Math.max(0, timeoutMs));
      this.waiters.add(check);
      check();
    });
  }
}
