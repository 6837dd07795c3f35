import { describe, expect, it } from 'vitest';

/**
 * The ESM entry is the public API (docs/api.md): adding a name is a feature, removing one is a
 * breaking change, and an internal helper showing up here is a leak. This list changes only on
 * purpose.
 */
const PUBLIC_VALUES = [
  'ADPX_EVENT_NAMES',
  'ADPX_VERSION',
  'Adpx',
  'AdpxEvent',
  'AdpxOfferElement',
  'AdpxOffersElement',
  'AdpxTermsElement',
  'OffersError',
  'OffersErrorCode',
  'UnitStatus',
  'defineElements',
  'domEventName',
  'fetchOffers',
  'forget',
  'isOffersError',
];

describe('the ESM entry', () => {
  it('exports exactly the public values', async () => {
    const entry = await import('../../src/index.js');
    expect(Object.keys(entry).sort()).toEqual([...PUBLIC_VALUES].sort());
  });

  it('does not re-export the terms sanitiser, which loads on demand', async () => {
    const entry: Record<string, unknown> = await import('../../src/index.js');
    for (const name of ['sanitizeTerms', 'termsSanitizerSupported', 'TERMS_ALLOWED_TAGS']) {
      expect(entry[name]).toBeUndefined();
    }
  });
});
