/**
 * The unit's load adopts a request the page started before the unit's code arrived
 * (`keepStartedRequest`, by `offersRequestKey` of the same options): one request, not two.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offersRequestKey } from '../../src/client/request.js';
import { keepStartedRequest } from '../../src/client/started-requests.js';
import { defineElements } from '../../src/elements/registry.js';
import type { AdpxOffersElement } from '../../src/elements/adpx-offers/adpx-offers.js';
import { UnitStatus } from '../../src/elements/adpx-offers/status.js';
import { OffersError } from '../../src/errors.js';
import { normalizeResponse } from '../../src/model/normalize.js';
import type { OffersResponse } from '../../src/model/types.js';

const ENDPOINT = 'https://offers.example';
const OPTIONS = { apiKey: 'sdk', endpoint: ENDPOINT, placement: 'checkout' };
const response = normalizeResponse({
  data: { offers: [{ id: 7, title: 'Offer 7', click_url: 'https://click.example/7' }] },
});

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { offers: [] } }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  document.body.innerHTML = '';
  defineElements(customElements);
});

afterEach(() => vi.unstubAllGlobals());

/** A manual unit with the options, in the page, and the key of the request it makes. */
function unit(): { unit: AdpxOffersElement; key: string } {
  const element = Object.assign(document.createElement('adpx-offers'), { manual: true, ...OPTIONS });
  document.body.append(element);
  // The first file computes the key from the options it was given: the unit adds its language.
  return { unit: element, key: offersRequestKey({ ...OPTIONS, payload: { language: 'en' } }) };
}

/** A request in flight, settled by hand. */
function started() {
  const settle = { resolve: (_: OffersResponse) => {}, reject: (_: unknown) => {} };
  const promise = new Promise<OffersResponse>((resolve, reject) =>
    Object.assign(settle, { resolve, reject }),
  );
  return { promise, settle };
}

describe('UnitLoad: adopting a request in flight', () => {
  it('takes the started request for its key: one request, not two, and its offers', async () => {
    const { unit: element, key } = unit();
    const request = started();
    keepStartedRequest(window, key, request.promise);
    const loaded = element.load();
    expect(element.state).toBe(UnitStatus.Loading);
    request.settle.resolve(response);
    expect(await loaded).toBe(1);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(element.response).toBe(response);
    // Taken once: the next load of the same request fetches.
    await element.load({ orderid: '2' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leaves a request started for another key alone and fetches', async () => {
    const { unit: element } = unit();
    keepStartedRequest(window, offersRequestKey({ ...OPTIONS, placement: 'other' }), started().promise);
    await element.load();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("an adopted request's failure is the unit's error event and its load's rejection", async () => {
    const { unit: element, key } = unit();
    const request = started();
    keepStartedRequest(window, key, request.promise);
    const errors: unknown[] = [];
    element.addEventListener('adpx-error', (event) => errors.push((event as CustomEvent).detail));
    const loaded = element.load();
    request.settle.reject(new OffersError('http', 'Bad key', { status: 401 }));
    await expect(loaded).rejects.toMatchObject({ code: 'http' });
    expect(errors).toEqual([{ code: 'http', message: 'Bad key', status: 401 }]);
    expect(element.state).toBe(UnitStatus.Error);
  });

  it('a replaced adopted load rejects aborted at once, and its later failure is no error of the unit', async () => {
    const { unit: element, key } = unit();
    const request = started();
    keepStartedRequest(window, key, request.promise);
    const errors: unknown[] = [];
    element.addEventListener('adpx-error', (event) => errors.push((event as CustomEvent).detail));
    const adopted = element.load();
    element.response = response; // the host supplies one: the load in flight is aborted
    // Before the adopted request ends: the first file's request times out 10 s later.
    await expect(adopted).rejects.toMatchObject({ code: 'aborted' });
    request.settle.reject(new OffersError('timeout', 'No answer within 10000 ms.'));
    await new Promise((resolve) => setTimeout(resolve));
    expect(errors).toEqual([]);
    expect(element.state).not.toBe(UnitStatus.Error);
    expect(element.response).toBe(response);
  });

  it('a load that replaces an adopted one drops its answer', async () => {
    const { unit: element, key } = unit();
    const request = started();
    keepStartedRequest(window, key, request.promise);
    const adopted = element.load();
    element.response = response; // the host supplies one: the load in flight is aborted
    request.settle.resolve(normalizeResponse({ data: { offers: [] } }));
    await expect(adopted).rejects.toMatchObject({ code: 'aborted' });
    expect(element.response).toBe(response);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
