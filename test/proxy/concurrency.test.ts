// @vitest-environment node
// Bounded load over real HTTP: 500 requests, 50 at a time, through the proxy to the mock.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MockOffersService } from '../../src/server/mock/index.js';
import { SERVER_KEY, pool, postOffers, startMock, startProxy, type RunningProxy } from './helpers.js';

let mock: MockOffersService;
let proxy: RunningProxy;

beforeAll(async () => {
  mock = await startMock();
  // A generous upstream timeout: this checks correctness under concurrency, not the speed of a
  // shared 2-core machine (a 504 there would be the machine's, not the proxy's).
  proxy = await startProxy({ upstream: mock.url, timeoutMs: 30_000 });
});
afterAll(async () => {
  await proxy.close();
  await mock.close();
});

it('500 requests, 50 at a time: zero errors, each with its own body and the server key', async () => {
  const started = performance.now();
  const statuses = await pool(500, 50, async (index) => {
    const answer = await postOffers(proxy, {
      body: { placement: `p-${index}` },
      headers: { 'User-Agent': `UA/${index}` },
    });
    const data = (answer.json() as { data?: { count?: number } }).data;
    return answer.status === 200 && data?.count === 3 ? 'ok' : `${answer.status} ${answer.text.slice(0, 80)}`;
  });
  const seconds = (performance.now() - started) / 1000;
  expect(statuses.filter((status) => status !== 'ok')).toEqual([]);
  const records = mock.requests();
  expect(records).toHaveLength(500);
  expect(records.every((record) => record.query.api_key === SERVER_KEY && record.status === 200)).toBe(true);
  // Each upstream body belongs to its own request (no mixing under concurrency).
  for (const record of records) {
    const body = record.body as { placement: string; ua: string };
    expect(body.ua).toBe(`UA/${body.placement.slice(2)}`);
  }
  expect(new Set(records.map((record) => (record.body as { placement: string }).placement)).size).toBe(500);
  expect(proxy.logs.filter((entry) => entry.status !== 200)).toEqual([]);
  console.info(
    `proxy concurrency: 500 requests in ${seconds.toFixed(2)} s (${(500 / seconds).toFixed(0)} req/s)`,
  );
}, 120_000);
