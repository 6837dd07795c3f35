import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchOffers } from '../../src/index.js';
import { ADPX_FP_STORAGE_KEY } from '../../src/client/fingerprint.js';
import { resetConsentForTests, setConsent } from '../../src/consent/consent.js';
import { rawResponse } from '../model/fixtures.js';

/**
 * `fetchOffers` as the package exports it follows the page's consent like the unit does: the
 * body a refusal sends has no identifier, and nothing is stored (docs/privacy.md).
 */
const options = { endpoint: 'https://offers.example.com', apiKey: 'key-1', placement: 'checkout' };

/** A fetch that answers with the mock's offers and records the JSON bodies it was given. */
function recordingFetch() {
  const bodies: Record<string, unknown>[] = [];
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return new Response(JSON.stringify(rawResponse()), { headers: { 'content-type': 'application/json' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, bodies };
}

afterEach(() => {
  resetConsentForTests();
  localStorage.clear();
});

describe('fetchOffers from the package entry', () => {
  it('on a refusal sends no adpx_fp and no pub_user_id, stores nothing, and says why in the body', async () => {
    setConsent({ storage: false, gdprApplies: true, tcString: 'CPtest' });
    const { fetch, bodies } = recordingFetch();
    await fetchOffers({ ...options, pubUserId: 'user-7' }, { fetch });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).not.toHaveProperty('adpx_fp');
    expect(bodies[0]).not.toHaveProperty('pub_user_id');
    expect(bodies[0]).toMatchObject({ gdpr: '1', gdpr_consent: 'CPtest' });
    expect(localStorage.getItem(ADPX_FP_STORAGE_KEY)).toBeNull();
  });

  it('with consent sends the device id and the user id, as given', async () => {
    setConsent({ storage: true });
    const { fetch, bodies } = recordingFetch();
    await fetchOffers({ ...options, pubUserId: 'user-7' }, { fetch });
    expect(bodies[0]).toMatchObject({
      pub_user_id: 'user-7',
      adpx_fp: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('bad options reject with invalid_request before any consent is asked or request sent', async () => {
    const { fetch, bodies } = recordingFetch();
    await expect(fetchOffers({ ...options, loyaltyboost: '9' } as never, { fetch })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(bodies).toHaveLength(0);
  });
});
