// @vitest-environment node
// The fetch-native example (workers-style `export default { fetch }`) really proxies: it is run
// here with Node's own Request, against the real mock service.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { MockOffersService } from '../../src/server/mock/index.js';
import { SERVER_KEY, startMock } from './helpers.js';

vi.mock('adpx-offers/proxy', () => import('../../src/server/proxy/index.js'));

interface WorkerModule {
  default: { fetch(request: Request, env: Record<string, string>): Promise<Response> };
}

let mock: MockOffersService;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(() => mock.close());

it('examples/proxy/worker.mjs answers with the server key added and CF-Connecting-IP as ip', async () => {
  const path = '../../examples/proxy/worker.mjs'; // a plain JS example: no types to check
  const worker = ((await import(path)) as WorkerModule).default;
  const env = {
    OFFERS_UPSTREAM: mock.url,
    OFFERS_API_KEY: SERVER_KEY,
    ALLOWED_ORIGINS: 'https://shop.example',
  };
  const request = new Request('https://shop-proxy.example/offers-proxy/native/v4/offers.json?api_key=page', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: 'https://shop.example',
      'CF-Connecting-IP': '198.51.100.77',
      'User-Agent': 'Edge-UA/1',
    },
    body: JSON.stringify({ placement: 'checkout' }),
  });
  const response = await worker.fetch(request, env);
  expect(response.status).toBe(200);
  expect(response.headers.get('access-control-allow-origin')).toBe('https://shop.example');
  const record = mock.requests()[0];
  expect(record?.query.api_key).toBe(SERVER_KEY);
  expect(record?.body).toMatchObject({ placement: 'checkout', ip: '198.51.100.77', ua: 'Edge-UA/1' });
});
