// @vitest-environment node
// In Node there is no localStorage: the id lives in memory, and a server can switch it off.
import { describe, expect, it } from 'vitest';
import { getAdpxFingerprint } from '../../src/client/fingerprint.js';
import { buildOffersRequest } from '../../src/client/request.js';
import { SERVER_REQUEST_ENV } from '../../src/server/proxy/proxy-request.js';

const options = { endpoint: 'https://offers.example.com', apiKey: 'k', placement: 'checkout' };

describe('adpx_fp in Node', () => {
  it('has no localStorage here (the point of this file)', () => {
    expect('localStorage' in globalThis && globalThis.localStorage !== undefined).toBe(false);
  });

  it('uses a module-level memory value, stable across calls', () => {
    const id = getAdpxFingerprint();
    expect(id).toMatch(/^[a-f0-9]{32}$/);
    expect(buildOffersRequest(options).body.adpx_fp).toBe(id);
  });

  it('sends none with the server env (one memory id would make all users one)', () => {
    expect(buildOffersRequest(options, SERVER_REQUEST_ENV).body).toEqual({ placement: 'checkout' });
  });
});
