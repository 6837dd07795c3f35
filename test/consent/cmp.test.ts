import { describe, expect, it } from 'vitest';
import { findCmp, TCF } from '../../src/consent/cmp.js';

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
