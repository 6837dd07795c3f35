import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLauncherRequest } from '../../src/boot/early-request.js';

const CONFIG = { accountId: 'k', endpoint: 'https://offers.example', placement: 'checkout' };

describe('startLauncherRequest (the stub’s Adpx.init, before the script API)', () => {
  const fetch = vi.fn(() => new Promise<Response>(() => {}));
  beforeEach(() => {
    vi.stubGlobal('fetch', fetch);
    fetch.mockClear();
    Reflect.deleteProperty(window, 'AdpxConfig');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(window, 'AdpxConfig');
  });

  it('starts the request of a config that loads at once, from AdpxConfig and init merged', async () => {
    Reflect.set(window, 'AdpxConfig', { endpoint: CONFIG.endpoint });
    expect(startLauncherRequest(window, { accountId: 'k' }, undefined)).toBe(true);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain('api_key=k');
  });

  it.each([
    ['autoLoad false', { ...CONFIG, autoLoad: false }],
    ['SDK prefetch', { ...CONFIG, prefetch: true }],
    ['no endpoint', { accountId: 'k' }],
    ['no SDK ID', { endpoint: CONFIG.endpoint }],
    ['a config of another type', 42],
  ])('starts nothing with %s', (_name, input) => {
    expect(startLauncherRequest(window, input, undefined)).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });
});
