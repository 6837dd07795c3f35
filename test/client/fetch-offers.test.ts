import { describe, expect, it, vi } from 'vitest';
import { OffersError } from '../../src/errors.js';
import { fetchOffers, fetchOffersInSteps } from '../../src/client/fetch-offers.js';
import type { FetchOffersInit } from '../../src/client/fetch-offers.js';
import type { FetchOffersOptions } from '../../src/options/fetch-options.js';
import { rawOffer, rawResponse } from '../model/fixtures.js';

const options: FetchOffersOptions = {
  endpoint: 'https://offers.example.com',
  apiKey: 'secret-key',
  placement: 'checkout',
};
const env: FetchOffersInit['env'] = { userAgent: 'UA/1', fingerprint: () => 'fp1' };

/** A fetch stub answering `body` (a string is sent as is) with `status`. */
function answer(body: unknown, status = 200) {
  return vi.fn<typeof fetch>(async () => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status, headers: { 'Content-Type': 'application/json' } });
  });
}

/** A fetch stub that never settles and ignores its signal (the worst case for timeouts). */
const never = () => vi.fn<typeof fetch>(() => new Promise<Response>(() => {}));

/** The OffersError `promise` rejects with. */
async function rejection(promise: Promise<unknown>): Promise<OffersError> {
  const error: unknown = await promise.then(
    () => new Error('expected a rejection'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(OffersError);
  return error as OffersError;
}

describe('fetchOffers: success', () => {
  it('POSTs the built request and returns the normalised envelope', async () => {
    const fetch = answer(rawResponse([rawOffer(), { id: 'bad' }]));
    const result = await fetchOffers({ ...options, apiVersion: 'v4', loyaltyboost: '1' }, { fetch, env });
    expect(result.count).toBe(1);
    expect(result.offers[0]?.id).toBe(101);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://offers.example.com/native/v4/offers.json?api_key=secret-key&loyaltyboost=1');
    expect(init).toMatchObject({
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    });
    expect(JSON.parse(String(init?.body))).toEqual({ placement: 'checkout', ua: 'UA/1', adpx_fp: 'fp1' });
    expect(init?.signal).toBeDefined();
  });

  it('logs the URL without the api_key value and the normaliser’s decisions when debug is on', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    await fetchOffers({ ...options, debug: true }, { fetch: answer(rawResponse([null])), env });
    const lines = debug.mock.calls.map((call) => call.map((part) => JSON.stringify(part)).join(' '));
    expect(lines.join('\n')).not.toContain('secret-key');
    expect(lines.some((line) => line.includes('native/v2/offers.json?api_key=***'))).toBe(true);
    expect(lines.some((line) => line.includes('offer dropped') && line.includes('"not an object"'))).toBe(
      true,
    );
  });

  it('logs nothing when debug is off', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    await fetchOffers(options, { fetch: answer(rawResponse()), env });
    expect(debug).not.toHaveBeenCalled();
  });
});

describe('fetchOffers: invalid options are rejected before sending', () => {
  it.each([
    { why: 'missing api key', bad: { apiKey: '' } },
    { why: 'missing placement', bad: { placement: undefined } },
    { why: 'missing endpoint', bad: { endpoint: undefined } },
    { why: 'endpoint relative to the route', bad: { endpoint: 'offers' } },
    { why: 'loyaltyboost outside 0..2', bad: { loyaltyboost: '5' } },
    { why: 'creative outside 0..1', bad: { creative: '3' } },
    { why: 'creatives in the payload outside 0..1', bad: { payload: { creatives: 9 } } },
    { why: 'apiVersion v9', bad: { apiVersion: 'v9' } },
    { why: 'timeoutMs 0', bad: { timeoutMs: 0 } },
  ])('$why', async ({ bad }) => {
    const fetch = answer(rawResponse());
    const error = await rejection(fetchOffers({ ...options, ...bad } as FetchOffersOptions, { fetch, env }));
    expect(error.code).toBe('invalid_request');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('rejects null options with an OffersError, not a TypeError', async () => {
    const error = await rejection(fetchOffers(null as unknown as FetchOffersOptions, { fetch: answer({}) }));
    expect(error.code).toBe('invalid_request');
  });
});

describe('fetchOffers: HTTP errors', () => {
  it.each([
    {
      why: 'a JSON body with a message uses it',
      status: 401,
      body: { message: 'Invalid API key' },
      message: 'Invalid API key',
    },
    {
      why: 'a JSON body without a message reports the status',
      status: 500,
      body: { error: 'x' },
      message: 'HTTP 500',
    },
    {
      why: 'a non-string message reports the status',
      status: 400,
      body: { message: { text: 'x' } },
      message: 'HTTP 400',
    },
    { why: 'a blank message reports the status', status: 400, body: { message: '  ' }, message: 'HTTP 400' },
    {
      why: 'an HTML error page reports the status',
      status: 502,
      body: '<html>Bad gateway</html>',
      message: 'HTTP 502',
    },
    { why: 'an empty body reports the status', status: 404, body: '', message: 'HTTP 404' },
    {
      why: 'control characters are stripped from the message',
      status: 403,
      body: { message: 'No\u0000 access' },
      message: 'No access',
    },
  ])('$why', async ({ status, body, message }) => {
    const error = await rejection(fetchOffers(options, { fetch: answer(body, status), env }));
    expect(error).toMatchObject({ code: 'http', status, message });
  });

  it('cuts a huge service message', async () => {
    const error = await rejection(
      fetchOffers(options, { fetch: answer({ message: 'x'.repeat(100_000) }, 500), env }),
    );
    expect(error.message.length).toBeLessThanOrEqual(300);
  });
});

describe('fetchOffers: transport failures', () => {
  it('reports a network failure', async () => {
    const fetchStub = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await rejection(fetchOffers(options, { fetch: fetchStub, env }));
    expect(error.code).toBe('network');
    expect(error.message).toContain('Failed to fetch');
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('reports a fetch that throws synchronously as a network failure', async () => {
    const fetchStub = vi.fn<typeof fetch>(() => {
      throw new TypeError('boom');
    });
    expect((await rejection(fetchOffers(options, { fetch: fetchStub, env }))).code).toBe('network');
  });

  it('times out even when fetch ignores its signal', async () => {
    const error = await rejection(fetchOffers({ ...options, timeoutMs: 20 }, { fetch: never(), env }));
    expect(error.code).toBe('timeout');
    expect(error.message).toContain('20 ms');
  });

  it('times out while the body is still streaming', async () => {
    const fetchStub = vi.fn<typeof fetch>(
      async () =>
        ({ ok: true, status: 200, text: () => new Promise<string>(() => {}) }) as unknown as Response,
    );
    expect(
      (await rejection(fetchOffers({ ...options, timeoutMs: 20 }, { fetch: fetchStub, env }))).code,
    ).toBe('timeout');
  });

  it('times out with a caller signal too (signals combined)', async () => {
    const controller = new AbortController();
    const error = await rejection(
      fetchOffers({ ...options, timeoutMs: 20, signal: controller.signal }, { fetch: never(), env }),
    );
    expect(error.code).toBe('timeout');
  });

  it('reports a caller abort during the request as aborted, not timeout or network', async () => {
    const controller = new AbortController();
    const pending = fetchOffers({ ...options, signal: controller.signal }, { fetch: never(), env });
    controller.abort();
    expect((await rejection(pending)).code).toBe('aborted');
  });

  it('passes a signal that fetch can honour', async () => {
    const controller = new AbortController();
    const fetchStub = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = fetchOffers({ ...options, signal: controller.signal }, { fetch: fetchStub, env });
    await vi.waitFor(() => expect(fetchStub).toHaveBeenCalled());
    controller.abort();
    expect((await rejection(pending)).code).toBe('aborted');
  });

  it('sends nothing when the caller’s signal is already aborted', async () => {
    const fetch = answer(rawResponse());
    const error = await rejection(fetchOffers({ ...options, signal: AbortSignal.abort() }, { fetch, env }));
    expect(error.code).toBe('aborted');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('combines signals by hand where AbortSignal.any is missing', async () => {
    const any = AbortSignal.any;
    Object.defineProperty(AbortSignal, 'any', { value: undefined, configurable: true });
    try {
      const controller = new AbortController();
      const pending = fetchOffers({ ...options, signal: controller.signal }, { fetch: never(), env });
      controller.abort();
      expect((await rejection(pending)).code).toBe('aborted');
      const timedOut = fetchOffers(
        { ...options, timeoutMs: 10, signal: new AbortController().signal },
        { fetch: never(), env },
      );
      expect((await rejection(timedOut)).code).toBe('timeout');
    } finally {
      Object.defineProperty(AbortSignal, 'any', { value: any, configurable: true });
    }
  });
});

describe('fetchOffers: invalid 2xx answers', () => {
  it.each([
    { why: 'a body that is not JSON', body: '<html>ok</html>' },
    { why: 'an empty body', body: '' },
    { why: 'JSON without data', body: { offers: [] } },
    { why: 'data a string', body: { data: 'none' } },
    { why: 'offers not an array', body: { data: { offers: 'none' } } },
  ])('rejects $why with invalid_response', async ({ body }) => {
    expect((await rejection(fetchOffers(options, { fetch: answer(body), env }))).code).toBe(
      'invalid_response',
    );
  });

  it('never rejects with anything but an OffersError, even for an exotic fetch result', async () => {
    const fetchStub = vi.fn<typeof fetch>(async () => null as unknown as Response);
    expect(await rejection(fetchOffers(options, { fetch: fetchStub, env }))).toBeInstanceOf(OffersError);
  });
});

describe('fetchOffersInSteps: the early request in three tasks', () => {
  it('pauses after building the request and after reading the answer, and answers as fetchOffers', async () => {
    const steps: string[] = [];
    const fingerprint = () => (steps.push('device id'), 'fp1');
    const served = answer(rawResponse([rawOffer()]));
    const fetch = vi.fn<typeof globalThis.fetch>(async (...args) => (steps.push('POST'), served(...args)));
    const pause = vi.fn(async () => void steps.push('pause'));
    const result = await fetchOffersInSteps(options, { fetch, env: { ...env, fingerprint } }, pause);
    expect(steps).toEqual(['device id', 'pause', 'POST', 'pause']);
    expect(result.offers[0]?.id).toBe(101);
  });

  it('refuses bad options before any pause, and a failed answer without checking it', async () => {
    const pause = vi.fn(async () => {});
    const refused = await rejection(fetchOffersInSteps({ ...options, apiKey: '' }, { env }, pause));
    expect(refused.code).toBe('invalid_request');
    expect(pause).not.toHaveBeenCalled();
    const failed = await rejection(fetchOffersInSteps(options, { fetch: answer('{}', 503), env }, pause));
    expect(failed).toMatchObject({ code: 'http', status: 503 });
    expect(pause).toHaveBeenCalledTimes(1);
  });
});
