import { describe, expect, it } from 'vitest';
import { OffersError } from '../../src/errors.js';
import type { FetchOffersOptions } from '../../src/options/fetch-options.js';
import { validateOffersOptions } from '../../src/client/request.js';

const base: FetchOffersOptions = {
  endpoint: 'https://offers.example.com',
  apiKey: 'key-1',
  placement: 'checkout',
};
/** The OffersError thrown by `run`, or a failure when none is thrown. */
function errorOf(run: () => unknown): OffersError {
  try {
    run();
  } catch (error) {
    if (error instanceof OffersError) return error;
    throw error;
  }
  throw new Error('expected an OffersError');
}

describe('validateOffersOptions', () => {
  const invalid: { why: string; options: unknown; message: RegExp }[] = [
    { why: 'options missing', options: undefined, message: /object/ },
    { why: 'options null', options: null, message: /object/ },
    { why: 'endpoint missing', options: { ...base, endpoint: undefined }, message: /endpoint is required/ },
    { why: 'endpoint empty', options: { ...base, endpoint: '  ' }, message: /endpoint is required/ },
    {
      why: 'endpoint relative to the route (more likely a URL without its scheme)',
      options: { ...base, endpoint: 'offers.example.com' },
      message: /absolute http\(s\) URL .* or in a page a path such as "\/offers-proxy"/,
    },
    { why: 'endpoint protocol-relative', options: { ...base, endpoint: '//x.com' }, message: /absolute/ },
    {
      why: 'endpoint javascript:',
      options: { ...base, endpoint: 'javascript:alert(1)' },
      message: /absolute/,
    },
    { why: 'endpoint ftp:', options: { ...base, endpoint: 'ftp://x.com' }, message: /absolute/ },
    {
      why: 'endpoint with credentials (fetch refuses them)',
      options: { ...base, endpoint: 'https://u:p@x.com' },
      message: /credentials/,
    },
    { why: 'apiKey missing', options: { ...base, apiKey: undefined }, message: /apiKey is required/ },
    { why: 'apiKey empty', options: { ...base, apiKey: '' }, message: /apiKey is required/ },
    { why: 'apiKey a number', options: { ...base, apiKey: 123 }, message: /apiKey is required/ },
    {
      why: 'placement missing',
      options: { ...base, placement: undefined },
      message: /placement is required/,
    },
    { why: 'placement blank', options: { ...base, placement: ' ' }, message: /placement is required/ },
    { why: 'apiVersion v3', options: { ...base, apiVersion: 'v3' }, message: /apiVersion/ },
    {
      why: 'loyaltyboost 3',
      options: { ...base, loyaltyboost: '3' },
      message: /loyaltyboost must be one of '0', '1', '2'/,
    },
    { why: 'loyaltyboost true', options: { ...base, loyaltyboost: true }, message: /loyaltyboost/ },
    { why: 'creative 2', options: { ...base, creative: '2' }, message: /creative must be one of '0', '1'/ },
    {
      why: 'creative in the payload out of range',
      options: { ...base, payload: { creatives: 5 } },
      message: /creative/,
    },
    {
      why: 'loyaltyboost in the payload out of range',
      options: { ...base, payload: { loyaltyboost: 'x' } },
      message: /loyaltyboost/,
    },
    {
      why: 'campaignId as a list (one campaign per request)',
      options: { ...base, campaignId: '1,2' },
      message: /one campaign/,
    },
    { why: 'campaignId a float', options: { ...base, campaignId: 1.5 }, message: /campaignId/ },
    { why: 'dev "yes"', options: { ...base, dev: 'yes' }, message: /dev must be/ },
    { why: 'dev 2', options: { ...base, dev: 2 }, message: /dev must be/ },
    { why: 'timeoutMs 0', options: { ...base, timeoutMs: 0 }, message: /timeoutMs/ },
    { why: 'timeoutMs negative', options: { ...base, timeoutMs: -1 }, message: /timeoutMs/ },
    { why: 'timeoutMs NaN', options: { ...base, timeoutMs: Number.NaN }, message: /timeoutMs/ },
    { why: 'timeoutMs Infinity', options: { ...base, timeoutMs: Infinity }, message: /timeoutMs/ },
    { why: 'timeoutMs beyond a timer', options: { ...base, timeoutMs: 2 ** 31 }, message: /timeoutMs/ },
    { why: 'timeoutMs a string', options: { ...base, timeoutMs: '1000' }, message: /timeoutMs/ },
    { why: 'pubUserId a number', options: { ...base, pubUserId: 5 }, message: /pubUserId must be a string/ },
    { why: 'adpxFp true', options: { ...base, adpxFp: true }, message: /adpxFp/ },
    { why: 'payload an array', options: { ...base, payload: ['a'] }, message: /payload/ },
    { why: 'payload a string', options: { ...base, payload: 'a=1' }, message: /payload/ },
    { why: 'signal not a signal', options: { ...base, signal: {} }, message: /signal/ },
  ];

  it.each(invalid)('rejects $why with invalid_request', ({ options, message }) => {
    const error = errorOf(() => validateOffersOptions(options));
    expect(error.code).toBe('invalid_request');
    expect(error.message).toMatch(message);
  });

  it.each([
    { why: 'minimal options', options: base },
    { why: 'an http endpoint (local mock)', options: { ...base, endpoint: 'http://localhost:8787/' } },
    {
      why: 'all options',
      options: {
        ...base,
        apiVersion: 'v4',
        loyaltyboost: '2',
        creative: '0',
        campaignId: 77,
        dev: true,
        timeoutMs: 500,
        adpxFp: false,
        signal: new AbortController().signal,
      },
    },
    {
      why: 'empty optional query options (an empty attribute)',
      options: { ...base, loyaltyboost: '', creative: '' },
    },
    { why: 'numbers for the query options', options: { ...base, loyaltyboost: 1, creative: 1 } },
  ])('accepts $why', ({ options }) => {
    expect(() => validateOffersOptions(options)).not.toThrow();
  });
});
