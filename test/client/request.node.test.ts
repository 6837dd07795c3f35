// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { validateOffersOptions } from '../../src/client/request.js';

describe('validateOffersOptions outside a page', () => {
  it('refuses a path as endpoint: there is no page for it to be relative to', () => {
    expect(typeof document).toBe('undefined');
    expect(() =>
      validateOffersOptions({ endpoint: '/offers-proxy', apiKey: 'key-1', placement: 'checkout' }),
    ).toThrow(/endpoint must be an absolute http\(s\) URL/);
  });
});
