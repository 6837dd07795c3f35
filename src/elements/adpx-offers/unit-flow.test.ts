/**
 * The unit's per-load state: one ledger object per load (beacons, impressions, saves), kept when the
 * current load is given back and new for anything else.
 */
import { describe, expect, it, vi } from 'vitest';
import { UnitFlow, type FlowElement, type FlowHost } from './unit-flow.js';
import { acceptResponse, normalizeEnvelope, normalizeResponse } from '../../model/normalize.js';

import { rawOffer, rawResponse } from '../../../test/model/fixtures.js';
import { runLaterSteps } from '../../tracking/later-steps.js';

function flow() {
  const events: string[] = [];
  const host: FlowElement = { requestUpdate: () => {} };
  const unit: FlowHost = {
    emit: (name) => events.push(name),
    log: () => () => {},
    autoClose: () => false,
    isList: () => false,
  };
  return { events, flow: new UnitFlow(host, unit) };
}

describe('UnitFlow: stepping', () => {
  it('goes forward to the next offer, and to the end after the last; back, but not before the first', () => {
    const { flow: unit, events } = flow();
    unit.supply(rawResponse([rawOffer({ id: 1 }), rawOffer({ id: 2 }), rawOffer({ id: 3 })]));
    unit.show();
    unit.previous();
    expect(unit.index).toBe(0);
    unit.next();
    unit.next();
    expect(unit.index).toBe(2);
    unit.previous();
    expect(unit.index).toBe(1);
    unit.next();
    unit.next();
    expect(unit.status).toBe('ended');
    expect(events.at(-1)).toBe('closed_ads');
  });
});

describe('UnitFlow: one ledger per load', () => {
  it('the same raw object or the loaded response given back is the same load, with its ledger', () => {
    const { flow: unit, events } = flow();
    const raw = rawResponse();
    unit.supply(raw);
    const { response, ledger } = unit;
    expect(ledger).toBeDefined();
    unit.supply(raw);
    expect(unit.response).toBe(response);
    expect(unit.ledger).toBe(ledger);
    unit.supply(response);
    expect(unit.ledger).toBe(ledger);
    unit.supply(raw);
    expect(unit.ledger).toBe(ledger);
    expect(events).toEqual(['ads_found', 'ads_found', 'ads_found', 'ads_found']);
  });

  it('a copy, a new load or a response loaded before is a new load with a fresh ledger', () => {
    const { flow: unit } = flow();
    const raw = rawResponse();
    unit.supply(raw);
    const first = unit.ledger;
    unit.supply(structuredClone(raw));
    const second = unit.ledger;
    expect(second).not.toBe(first);
    unit.accept(normalizeResponse(rawResponse()));
    expect(unit.ledger).not.toBe(second);
    const third = unit.ledger;
    unit.supply(raw);
    expect(unit.ledger).not.toBe(third);
    expect(unit.ledger).not.toBe(first);
  });

  it('what the ledger remembers stays with its load: a save claimed in one load is free in the next', () => {
    const { flow: unit } = flow();
    const raw = rawResponse();
    unit.supply(raw);
    expect(unit.ledger?.claimSave(1)).toBe(true);
    unit.supply(raw);
    expect(unit.ledger?.isSaved(1)).toBe(true);
    unit.supply(structuredClone(raw));
    expect(unit.ledger?.isSaved(1)).toBe(false);
  });

  it('an unusable response fails the load and forgets the one before', () => {
    const { flow: unit } = flow();
    const raw = rawResponse();
    unit.supply(raw);
    expect(() => unit.supply({ data: { offers: 'none' } })).toThrow(/offers/);
    expect(unit.response).toBeDefined();
    unit.fail(new Error('render'));
    expect(unit.response).toBeUndefined();
    const before = unit.ledger;
    unit.supply(raw);
    expect(unit.ledger).not.toBe(before);
  });
});

describe('UnitFlow: back after leaving (decision 010)', () => {
  it('a supplied response shown when the unit left is taken again as a new load; a fetched one goes idle', () => {
    const { flow: unit, events } = flow();
    unit.supply(rawResponse());
    unit.show();
    const { response, ledger } = unit;
    unit.removed();
    expect(unit.status).toBe('closed');
    expect(unit.returned()).toBe(true);
    expect(unit.status).toBe('ready');
    expect(unit.response).toBe(response);
    expect(unit.ledger).not.toBe(ledger);
    expect(events).toEqual(['ads_found', 'closed_ads', 'ads_found']);

    unit.loading();
    unit.accept(normalizeResponse(rawResponse()));
    unit.show();
    unit.removed();
    expect(unit.returned()).toBe(false);
    expect(unit.status).toBe('idle');
  });

  it('a unit that was not up when it left stays as it was', () => {
    const { flow: unit } = flow();
    unit.supply(rawResponse());
    unit.removed();
    expect(unit.returned()).toBe(false);
    expect(unit.status).toBe('ready');
  });
});

describe('UnitFlow: one response object, one count (decision 002)', () => {
  it('two units given the same raw object share one ledger: an offer counted by one is counted', () => {
    const sent = vi.fn<typeof fetch>(async () => new Response(null));
    vi.stubGlobal('fetch', sent);
    const raw = rawResponse();
    const a = flow().flow;
    const b = flow().flow;
    a.supply(raw);
    b.supply(raw);
    expect(b.ledger).toBe(a.ledger);
    const offer = a.response?.offers[0];
    if (!offer) throw new Error('no offer');
    expect(a.ledger?.countImpression(offer)).toBe(true);
    expect(b.ledger?.countImpression(offer)).toBe(false);
    runLaterSteps(); // the adv pixel, left for the next task (tracking/later-steps.ts)
    expect(sent.mock.calls.map(([url]) => url)).toEqual([offer.pixel, offer.adv_pixel_url]);
    vi.unstubAllGlobals();
  });

  it("the launcher's setApiResponse and a unit given the same object share it too", () => {
    const raw = rawResponse();
    const launcher = flow().flow;
    const unit = flow().flow;
    launcher.supply(acceptResponse(raw));
    unit.supply(raw);
    expect(unit.ledger).toBe(launcher.ledger);
    expect(normalizeEnvelope(raw)).toBe(launcher.response);
  });

  it('an equal copy (structuredClone, JSON re-parsed) or a fetched response is a load of its own', () => {
    const raw = rawResponse();
    const a = flow().flow;
    const b = flow().flow;
    const c = flow().flow;
    a.supply(raw);
    b.supply(structuredClone(raw));
    c.supply(JSON.parse(JSON.stringify(raw)));
    expect(b.ledger).not.toBe(a.ledger);
    expect(c.ledger).not.toBe(a.ledger);
    expect(c.ledger).not.toBe(b.ledger);
    expect(acceptResponse(JSON.stringify(raw))).not.toBe(a.response);
  });

  it('a unit given again a response it showed before starts a new load, which later units share', () => {
    const raw = rawResponse();
    const a = flow().flow;
    a.supply(raw);
    const first = a.ledger;
    a.supply(rawResponse());
    a.supply(raw);
    expect(a.ledger).not.toBe(first);
    const b = flow().flow;
    b.supply(raw);
    expect(b.ledger).toBe(a.ledger);
  });
});
