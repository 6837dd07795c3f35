// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { fetchOffers } from '../../src/index.js';
import { rawResponse } from '../model/fixtures.js';

describe('fetchOffers from the package entry, on a server', () => {
  it('has no page platform to ask: the ids go as given, with no consent keys added', async () => {
    expect(typeof window).toBe('undefined');
    const bodies: Record<string, unknown>[] = [];
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return new Response(JSON.stringify(rawResponse()), { headers: { 'content-type': 'application/json' } });
    });
    const options = { endpoint: 'https://offers.example.com', apiKey: 'k', placement: 'checkout' };
    await fetchOffers(
      { ...options, pubUserId: 'user-7', adpxFp: 'a'.repeat(32) },
      {
        fetch: fetch as unknown as typeof globalThis.fetch,
      },
    );
    expect(bodies[0]).toMatchObject({
      placement: 'checkout',
      pub_user_id: 'user-7',
      adpx_fp: 'a'.repeat(32),
    });
    expect(Object.keys(bodies[0] ?? {}).filter((key) => /gdpr|gpp|privacy|gpc/.test(key))).toEqual([]);
  });
});
