import { safely } from '../errors.js';
import { findCmp, GPP, TCF, USP, type CmpCaller } from './cmp.js';
import { parseSectionIds } from './rule.js';
import { gppParsedPurposeOne } from './signals.js';
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
 * a visitor who changes their choice changes what the next request sends, and a final answer that
 * arrives after the first request is handed to `onChange` at once (a withdrawal deletes what was
 * stored without waiting for a request). A platform that exists but has not given a final answer
 * is waited for, up to the first request's timeout; a platform that fails or throws never gives
 * one (restrictive; each call goes through `safely`, so its error is never ours). A platform that
 * appears after the first request is found by a later one.
 */
export class PageCmps {
  private readings = new Map<'tcf' | 'gpp' | 'usp', Reading>();
  private usp?: CmpCaller;
  private tcf?: CmpCaller;
  private gpp?: CmpCaller;
  /** False while a TCF CMP in another frame has not answered the last `getTCData`. */
  private fresh = true;
  private waited = false;
  private waiters = new Set<() => void>();

  constructor(
    private readonly win: Window,
    private readonly onChange: () => void = () => {},
  ) {}

  /**
   * Asks the platforms present, and waits until each gave a final answer or `timeoutMs` passed:
   * a promise when there is something to wait for, nothing when their answer is final already (no
   * platform, or one that answered at once), so that the request can leave in the caller's task.
   * Only the first request waits for an answer: a banner the visitor leaves open must not delay
   * every later request. A later one waits only for a TCF CMP in another frame that answered
   * before to answer again.
   */
  read(timeoutMs: number): Promise<void> | undefined {
    this.start();
    this.askUsPrivacy();
    if (this.readings.size === 0) return undefined;
    if (this.waited) {
      const asked = this.askTcfFrame() && this.readings.get('tcf')?.ready;
      return asked ? this.until(() => this.fresh, timeoutMs) : undefined;
    }
    if (this.current().final) {
      this.waited = true;
      return undefined;
    }
    const asking = setInterval(() => this.askTcfFrame(), 250);
    return this.until(() => this.current().final, timeoutMs).then(() => {
      clearInterval(asking);
      this.waited = true;
    });
  }

  /** What the platforms present say now; `timedOut` while one of them has no final answer. */
  current(): { present: boolean; final: boolean; signals: CmpSignals } {
    const readings = [...this.readings.values()];
    const signals: CmpSignals = {};
    for (const reading of readings) Object.assign(signals, reading.data);
    const final = this.fresh && readings.every((reading) => reading.ready);
    if (!final) signals.timedOut = true;
    return { present: readings.length > 0, final, signals };
  }

  /** Asks the platforms present, without waiting: what a decision before any request reads. */
  ask(): void {
    this.start();
    if (!this.readings.has('usp')) this.askUsPrivacy();
  }

  private start(): void {
    if (!this.readings.has('tcf')) {
      const tcf = (this.tcf = findCmp(this.win, TCF));
      if (tcf) {
        this.set('tcf', { ready: false, data: {} });
        safely(() => tcf('addEventListener', (data, success) => this.onTcf(data, success)));
      }
    }
    if (!this.readings.has('gpp')) {
      const gpp = (this.gpp = findCmp(this.win, GPP));
      if (gpp) {
        this.set('gpp', { ready: false, data: {} });
        safely(() => gpp('ping', (data) => this.onGpp(data)));
        safely(() =>
          gpp('addEventListener', (data) => {
            const event = data as { pingData?: unknown; eventName?: unknown } | null;
            this.onGpp(event?.pingData, event?.eventName);
          }),
        );
      }
    }
    this.usp ??= findCmp(this.win, USP);
  }

  /**
   * Asks a TCF CMP in another frame for its data (`getTCData`) anew. The IAB's stub, which
   * answers for the frame, posts only an answer the CMP gives while the call is handled: a
   * listener's later answers (the CMP loading after the call, the visitor changing their choice)
   * never arrive. So each request asks again, and the first keeps asking while it waits.
   */
  private askTcfFrame(): boolean {
    const tcf = this.tcf;
    if (!tcf?.framed) return false;
    this.fresh = false;
    safely(() =>
      tcf('getTCData', (data, success) => {
        this.fresh = true;
        this.onTcf(data, success);
      }),
    );
    return true;
  }

  private askUsPrivacy(): void {
    const usp = this.usp;
    if (!usp) return;
    if (!this.readings.has('usp')) this.set('usp', { ready: false, data: {} });
    safely(() =>
      usp('getUSPData', (data, success) => {
        const text = (data as { uspString?: unknown } | null)?.uspString;
        // A failed call is no answer: the reading stays as it was (restrictive until one comes).
        if (success && typeof text === 'string') this.set('usp', { ready: true, data: { usPrivacy: text } });
      }),
    );
  }

  private onTcf(data: unknown, success: boolean): void {
    const tc = data as {
      gdprApplies?: unknown;
      tcString?: unknown;
      eventStatus?: unknown;
      purpose?: { consents?: Record<string, unknown> };
    } | null;
    // Always set, unchanged too: a request waiting for a framed CMP's new answer wakes.
    const previous = this.readings.get('tcf') as Reading;
    // A failed call is no answer, never a permission: the last reading stands.
    if (!success || !tc) return this.set('tcf', previous);
    const reading: CmpSignals = {};
    if (typeof tc.gdprApplies === 'boolean') reading.gdprApplies = tc.gdprApplies;
    if (typeof tc.tcString === 'string' && tc.tcString !== '') reading.tcString = tc.tcString;
    reading.purposeOne = tc.purpose?.consents?.['1'] === true;
    const final = tc.gdprApplies === false || TCF_FINAL.has(String(tc.eventStatus));
    // The banner reopened (`cmpuishown`) after a final answer: that answer stands until the next.
    this.set('tcf', final || !previous.ready ? { ready: final, data: reading } : previous);
  }

  /**
   * A GPP `ping` answer, or an event's `pingData` (decision 008). GPP 1.1 says when its data is
   * final (`signalStatus: 'ready'`) and its `ping` carries the data. GPP 1.0 has no `signalStatus`:
   * its data is final once the CMP is `loaded` with no banner shown (`cmpDisplayStatus` not
   * `visible`), or at a `sectionChange` (the visitor's choice written), and comes from
   * `getGPPData`. An answer that is not final (loading, the banner shown or reopened, `error`)
   * leaves the last final one standing.
   */
  private onGpp(data: unknown, eventName?: unknown): void {
    const ping = data as {
      signalStatus?: unknown;
      cmpStatus?: unknown;
      cmpDisplayStatus?: unknown;
    } | null;
    if (ping?.signalStatus !== undefined) {
      if (ping.signalStatus === 'ready') this.readGpp(ping);
    } else if (
      ping?.cmpStatus === 'loaded' &&
      (ping.cmpDisplayStatus !== 'visible' || eventName === 'sectionChange')
    ) {
      safely(() =>
        this.gpp?.('getGPPData', (answer, success) => {
          // A failed call, or one without a string, is no answer.
          if (success && typeof (answer as { gppString?: unknown } | null)?.gppString === 'string')
            this.readGpp(answer);
        }),
      );
    }
  }

  /** The data of a final GPP answer: a 1.1 `ping`, or a 1.0 `getGPPData`. */
  private readGpp(data: unknown): void {
    const ping = data as {
      gppString?: unknown;
      applicableSections?: unknown;
      parsedSections?: unknown;
    };
    const reading: CmpSignals = { gppPurposeOne: gppParsedPurposeOne(ping.parsedSections) };
    if (typeof ping.gppString === 'string' && ping.gppString !== '') reading.gpp = ping.gppString;
    if (Array.isArray(ping.applicableSections))
      reading.gppSid = parseSectionIds(ping.applicableSections) ?? [];
    this.set('gpp', { ready: true, data: reading });
  }

  private set(kind: 'tcf' | 'gpp' | 'usp', reading: Reading): void {
    this.readings.set(kind, reading);
    for (const wake of this.waiters) wake();
    if (this.waited) this.onChange();
  }

  /** Resolves once `ready()` holds (checked at each answer) or `timeoutMs` passed. */
  private until(ready: () => boolean, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const check = () => {
        if (ready()) done();
      };
      const timer = setTimeout(done, Math.max(0, timeoutMs));
      this.waiters.add(check);
      check();
    });
  }
}
