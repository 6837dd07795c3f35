// @vitest-environment node
// The proxy runs in Node: it reuses the browser's request code with the server env.
import { describe, expect, it } from 'vitest';
import { OffersError } from '../../src/errors.js';
import {
  SERVER_REQUEST_ENV,
  offersPathVersion,
  optionsFromBrowserRequest,
} from '../../src/server/proxy/proxy-request.js';
import type { BrowserOffersRequest } from '../../src/server/proxy/proxy-request.js';
import { buildOffersRequest } from '../../src/client/request.js';

const server = { endpoint: 'https://api.offers.example', apiKey: 'server-key' };
const upstream = (request: Partial<BrowserOffersRequest>) =>
  buildOffersRequest(optionsFromBrowserRequest({ ...server, body: {}, ...request }), SERVER_REQUEST_ENV);

describe('offersPathVersion', () => {
  it.each([
    { path: '/native/v2/offers.json', expected: 'v2' },
    { path: '/api/native/v4/offers.json', expected: 'v4' },
    { path: '/native/v3/offers.json', expected: undefined },
    { path: '/native/v2/offers.json/x', expected: undefined },
  ])('$path → $expected', ({ path, expected }) => {
    expect(offersPathVersion(path)).toBe(expected);
  });
});

describe('optionsFromBrowserRequest', () => {
  it('forwards the browser body and query with the server’s key, never the browser’s', () => {
    const request = upstream({
      apiVersion: 'v4',
      body: {
        placement: 'checkout',
        pub_user_id: 'u1',
        ua: 'UA/browser',
        adpx_fp: 'fp9',
        dev: '1',
        email: 'a@b.c',
        api_key: 'x',
      },
      query: new URLSearchParams('api_key=browser-key&loyaltyboost=2&creative=1&campaignId=12'),
    });
    expect(request.url).toBe(
      'https://api.offers.example/native/v4/offers.json?api_key=server-key&loyaltyboost=2&creative=1&campaignId=12',
    );
    expect(request.body).toEqual({
      placement: 'checkout',
      pub_user_id: 'u1',
      ua: 'UA/browser',
      adpx_fp: 'fp9',
      dev: '1',
      email: 'a@b.c',
    });
  });

  it('fills ua and ip from the incoming request only when the body lacks them', () => {
    expect(upstream({ body: { placement: 'p' }, ua: 'UA/header', ip: '203.0.113.1' }).body).toEqual({
      placement: 'p',
      ua: 'UA/header',
      ip: '203.0.113.1',
    });
    expect(
      upstream({ body: { placement: 'p', ua: 'UA/body', ip: '198.51.100.2' }, ua: 'UA/h', ip: '1.1.1.1' })
        .body,
    ).toEqual({
      placement: 'p',
      ua: 'UA/body',
      ip: '198.51.100.2',
    });
  });

  it('accepts a plain record as query', () => {
    expect(upstream({ body: { placement: 'p' }, query: { creative: '0' } }).url).toContain('creative=0');
  });

  it.each([
    { why: 'a body that is not an object', request: { body: 'placement=p' } },
    { why: 'a JSON array body', request: { body: [] } },
    { why: 'a null body', request: { body: null } },
    { why: 'no placement', request: { body: { ua: 'x' } } },
    {
      why: 'a bad loyaltyboost in the query',
      request: { body: { placement: 'p' }, query: { loyaltyboost: '9' } },
    },
    { why: 'a bad dev in the body', request: { body: { placement: 'p', dev: 'yes' } } },
  ])('rejects $why with invalid_request', ({ request }) => {
    let thrown: unknown;
    try {
      optionsFromBrowserRequest({ ...server, ...request });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(OffersError);
    expect(thrown).toMatchObject({ code: 'invalid_request' });
  });
});
