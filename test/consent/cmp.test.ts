import { afterEach, describe, expect, it, vi } from 'vitest';
import { findCmp, GPP, TCF } from '../../src/consent/cmp.js';
import { PageCmps } from '../../src/consent/page-cmps.js';
import { tcString } from './strings.js';

/** A window whose child frame `__tcfapiLocator` says the CMP lives in it; it records what is posted. */
function windowWithLocator() {
  const events = new EventTarget();
  const sent: Array<{ __tcfapiCall: { callId: string } }> = [];
  const win = {
    frames: { __tcfapiLocator: {} },
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    postMessage: (message: unknown) => void sent.push(message as (typeof sent)[number]),
  };
  Object.assign(win, { top: win, parent: win });
  const receive = (data: unknown, source: unknown) => {
    const event = new Event('message');
    Object.assign(event, { data, source });
    events.dispatchEvent(event);
  };
  return { win: win as unknown as Window, sent, receive };
}

describe('a consent platform in another frame (the IAB postMessage protocol)', () => {
  it('takes the answer of the frame it asked, and no other frame’s', () => {
    const { win, sent, receive } = windowWithLocator();
    const caller = findCmp(win, TCF);
    expect(caller).toBeDefined();
    const answers: unknown[] = [];
    caller?.('addEventListener', (data) => answers.push(data));
    const callId = sent[0]?.__tcfapiCall.callId;
    expect(callId).toMatch(/^adpx-/);
    const reply = (returnValue: string) => ({ __tcfapiReturn: { callId, returnValue, success: true } });
    receive(reply('made up by another frame'), {});
    receive(reply('made up with no source'), null);
    receive(reply('the CMP'), win);
    expect(answers).toEqual(['the CMP']);
  });
});

/**
 * A CMP in a parent frame behind the IAB's TCF stub (`@iabtechlabtcf/stub` 1.5): its message
 * handler forgets the asking frame once the call returns, so a frame gets only the answer given at
 * once (a loaded CMP's), never a listener's later one. e2e/consent.spec.ts shows it with the stub.
 */
describe('a GPP CMP in this window', () => {
  const withGpp = (gpp: (command: string, callback: (data: unknown, ok: boolean) => void) => unknown) =>
    ({ __gpp: gpp }) as unknown as Window;

  it('GPP 1.0: an answer returned, with no callback, is the answer', () => {
    const caller = findCmp(
      withGpp(() => ({ cmpStatus: 'loaded' })),
      GPP,
    );
    const answers: unknown[] = [];
    caller?.('ping', (data, ok) => answers.push([data, ok]));
    expect(answers).toEqual([[{ cmpStatus: 'loaded' }, true]]);
  });

  it('GPP 1.1 (callback only, later): the callback’s answer, nothing from the return', () => {
    const answers: unknown[] = [];
    const later: Array<(data: unknown, ok: boolean) => void> = [];
    const v11 = findCmp(
      withGpp((_command, callback) => void later.push(callback)),
      GPP,
    );
    v11?.('ping', (data) => answers.push(data));
    expect(answers).toEqual([]);
    later[0]?.('late', true);
    expect(answers).toEqual(['late']);
  });
});

describe('a TCF CMP in another frame that answers each call only at once', () => {
  const tcData = (purposeOne: boolean, eventStatus: string) => ({
    gdprApplies: true,
    eventStatus,
    tcString: tcString(purposeOne),
    purpose: { consents: { 1: purposeOne } },
  });

  function parentCmp() {
    const { win, sent, receive } = windowWithLocator();
    /** Answers the `index`th call posted (the last by default), as the stub relays it: once. */
    const answer = (data: unknown, index = sent.length - 1) =>
      receive(
        { __tcfapiReturn: { callId: sent[index]?.__tcfapiCall.callId, returnValue: data, success: true } },
        win,
      );
    const commands = () => sent.map((call) => (call.__tcfapiCall as { command?: string }).command);
    return { cmps: new PageCmps(win), answer, commands };
  }

  afterEach(() => vi.useRealTimers());

  it('a withdrawal there is read by the next request, asked anew', async () => {
    const { cmps, answer, commands } = parentCmp();
    const first = cmps.read(1_000);
    answer(tcData(true, 'tcloaded'));
    await first;
    expect(cmps.current()).toMatchObject({ final: true, signals: { purposeOne: true } });

    // The visitor withdraws in the parent; the listener's new answer never reaches this frame.
    const second = cmps.read(1_000);
    expect(commands().at(-1)).toBe('getTCData');
    answer(tcData(false, 'useractioncomplete'));
    await second;
    expect(cmps.current()).toMatchObject({ final: true, signals: { purposeOne: false } });
  });

  it('a CMP that loads after the first request asked is asked again while that request waits', async () => {
    vi.useFakeTimers();
    const { cmps, answer, commands } = parentCmp();
    let done = false;
    const reading = cmps.read(10_000);
    expect(reading).toBeInstanceOf(Promise);
    void reading?.then(() => (done = true));
    // The addEventListener went into the stub's queue: its answer will never arrive here.
    expect(commands()).toEqual(['addEventListener']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(commands().at(-1)).toBe('getTCData');
    answer(tcData(true, 'tcloaded'));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    expect(cmps.current()).toMatchObject({ final: true, signals: { purposeOne: true } });
  });

  it('the banner reopened there (cmpuishown): the next request keeps the last final answer, without waiting it out', async () => {
    vi.useFakeTimers();
    const { cmps, answer } = parentCmp();
    const first = cmps.read(10_000);
    answer(tcData(true, 'tcloaded'));
    await first;
    let done = false;
    void cmps.read(10_000)?.then(() => (done = true));
    answer(tcData(true, 'cmpuishown'));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    expect(cmps.current()).toMatchObject({ final: true, signals: { purposeOne: true } });
  });

  it('a failed answer there wakes the waiting request at once; the last answer stands', async () => {
    vi.useFakeTimers();
    const { cmps, answer } = parentCmp();
    const first = cmps.read(10_000);
    answer(tcData(true, 'tcloaded'));
    await first;
    let done = false;
    void cmps.read(10_000)?.then(() => (done = true));
    answer(null);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    expect(cmps.current()).toMatchObject({ final: true, signals: { purposeOne: true } });
  });

  it('a later request does not wait for a CMP that never answered', async () => {
    vi.useFakeTimers();
    const { cmps } = parentCmp();
    const first = cmps.read(300);
    await vi.advanceTimersByTimeAsync(300);
    await first;
    // Nothing to wait for: no promise, the request leaves at once.
    expect(cmps.read(300)).toBeUndefined();
    expect(cmps.current().final).toBe(false);
  });
});
