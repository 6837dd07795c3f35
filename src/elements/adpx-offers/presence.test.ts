import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactiveController } from 'lit';
import { normalizeResponse } from '../../model/normalize.js';
import { UnitFlow } from './unit-flow.js';
import { PresenceController } from './presence.js';
import { UnitStatus } from './status.js';
import { runLaterSteps } from '../../tracking/later-steps.js';
import type { AdpxEventName } from '../../events/adpx-event.js';
import { rawResponse } from '../../../test/model/fixtures.js';

/** A host whose connection the test sets by hand, and the controller it was given. */
function fakeHost() {
  let controller: ReactiveController | undefined;
  const host = Object.assign(document.createElement('div'), {
    addController: (c: ReactiveController) => (controller = c),
    removeController: () => {},
    requestUpdate: () => {},
    updateComplete: Promise.resolve(true),
  });
  const connect = () => {
    document.body.append(host);
    controller?.hostConnected?.();
  };
  const disconnect = () => {
    host.remove();
    controller?.hostDisconnected?.();
  };
  return { host, connect, disconnect };
}

const microtask = () => new Promise<void>((resolve) => queueMicrotask(resolve));

/** A fake host with a PresenceController, connected once. */
function connectedPresence() {
  const { host, connect, disconnect } = fakeHost();
  const events = { onLeave: vi.fn(), onReturn: vi.fn(), onPageHide: vi.fn() };
  new PresenceController(host, events);
  connect();
  return { connect, disconnect, events };
}

describe('PresenceController', () => {
  it('a removal undone in the same task is a move: neither leave nor return', async () => {
    const { connect, disconnect, events } = connectedPresence();
    disconnect();
    connect();
    disconnect();
    connect();
    await microtask();
    expect(events.onLeave).not.toHaveBeenCalled();
    expect(events.onReturn).not.toHaveBeenCalled();
  });

  it('still out at the next microtask: left once; inserted again later: returned once', async () => {
    const { connect, disconnect, events } = connectedPresence();
    disconnect();
    expect(events.onLeave).not.toHaveBeenCalled();
    await microtask();
    expect(events.onLeave).toHaveBeenCalledTimes(1);
    connect();
    expect(events.onReturn).toHaveBeenCalledTimes(1);
    connect(); // a second connection callback is no second return
    expect(events.onReturn).toHaveBeenCalledTimes(1);
  });
});

describe('UnitFlow.removed', () => {
  afterEach(() => vi.unstubAllGlobals());

  function flow() {
    const emitted: Array<[AdpxEventName, unknown]> = [];
    const controller = new UnitFlow(
      { requestUpdate: () => {} },
      {
        emit: (name, detail) => emitted.push([name, detail]),
        log: () => () => {},
        autoClose: () => true,
        isList: () => false,
      },
    );
    return { controller, emitted };
  }

  it('offers on screen and seen: the close beacon once and closed_ads "removed"; returning loads anew', () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { controller, emitted } = flow();
    const response = normalizeResponse(rawResponse());
    controller.accept(response);
    controller.show();
    const offer = response.offers[0];
    if (!offer) throw new Error('no offer');
    controller.ledger?.countImpression(offer);
    runLaterSteps(); // the adv pixel, left for the next task (tracking/later-steps.ts)
    fetch.mockClear();
    emitted.length = 0;

    controller.removed();
    expect(controller.status).toBe(UnitStatus.Closed);
    expect(emitted).toEqual([['closed_ads', { reason: 'removed' }]]);
    expect(fetch.mock.calls.map((call: unknown[]) => call[0])).toEqual([offer.beacons.close]);
    controller.removed();
    expect(emitted).toHaveLength(1);
    controller.returned();
    expect(controller.status).toBe(UnitStatus.Idle);
  });

  it('offers on screen but never seen: closed_ads, no close beacon', () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { controller, emitted } = flow();
    controller.accept(normalizeResponse(rawResponse()));
    controller.show();
    controller.removed();
    expect(emitted.at(-1)).toEqual(['closed_ads', { reason: 'removed' }]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('loading goes back to idle silently; closed by the person stays closed when inserted again', () => {
    const { controller, emitted } = flow();
    controller.loading();
    controller.removed();
    expect(controller.status).toBe(UnitStatus.Idle);
    expect(emitted).toEqual([]);

    const closed = flow();
    closed.controller.accept(normalizeResponse(rawResponse()));
    closed.controller.close('user');
    closed.emitted.length = 0;
    closed.controller.removed();
    closed.controller.returned();
    expect(closed.controller.status).toBe(UnitStatus.Closed);
    expect(closed.emitted).toEqual([]);
  });
});
