import { DEFAULT_CONSENT_TIMEOUT_MS } from '../../src/options/values.js';
import { describe, expect, it } from 'vitest';
import { resolveConfig, toEnvironment } from '../../src/script-api/config.js';
import { DEFAULT_PREFETCH_TTL_MS } from '../../src/options/values.js';

const ENDPOINT = 'https://offers.example';

function ok(...args: Parameters<typeof resolveConfig>) {
  const result = resolveConfig(...args);
  if (!result.ok) throw new Error(`expected a valid config: ${result.error.message}`);
  return result;
}

function failure(...args: Parameters<typeof resolveConfig>) {
  const result = resolveConfig(...args);
  if (result.ok) throw new Error('expected an invalid config');
  return result.error;
}

describe('resolveConfig: sources and precedence', () => {
  it('applies the defaults', () => {
    const { config, ignored } = ok({ accountId: 'sdk', endpoint: ENDPOINT }, undefined);
    expect(config).toEqual({
      accountId: 'sdk',
      endpoint: `${ENDPOINT}/`,
      apiVersion: 'v2',
      placement: 'default',
      autoLoad: true,
      autoShow: false,
      prefetch: false,
      dev: false,
      debug: false,
      callback: undefined,
      settings: {},
      styles: {},
      parentOrigin: undefined,
      prefetchTtlMs: DEFAULT_PREFETCH_TTL_MS,
      pubUserId: undefined,
      loyaltyboost: undefined,
      creative: undefined,
      campaignId: undefined,
      consent: undefined,
      consentTimeoutMs: DEFAULT_CONSENT_TIMEOUT_MS,
      language: undefined,
      strings: undefined,
    });
    expect(ignored).toEqual([]);
  });

  it('init config over the values set before init over window.AdpxConfig', () => {
    const global = { accountId: 'from-global', endpoint: ENDPOINT, placement: 'checkout', debug: false };
    const { config } = ok({ accountId: 'from-init' }, global, { debug: true, environment: 1 });
    expect(config).toMatchObject({ accountId: 'from-init', placement: 'checkout', debug: true, dev: true });
    expect(ok({ accountId: 'a', debug: false }, global, { debug: true }).config.debug).toBe(false);
  });

  it('an SDK ID string takes the rest from window.AdpxConfig', () => {
    const { config } = ok('sdk-from-string', { accountId: 'other', endpoint: ENDPOINT, autoShow: true });
    expect(config).toMatchObject({ accountId: 'sdk-from-string', autoShow: true });
  });

  it('the callback argument wins over config.callback', () => {
    const a = () => {};
    const b = () => {};
    expect(ok({ accountId: 's', endpoint: ENDPOINT, callback: a }, undefined, {}, b).config.callback).toBe(b);
    expect(ok({ accountId: 's', endpoint: ENDPOINT, callback: a }, undefined).config.callback).toBe(a);
    expect(
      ok({ accountId: 's', endpoint: ENDPOINT, callback: 'nope' }, undefined).config.callback,
    ).toBeUndefined();
  });

  it('unknown keys are listed and otherwise ignored', () => {
    const { ignored } = ok(
      { accountId: 's', endpoint: ENDPOINT, theme: 'dark', containerId: 'x' },
      undefined,
    );
    expect(ignored).toEqual(['theme', 'containerId']);
  });

  it.each([
    [{ dev: true }, true],
    [{ dev: 'true' }, true],
    [{ environment: 1 }, true],
    [{ environment: '1' }, true],
    [{ environment: 0 }, false],
    [{ environment: 2 }, false],
    [{}, false],
  ])('test mode from %j → dev %s', (input, dev) => {
    expect(ok({ accountId: 's', endpoint: ENDPOINT, ...input }, undefined).config.dev).toBe(dev);
  });

  it('booleans accept the launcher forms (true/false, 1/0, "true"/"false")', () => {
    const { config } = ok(
      { accountId: 's', endpoint: ENDPOINT, autoLoad: 0, autoShow: 'true', prefetch: 1 },
      undefined,
    );
    expect(config).toMatchObject({ autoLoad: false, autoShow: true, prefetch: true });
  });

  it('a placement, a path version, an exact parent origin and a TTL are taken', () => {
    const { config } = ok(
      {
        accountId: 's',
        endpoint: ENDPOINT,
        placement: ' checkout ',
        apiVersion: 'v4',
        parentOrigin: 'https://shop.example/',
        prefetchTtlMs: 1000,
      },
      undefined,
    );
    expect(config).toMatchObject({
      placement: 'checkout',
      apiVersion: 'v4',
      parentOrigin: 'https://shop.example',
      prefetchTtlMs: 1000,
    });
  });

  it('parentOrigin "*" is refused (listed as ignored), so the detected origin is used', () => {
    const result = ok({ accountId: 's', endpoint: ENDPOINT, parentOrigin: '*' }, undefined);
    expect(result.config.parentOrigin).toBeUndefined();
    expect(result.ignored).toContain('parentOrigin');
  });
});

describe('resolveConfig: validation', () => {
  it.each([[{}], [{ accountId: '' }], [{ accountId: '   ' }], [{ accountId: null }], ['']])(
    'a missing SDK ID (%j) is invalid_request',
    (input) => {
      const error = failure(input, { endpoint: ENDPOINT });
      expect(error.code).toBe('invalid_request');
      expect(error.message).toMatch(/SDK ID/);
    },
  );

  it('no endpoint with autoLoad is a clear error; without autoLoad it is fine until a load', () => {
    expect(failure({ accountId: 's' }, undefined).message).toMatch(/endpoint is missing/);
    expect(ok({ accountId: 's', autoLoad: false }, undefined).config.endpoint).toBeUndefined();
  });

  it.each([
    'offers.example',
    'offers-proxy',
    '//offers.example',
    'ftp://offers.example',
    'https://user:pw@offers.example',
    'javascript:alert(1)',
  ])('an endpoint that is neither an absolute http(s) URL nor a path (%s) is refused', (endpoint) => {
    expect(failure({ accountId: 's', endpoint }, undefined).message).toMatch(/endpoint must be an absolute/);
  });

  it("a path from the page's origin (a proxy on the publisher's own server) resolves against the page", () => {
    expect(ok({ accountId: 's', endpoint: '/offers-proxy' }, undefined).config.endpoint).toBe(
      new URL('/offers-proxy', document.baseURI).href,
    );
  });

  it.each([
    [{ apiVersion: 'v3' }, /apiVersion/],
    [{ loyaltyboost: '3' }, /loyaltyboost/],
    [{ creative: 2 }, /creative/],
  ])('%j is refused before any request', (input, message) => {
    expect(failure({ accountId: 's', endpoint: ENDPOINT, ...input }, undefined).message).toMatch(message);
  });

  it('an init argument that is neither an object nor a string is refused', () => {
    expect(failure(42, undefined).message).toMatch(/config object or an SDK ID/);
    expect(failure([], undefined).code).toBe('invalid_request');
  });

  it('toEnvironment', () => {
    expect([0, 1, '0', '1', 2, true, undefined].map(toEnvironment)).toEqual([
      0,
      1,
      0,
      1,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
