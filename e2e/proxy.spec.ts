import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOffersProxy, toNodeHandler } from '../src/server/proxy/index.js';
import { expect, expectHits, test } from './fixtures.js';

/**
 * Proxy connect in a real browser: the page knows only the proxy's URL and a placeholder key; the
 * proxy (a second loopback server, so the call is cross-origin with a CORS preflight) adds the
 * real key and the end user's User-Agent and IP.
 */
test('the unit loads through the proxy: the key stays on the server, ua and ip are filled', async ({
  page,
  mock,
}) => {
  const pageOrigin = mock.url;
  const proxy = createOffersProxy({ upstream: mock.url, apiKey: 'test-key', allowedOrigins: [pageOrigin] });
  const server: Server = createServer(toNodeHandler(proxy));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/offers-proxy`;
  const sentByPage: string[] = [];
  page.on('request', (r) => sentByPage.push(`${r.url()} ${r.postData() ?? ''}`));
  try {
    await page.goto(`${pageOrigin}/unit.html?key=placeholder&endpoint=${encodeURIComponent(proxyUrl)}`);
    await expect(page.locator('adpx-offers [part~="offer"]').getByRole('heading')).toBeVisible();
    await expectHits(mock, 'pixel', 1);
    const [request] = mock.requests();
    expect(request?.query.api_key).toBe('test-key');
    const body = request?.body as Record<string, string>;
    expect(body.ua).toBe(await page.evaluate(() => navigator.userAgent));
    expect(body.ip).toBe('127.0.0.1');
    // The browser only ever sent the placeholder; the real key was added by the proxy.
    expect(sentByPage.filter((line) => line.includes('/offers-proxy/')).join('\n')).toContain('placeholder');
    expect(sentByPage.join('\n')).not.toContain('test-key');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

/**
 * The proxy on the publisher's own server, where a page names it by its path: `endpoint` is
 * `/offers-proxy`, resolved against the page. One loopback server answers both the page and the
 * proxy, so the call is same-origin (no CORS); the SDK file comes from the mock's origin as from a CDN.
 */
test('a same-origin proxy named by its path (endpoint="/offers-proxy") is reached', async ({
  page,
  mock,
}) => {
  const proxy = toNodeHandler(createOffersProxy({ upstream: mock.url, apiKey: 'test-key' }));
  const server: Server = createServer((request, response) => {
    if (request.url !== '/checkout') return void proxy(request, response);
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body>
      <script src="${mock.url}/dist/adpx-offers.iife.js"></script>
      <adpx-offers endpoint="/offers-proxy" api-key="placeholder" placement="checkout"></adpx-offers>
    </body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const offersRequests: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && offersRequests.push(r.url()));
  try {
    await page.goto(`${origin}/checkout`);
    await expect(page.locator('adpx-offers [part~="offer"]').getByRole('heading')).toBeVisible();
    await expectHits(mock, 'pixel', 1);
    expect(offersRequests).toEqual([`${origin}/offers-proxy/native/v2/offers.json?api_key=placeholder`]);
    expect(mock.requests()[0]?.query.api_key).toBe('test-key');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
