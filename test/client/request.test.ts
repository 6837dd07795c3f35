import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADPX_FP_STORAGE_KEY, forgetAdpxFingerprint } from '../../src/client/fingerprint.js';
import type { FetchOffersOptions } from '../../src/options/fetch-options.js';
import { buildOffersRequest, offersPath, redactApiKey } from '../../src/client/request.js';
import type { OffersRequestEnv } from '../../src/client/request.js';

const base: FetchOffersOptions = {
  endpoint: 'https://offers.example.com',
  apiKey: 'key-1',
  placement: 'checkout',
};
/** An env with fixed defaults, so bodies are predictable. */
const env: OffersRequestEnv = { userAgent: 'UA/1', fingerprint: () => 'fp123' };
const build = (options: Record<string, unknown>, withEnv = env) =>
  buildOffersRequest({ ...base, ...options } as FetchOffersOptions, withEnv);
const query = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('buildOffersRequest: URL', () => {
  it.each([
    {
      why: 'v2 by default',
      options: {},
      url: 'https://offers.example.com/native/v2/offers.json?api_key=key-1',
    },
    {
      why: 'v4 when asked',
      options: { apiVersion: 'v4' },
      url: 'https://offers.example.com/native/v4/offers.json?api_key=key-1',
    },
    {
      why: 'a trailing slash of the endpoint removed',
      options: { endpoint: 'https://offers.example.com/base//' },
      url: 'https://offers.example.com/base/native/v2/offers.json?api_key=key-1',
    },
    {
      why: 'the endpoint’s own query kept and its fragment dropped',
      options: { endpoint: 'https://proxy.example.com/api?site=a#frag' },
      url: 'https://proxy.example.com/api/native/v2/offers.json?site=a&api_key=key-1',
    },
    {
      why: "in a page, a path from its origin (the publisher's own proxy) resolved against it",
      options: { endpoint: '/offers-proxy/' },
      url: 'http://localhost:3000/offers-proxy/native/v2/offers.json?api_key=key-1',
    },
    {
      why: 'the api key URL-encoded',
      options: { apiKey: 'a&b=c' },
      url: 'https://offers.example.com/native/v2/offers.json?api_key=a%26b%3Dc',
    },
  ])('$why', ({ options, url }) => {
    expect(build(options).url).toBe(url);
  });

  it('adds loyaltyboost, creative and campaignId when given', () => {
    expect(query(build({ loyaltyboost: '2', creative: '1', campaignId: 42 }).url)).toEqual({
      api_key: 'key-1',
      loyaltyboost: '2',
      creative: '1',
      campaignId: '42',
    });
  });

  it('takes request options from the payload, never sending them in the body', () => {
    const request = build({
      payload: { creatives: 1, loyaltyboost: '0', campaignId: 'c-9', email: 'a@b.c' },
    });
    expect(query(request.url)).toMatchObject({ creative: '1', loyaltyboost: '0', campaignId: 'c-9' });
    expect(request.body).not.toHaveProperty('creatives');
    expect(request.body).not.toHaveProperty('loyaltyboost');
    expect(request.body).not.toHaveProperty('campaignId');
  });

  it('reads payload creative before creatives, and true as "1"', () => {
    expect(query(build({ payload: { creative: true, creatives: 0 } }).url).creative).toBe('1');
  });

  it('lets explicit options win over payload request options', () => {
    expect(query(build({ creative: '0', payload: { creatives: 1 } }).url).creative).toBe('0');
  });

  it('sets the JSON headers', () => {
    expect(build({}).headers).toEqual({ 'Content-Type': 'application/json', Accept: 'application/json' });
  });

  it('redacts the api key for logs', () => {
    expect(redactApiKey(build({ apiKey: 'secret' }).url)).not.toContain('secret');
    expect(offersPath('v4')).toBe('/native/v4/offers.json');
  });
});

describe('buildOffersRequest: body', () => {
  it('sends the explicit body fields', () => {
    expect(build({ pubUserId: 'u1', ua: 'UA/x', ip: '203.0.113.9', adpxFp: 'abc', dev: '1' }).body).toEqual({
      placement: 'checkout',
      pub_user_id: 'u1',
      ua: 'UA/x',
      ip: '203.0.113.9',
      adpx_fp: 'abc',
      dev: '1',
    });
  });

  it.each([
    { dev: true, expected: '1' },
    { dev: 1, expected: '1' },
    { dev: '1', expected: '1' },
    { dev: 'true', expected: '1' },
    { dev: false, expected: undefined },
    { dev: 0, expected: undefined },
    { dev: '0', expected: undefined },
  ])('sends dev $dev as $expected (off is sent as nothing: live is the default)', ({ dev, expected }) => {
    expect(build({ dev }).body.dev).toBe(expected);
  });

  it('coerces payload values: strings as is, numbers and booleans to strings, the rest left out', () => {
    const log = vi.fn();
    const body = build(
      {
        payload: {
          email: 'a@b.c',
          amount: 12.5,
          firstTime: true,
          zero: 0,
          nested: { a: 1 },
          list: [1],
          nothing: null,
          missing: undefined,
          nan: Number.NaN,
          inf: Infinity,
          fn: () => 1,
        },
      },
      { ...env, log },
    ).body;
    expect(body).toEqual({
      placement: 'checkout',
      email: 'a@b.c',
      amount: '12.5',
      firstTime: 'true',
      zero: '0',
      ua: 'UA/1',
      adpx_fp: 'fp123',
    });
    for (const key of ['nested', 'list', 'nothing', 'missing', 'nan', 'inf', 'fn']) {
      expect(log).toHaveBeenCalledWith(
        'R2',
        'payload key left out, not a string, finite number or boolean (key, value):',
        key,
        expect.any(String),
      );
    }
  });

  it('lets explicit options win over payload body fields', () => {
    const body = build({
      pubUserId: 'explicit',
      ua: 'UA/explicit',
      dev: false,
      payload: { placement: 'other', pub_user_id: 'payload', ua: 'UA/payload', dev: '1' },
    }).body;
    expect(body).toMatchObject({ placement: 'checkout', pub_user_id: 'explicit', ua: 'UA/explicit' });
    expect(body).not.toHaveProperty('dev');
  });

  it('takes body fields from the payload when no option gives them', () => {
    const body = build({
      payload: { pub_user_id: 'p1', ua: 'UA/p', ip: '198.51.100.1', adpx_fp: 'pfp', dev: 1 },
    }).body;
    expect(body).toMatchObject({
      pub_user_id: 'p1',
      ua: 'UA/p',
      ip: '198.51.100.1',
      adpx_fp: 'pfp',
      dev: '1',
    });
  });

  it('never puts the API key in the body (custom keys reach conversion reports)', () => {
    const body = build({ payload: { api_key: 'leak', apiKey: 'leak' } }).body;
    expect(JSON.stringify(body)).not.toContain('leak');
  });

  it('keeps a __proto__ payload key as data, not as a prototype', () => {
    const body = build({ payload: JSON.parse('{"__proto__": "x"}') as Record<string, unknown> }).body;
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
  });
});

describe('buildOffersRequest: ua and adpx_fp defaults', () => {
  beforeEach(() => forgetAdpxFingerprint());
  afterEach(() => forgetAdpxFingerprint());

  it('defaults ua to navigator.userAgent', () => {
    expect(buildOffersRequest(base).body.ua).toBe(navigator.userAgent);
  });

  it('sends no ua when the env says null (servers)', () => {
    expect(build({}, { userAgent: null, fingerprint: null }).body).toEqual({ placement: 'checkout' });
  });

  it('generates an alphanumeric adpx_fp, persists it in localStorage and reuses it', () => {
    const first = buildOffersRequest(base).body.adpx_fp;
    expect(first).toMatch(/^[a-z0-9]{32}$/);
    expect(localStorage.getItem(ADPX_FP_STORAGE_KEY)).toBe(first);
    expect(buildOffersRequest(base).body.adpx_fp).toBe(first);
  });

  it('sends the caller’s adpxFp instead of generating one', () => {
    const fingerprint = vi.fn(() => 'generated');
    expect(build({ adpxFp: 'mine' }, { fingerprint }).body.adpx_fp).toBe('mine');
    expect(fingerprint).not.toHaveBeenCalled();
  });

  it('sends no adpx_fp with adpxFp: false, even from the payload', () => {
    const body = build({ adpxFp: false, payload: { adpx_fp: 'p' } }).body;
    expect(body).not.toHaveProperty('adpx_fp');
  });
});
