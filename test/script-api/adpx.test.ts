import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdpxLauncher } from '../../src/script-api/adpx.js';
import { installAdpx } from '../../src/script-api/index.js';
import type { AdpxOffersElement } from '../../src/elements/adpx-offers/adpx-offers.js';
import { resetConsentForTests } from '../../src/consent/consent.js';
import { tcString } from '../consent/strings.js';

const ENDPOINT = 'https://offers.example';

const offer = (id: number) => ({
  id,
  title: `Offer ${id}`,
  click_url: `https://click.example/${id}`,
});
const serviceBody = (count = 2) => ({
  data: { offers: Array.from({ length: count }, (_, i) => offer(i + 1)) },
});

let fetchMock: ReturnType<typeof vi.fn>;

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  fetchMock = vi.fn(async () => answer(serviceBody()));
  vi.stubGlobal('fetch', fetchMock);
  document.body.innerHTML = '';
  localStorage.clear();
});

afterEach(() => {
  resetConsentForTests();
  delete (window as { __tcfapi?: unknown }).__tcfapi;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete window.AdpxConfig;
  delete window.AdpxUser;
  delete window.Adpx;
});

function recorder() {
  const events: Array<[string, unknown]> = [];
  return { events, callback: (event: string, payload: unknown) => events.push([event, payload]) };
}

describe('Adpx.init', () => {
  it('a missing SDK ID resolves (never rejects) and reaches the callback and the error event', async () => {
    const adpx = new AdpxLauncher(window);
    const { events, callback } = recorder();
    const domErrors: unknown[] = [];
    document.addEventListener('adpx-error', (e) => domErrors.push((e as CustomEvent).detail), { once: true });
    await expect(adpx.init({ endpoint: ENDPOINT }, callback)).resolves.toBeUndefined();
    expect(events).toEqual([
      ['error', { code: 'invalid_request', message: expect.stringMatching(/SDK ID/) }],
    ]);
    expect(domErrors).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads once with autoLoad; a second init or a load of the same request asks nothing more', async () => {
    const adpx = new AdpxLauncher(window);
    const { events, callback } = recorder();
    await adpx.init({ accountId: 'sdk', endpoint: ENDPOINT }, callback);
    await adpx.init({ accountId: 'sdk', endpoint: ENDPOINT }, callback);
    expect(await adpx.load()).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(events).toEqual([['ads_found', { total: 2 }]]);
    expect(adpx.isReady()).toBe(true);
    expect(document.querySelectorAll('adpx-offers')).toHaveLength(1);
  });

  it('sends the SDK ID as api_key and AdpxUser keys in the body', async () => {
    window.AdpxUser = { email: 'a@example.com', orderid: '7' };
    const adpx = new AdpxLauncher(window);
    adpx.captureGlobals();
    await adpx.init({ accountId: 'sdk-9', endpoint: ENDPOINT, placement: 'checkout' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(new URL(url).searchParams.get('api_key')).toBe('sdk-9');
    expect(JSON.parse(String(init.body))).toMatchObject({
      placement: 'checkout',
      email: 'a@example.com',
      orderid: '7',
    });
  });

  it('environment and debug after init warn and change nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const adpx = new AdpxLauncher(window);
    adpx.environment = 1;
    expect(adpx.environment).toBe(1);
    await adpx.init({ accountId: 'sdk', endpoint: ENDPOINT, environment: 0, autoLoad: false });
    expect(adpx.environment).toBe(0);
    adpx.environment = 1;
    adpx.debug = true;
    expect(adpx.environment).toBe(0);
    expect(adpx.debug).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('environment set before init sends dev: 1', async () => {
    const adpx = new AdpxLauncher(window);
    adpx.setEnvironment(1);
    await adpx.init({ accountId: 'sdk', endpoint: ENDPOINT });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ dev: '1' });
  });
});

describe('Adpx calls that never reject', () => {
  it('before init: load, show, reload resolve false; close and isReady are quiet', async () => {
    const adpx = new AdpxLauncher(window);
    const loadCallback = vi.fn();
    const errorCallback = vi.fn();
    expect(await adpx.load({}, loadCallback)).toBe(false);
    expect(loadCallback).toHaveBeenCalledWith(false, expect.objectContaining({ code: 'invalid_request' }));
    expect(await adpx.show({ callbacks: { errorCallback } })).toBe(false);
    expect(errorCallback).toHaveBeenCalledWith(expect.objectContaining({ code: 'invalid_request' }));
    expect(await adpx.reload()).toBe(false);
    expect(() => adpx.close()).not.toThrow();
    expect(adpx.isReady()).toBe(false);
  });

  it('getOffers resolves { status: false } on a network failure and an HTTP error', async () => {
    const adpx = new AdpxLauncher(window);
    window.AdpxConfig = { endpoint: ENDPOINT };
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await adpx.getOffers('sdk')).toEqual({
      status: false,
      response: { code: 'network', message: expect.any(String) },
    });
    fetchMock.mockResolvedValueOnce(answer({ message: 'Bad key' }, 401));
    expect(await adpx.getOffers('sdk')).toEqual({
      status: false,
      response: { code: 'http', status: 401, message: 'Bad key' },
    });
    const ok = await adpx.getOffers('sdk', { orderid: '1' });
    expect(ok.status && ok.response.count).toBe(2);
    expect(document.querySelector('adpx-offers')).toBeNull();
  });

  it('getOffers: the configured options win over the same keys in the payload (the client’s rule)', async () => {
    const adpx = new AdpxLauncher(window);
    await adpx.init({
      ...{ accountId: 'sdk', endpoint: ENDPOINT, autoLoad: false, placement: 'checkout', dev: true },
      ...{ pubUserId: 'u-config', loyaltyboost: '1', creative: '0', campaignId: 'c-config' },
    });
    const payload = { placement: 'thank_you', pub_user_id: 'u-call', dev: '0', creatives: 1 };
    const ok = await adpx.getOffers('sdk', { ...payload, loyaltyboost: '2', campaignId: 'c-call' });
    expect(ok.status).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    const query = Object.fromEntries(new URL(url).searchParams);
    expect(query).toEqual({ api_key: 'sdk', loyaltyboost: '1', creative: '0', campaignId: 'c-config' });
    const body = JSON.parse(String(init.body)) as Record<string, string>;
    expect(body).toMatchObject({ placement: 'checkout', pub_user_id: 'u-config' });
    expect(body.dev).toBe('1');
    await adpx.getOffers('sdk', { orderid: '2' });
    const [urlOf2, initOf2] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(new URL(urlOf2).searchParams.get('campaignId')).toBe('c-config');
    expect(JSON.parse(String(initOf2.body))).toMatchObject({ placement: 'checkout', dev: '1' });
    // The configured placement is the one sent: the payload's (not a string here) is not.
    expect((await adpx.getOffers('sdk', { placement: 7 })).status).toBe(true);
    expect(JSON.parse(String((fetchMock.mock.calls[2] as [string, RequestInit])[1].body))).toMatchObject({
      placement: 'checkout',
    });
  });
});

describe('API prefetch', () => {
  it('setApiResponse validates; reload renders it without a request', async () => {
    const adpx = new AdpxLauncher(window);
    const { events, callback } = recorder();
    await adpx.init({ accountId: 'sdk', endpoint: ENDPOINT, autoLoad: false, autoShow: true }, callback);
    expect(await adpx.setApiResponse(serviceBody(3))).toBe(true);
    expect(adpx.isReady()).toBe(true);
    expect(await adpx.reload()).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(events[0]).toEqual(['ads_found', { total: 3 }]);
    expect(document.querySelector('adpx-offers')?.state).toBe('shown');
  });

  it('reload shows a supplied response with no render of the unit before it is shown', async () => {
    const adpx = new AdpxLauncher(window);
    await adpx.init({ accountId: 'sdk', endpoint: ENDPOINT, autoLoad: false });
    const unit = document.querySelector('adpx-offers') as AdpxOffersElement;
    await unit.updateComplete;
    expect(await adpx.setApiResponse(serviceBody(3))).toBe(true);
    const states: string[] = [];
    const host = unit as unknown as { render(): unknown };
    const render = host.render;
    vi.spyOn(host, 'render').mockImplementation(function (this: AdpxOffersElement) {
      states.push(this.state);
      return render.call(this);
    });
    expect(await adpx.reload()).toBe(true);
    await unit.updateComplete;
    // Its two renders (draft-pass.ts: hidden draft, then whole) and the calls before them that
    // give Lit the templates to prepare: each of the shown unit.
    expect(states.length).toBeGreaterThanOrEqual(3);
    expect(new Set(states)).toEqual(new Set(['shown']));
  });

  it('an invalid response resolves false (never rejects), fires error, and reload renders nothing', async () => {
    const adpx = new AdpxLauncher(window);
    const { events, callback } = recorder();
    await adpx.init({ accountId: 'sdk', endpoint: ENDPOINT, autoLoad: false }, callback);
    expect(await adpx.setApiResponse({ data: {} })).toBe(false);
    expect(await adpx.setApiResponse('not json')).toBe(false);
    expect(await adpx.reload()).toBe(false);
    expect(events).toEqual([
      ['error', expect.objectContaining({ code: 'invalid_response' })],
      ['error', expect.objectContaining({ code: 'invalid_response' })],
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('SDK prefetch', () => {
  it('the prefetch page stores the response; the checkout page uses it without a request', async () => {
    const prefetch = new AdpxLauncher(window);
    const first = recorder();
    await prefetch.init(
      { accountId: 'sdk', endpoint: ENDPOINT, prefetch: true, autoLoad: true, autoShow: false },
      first.callback,
    );
    expect(first.events).toEqual([['ads_found', { total: 2 }]]);
    expect(document.querySelector('adpx-offers')?.state).toBe('ready');
    document.body.innerHTML = '';
    const checkout = new AdpxLauncher(window);
    const second = recorder();
    await checkout.init(
      { accountId: 'sdk', endpoint: ENDPOINT, prefetch: true, autoLoad: true, autoShow: true },
      second.callback,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(second.events[0]).toEqual(['ads_found', { total: 2 }]);
    expect(document.querySelector('adpx-offers')?.state).toBe('shown');
  });
});

describe('SDK prefetch waits for the consent decision before it reads the stored response', () => {
  type Answer = (data: unknown, ok: boolean) => void;
  const tcf = (granted: boolean, eventStatus = 'useractioncomplete') => ({
    gdprApplies: true,
    eventStatus,
    tcString: tcString(granted),
    purpose: { consents: { 1: granted } },
  });

  /** A stored prefetch entry, then a checkout whose CMP has not answered yet. */
  async function checkoutWaitingForCmp() {
    await new AdpxLauncher(window).init({
      accountId: 'sdk',
      endpoint: ENDPOINT,
      prefetch: true,
      autoLoad: true,
      autoShow: false,
    });
    document.body.innerHTML = '';
    let answer: Answer | undefined;
    (window as { __tcfapi?: unknown }).__tcfapi = (_command: string, _version: number, callback: Answer) => {
      answer = callback;
      callback(tcf(false, 'cmpuishown'), true);
    };
    const read = vi.spyOn(localStorage, 'getItem');
    const checkout = new AdpxLauncher(window);
    const config = { accountId: 'sdk', endpoint: ENDPOINT, prefetch: true, autoShow: true };
    const initialised = checkout.init({ ...config, consentTimeout: 60_000 });
    const prefetchReads = () => read.mock.calls.filter(([key]) => key.startsWith('adpx:prefetch:'));
    expect(answer).toBeDefined();
    expect(prefetchReads()).toEqual([]);
    return { answer: (granted: boolean) => answer?.(tcf(granted), true), initialised, prefetchReads };
  }

  it('a refusal: the entry is deleted unread and the checkout asks the service', async () => {
    const { answer, initialised, prefetchReads } = await checkoutWaitingForCmp();
    answer(false);
    await initialised;
    expect(prefetchReads()).toEqual([]);
    expect(Object.keys(localStorage).filter((k) => k.startsWith('adpx'))).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a show() called right after init (no await) waits for the decision with it', async () => {
    let answer: Answer | undefined;
    (window as { __tcfapi?: unknown }).__tcfapi = (_command: string, _version: number, callback: Answer) => {
      answer = callback;
      callback(tcf(false, 'cmpuishown'), true);
    };
    const adpx = new AdpxLauncher(window);
    const config = { accountId: 'sdk', endpoint: ENDPOINT, prefetch: true, autoShow: false };
    void adpx.init({ ...config, consentTimeout: 60_000 });
    const shown = adpx.show();
    answer?.(tcf(true), true);
    expect(await shown).toBe(true);
  });

  it('a grant: the stored response is used, no second request', async () => {
    const { answer, initialised, prefetchReads } = await checkoutWaitingForCmp();
    answer(true);
    await initialised;
    expect(prefetchReads()).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(document.querySelector('adpx-offers')?.state).toBe('shown');
  });
});

describe('installAdpx', () => {
  it('keeps a live window.Adpx and reads AdpxConfig when installing', async () => {
    window.AdpxConfig = { accountId: 'from-page', endpoint: ENDPOINT };
    const first = installAdpx(window);
    window.AdpxConfig = { accountId: 'changed-later' };
    const second = installAdpx(window, new AdpxLauncher(window));
    expect(second).toBe(first);
    expect(window.Adpx).toBe(first);
    await window.Adpx?.init();
    const [url] = fetchMock.mock.calls[0] as [string];
    expect(new URL(url).searchParams.get('api_key')).toBe('from-page');
  });
});

/** A fetch that answers only when the test says so. */
function heldFetch() {
  const waiting: Array<() => void> = [];
  fetchMock.mockImplementation(
    () => new Promise<Response>((resolve) => waiting.push(() => resolve(answer(serviceBody())))),
  );
  return () => waiting.splice(0).forEach((release) => release());
}

const unitOf = () => document.querySelector('adpx-offers') as AdpxOffersElement;

/** A non-awaited `Adpx.init` whose load is in flight until `release()`. */
async function initLoading(extra: { autoShow?: boolean; prefetch?: boolean } = {}) {
  const release = heldFetch();
  const adpx = new AdpxLauncher(window);
  const initialised = adpx.init({ accountId: 'sdk', endpoint: ENDPOINT, ...extra });
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  return { adpx, release, unit: unitOf(), initialised };
}

describe('one state machine: the facade reads the unit, the unit is driven through either', () => {
  it('show() right after a non-awaited init waits for the load the unit has in flight', async () => {
    const { adpx, release, unit } = await initLoading();
    expect(unit.state).toBe('loading');
    expect(unit.pendingLoad).toBeInstanceOf(Promise);
    const shown = adpx.show();
    release();
    expect(await shown).toBe(true);
    expect(unit.state).toBe('shown');
    expect(unit.pendingLoad).toBeUndefined();
  });

  it('a unit the page closes through the element is seen as closed by Adpx.show', async () => {
    const adpx = new AdpxLauncher(window);
    const { events, callback } = recorder();
    await adpx.init({ accountId: 'sdk', endpoint: ENDPOINT }, callback);
    expect(await adpx.show()).toBe(true);
    unitOf().close('user');
    expect(events.at(-1)).toEqual(['closed_ads', { reason: 'user' }]);
    const errors: unknown[] = [];
    expect(await adpx.show({ callbacks: { errorCallback: (e) => errors.push(e) } })).toBe(false);
    expect(errors).toEqual([
      { code: 'invalid_request', message: expect.stringMatching(/already displayed/) },
    ]);
  });

  it('Adpx.load with a pub_user_id the config lacks is another request; a configured one wins', async () => {
    const adpx = new AdpxLauncher(window);
    await adpx.init({ accountId: 'sdk', endpoint: ENDPOINT });
    expect(await adpx.load({ pub_user_id: 'u-1', loyaltyboost: '2' })).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(new URL(url).searchParams.get('loyaltyboost')).toBe('2');
    expect(JSON.parse(String(init.body))).toMatchObject({ pub_user_id: 'u-1' });
    expect(await adpx.load({ pub_user_id: 'u-1', loyaltyboost: '2' })).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    const configured = new AdpxLauncher(window);
    await configured.init({ accountId: 'sdk', endpoint: ENDPOINT, pubUserId: 'cfg' });
    expect(await configured.load({ pub_user_id: 'u-1' })).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [, body] = fetchMock.mock.calls[2] as [string, RequestInit];
    expect(JSON.parse(String(body.body))).toMatchObject({ pub_user_id: 'cfg' });
  });

  it('Adpx.show(null) and show("x"), as native code may call them, resolve (never reject)', async () => {
    const adpx = new AdpxLauncher(window);
    await adpx.init({ accountId: 'sdk', endpoint: ENDPOINT });
    await expect(adpx.show(null)).resolves.toBe(true);
    adpx.close();
    await expect(adpx.show('x' as never)).resolves.toBe(false);
  });

  it('Adpx.load of the request the unit is already loading shares that fetch', async () => {
    const { adpx, release } = await initLoading();
    const loaded = adpx.load();
    release();
    expect(await loaded).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(adpx.isReady()).toBe(true);
  });

  it('a response supplied while a load is in flight wins: the late answer is dropped', async () => {
    const { adpx, release, unit } = await initLoading();
    const first = unit.pendingLoad;
    expect(await adpx.setApiResponse(serviceBody(3))).toBe(true);
    expect(await adpx.reload()).toBe(true);
    expect(unit.pendingLoad).toBeUndefined();
    release();
    await expect(first).rejects.toMatchObject({ code: 'aborted' });
    expect(unit.response?.count).toBe(3);
    expect(unit.state).toBe('shown');
  });
});

describe('a newer load replaces the one a show waits for', () => {
  it('init with autoShow, then load(user) at once: the user’s offers are shown', async () => {
    const { adpx, release, unit, initialised } = await initLoading({ autoShow: true });
    const loaded = adpx.load({ orderid: '7' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    release();
    expect(await loaded).toBe(true);
    await initialised;
    expect(unit.state).toBe('shown');
    const [, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ orderid: '7' });
  });

  it('show() waiting for the first load shows the newer one, without errorCallback', async () => {
    const { adpx, release, unit } = await initLoading();
    const errors: unknown[] = [];
    const shown = adpx.show({ callbacks: { errorCallback: (error) => errors.push(error) } });
    const loaded = adpx.load({ orderid: '8' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    release();
    expect(await loaded).toBe(true);
    expect(await shown).toBe(true);
    expect(errors).toEqual([]);
    expect(unit.state).toBe('shown');
  });
});

describe('settings.delay', () => {
  it('a show made during autoShow’s delay joins it: true, its callbacks, no errorCallback', async () => {
    const adpx = new AdpxLauncher(window);
    const errors: unknown[] = [];
    const dismissed: unknown[] = [];
    const initialised = adpx.init({
      accountId: 'sdk',
      endpoint: ENDPOINT,
      autoShow: true,
      settings: { delay: 0.05 },
    });
    const shown = adpx.show({
      callbacks: {
        errorCallback: (error) => errors.push(error),
        dismissCallback: (payload) => dismissed.push(payload),
      },
    });
    expect(await shown).toBe(true);
    await initialised;
    expect(unitOf().state).toBe('shown');
    expect(errors).toEqual([]);
    adpx.close();
    expect(dismissed).toEqual([{ reason: 'api' }]);
  });

  it('Adpx.close during the delay: the show resolves false, no errorCallback, nothing shown', async () => {
    const adpx = new AdpxLauncher(window);
    await adpx.init({ accountId: 'sdk', endpoint: ENDPOINT, settings: { delay: 0.2 } });
    const errors: unknown[] = [];
    const shown = adpx.show({ callbacks: { errorCallback: (error) => errors.push(error) } });
    // The show's microtasks run before the next task: it is waiting for its delay now.
    await new Promise((settled) => setTimeout(settled, 0));
    adpx.close();
    expect(await shown).toBe(false);
    expect(errors).toEqual([]);
    expect(unitOf().state).toBe('ready');
  });
});

describe('Adpx.close while the offers load', () => {
  it('autoShow does not show them afterwards; they stay ready for a later show()', async () => {
    const { adpx, release, unit, initialised } = await initLoading({ autoShow: true });
    adpx.close();
    release();
    await initialised;
    expect(unit.state).toBe('ready');
    expect(adpx.isReady()).toBe(true);
    expect(await adpx.show()).toBe(true);
    expect(unit.state).toBe('shown');
  });

  it('a prefetch still stores the response for the checkout WebView', async () => {
    const { adpx, release, initialised } = await initLoading({ prefetch: true, autoShow: false });
    adpx.close();
    release();
    await initialised;
    document.body.innerHTML = '';
    fetchMock.mockImplementation(async () => answer(serviceBody()));
    const checkout = new AdpxLauncher(window);
    await checkout.init({ accountId: 'sdk', endpoint: ENDPOINT, prefetch: true, autoShow: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(unitOf().state).toBe('shown');
  });

  it('a show() waiting for the load resolves false and shows nothing', async () => {
    const { adpx, release, unit } = await initLoading();
    const shown = adpx.show();
    const loaded = unit.pendingLoad;
    adpx.close();
    release();
    expect(await shown).toBe(false);
    // The load goes on: its offers stay ready for a later show.
    expect(await loaded).toBe(2);
    expect(unit.state).toBe('ready');
  });
});
