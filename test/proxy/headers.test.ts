// @vitest-environment node
// Which headers cross the proxy: the browser's credentials never reach the service, and the
// service's headers (cookies, redirects, CORS, hop-by-hop) never reach the browser. A hand-made
// upstream records what it received and answers with every header the proxy must not pass on.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_KEY, closeServer, listen, postOffers, startProxy, type RunningProxy } from './helpers.js';

let upstream: Server;
let received: IncomingHttpHeaders[] = [];
let answerStatus = 200;
let proxy: RunningProxy;

const UPSTREAM_HEADERS = {
  'Content-Type': 'text/json',
  'Set-Cookie': 'svc_session=secret; Path=/; HttpOnly',
  Location: `https://svc.example/elsewhere?api_key=${SERVER_KEY}`,
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Credentials': 'true',
  'WWW-Authenticate': 'Bearer realm="svc"',
  'X-Powered-By': 'svc/1.0',
  'Keep-Alive': 'timeout=99',
  'Content-Security-Policy': "default-src 'none'",
};

beforeAll(async () => {
  upstream = createServer((req, res) => {
    received.push(req.headers);
    req.resume();
    req.on('end', () => {
      res.writeHead(answerStatus, UPSTREAM_HEADERS);
      res.end(JSON.stringify({ data: { offers: [], count: 0 } }));
    });
  });
  const port = await listen(upstream);
  proxy = await startProxy({
    upstream: `http://127.0.0.1:${port}`,
    allowedOrigins: ['https://shop.example'],
  });
});
afterAll(async () => {
  await proxy.close();
  await closeServer(upstream);
});
beforeEach(() => {
  received = [];
  answerStatus = 200;
});

describe('headers across the proxy', () => {
  it('the browser’s cookies, credentials and other headers never reach the service', async () => {
    const answer = await postOffers(proxy, {
      headers: {
        Cookie: 'shop_session=abc',
        Authorization: 'Bearer user-token',
        'Proxy-Authorization': 'Basic eA==',
        'X-Api-Key': 'page-key',
        Origin: 'https://shop.example',
        Referer: 'https://shop.example/checkout?order=1',
        'X-Forwarded-For': '203.0.113.1',
        'User-Agent': 'Browser/1',
      },
    });
    expect(answer.status).toBe(200);
    const [headers] = received;
    for (const name of [
      'cookie',
      'authorization',
      'proxy-authorization',
      'x-api-key',
      'origin',
      'referer',
      'x-forwarded-for',
    ]) {
      expect(headers, name).not.toHaveProperty(name);
    }
    expect(headers?.['user-agent']).toBe('Browser/1');
    expect(headers?.['content-type']).toBe('application/json');
  });

  it('none of the service’s headers reach the browser: the answer is the proxy’s own JSON', async () => {
    const answer = await postOffers(proxy, { headers: { Origin: 'https://shop.example' } });
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ data: { offers: [], count: 0 } });
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(answer.headers.get('location')).toBeNull();
    expect(answer.headers.get('www-authenticate')).toBeNull();
    expect(answer.headers.get('x-powered-by')).toBeNull();
    expect(answer.headers.get('content-security-policy')).toBeNull();
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(answer.headers.get('vary')).toBe('Origin');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([301, 302, 307, 308])(
    'a %i redirect is a 502 without its Location (which holds the key)',
    async (status) => {
      answerStatus = status;
      const answer = await postOffers(proxy);
      expect(answer.status).toBe(502);
      expect(answer.json()).toMatchObject({ code: 'upstream_invalid' });
      expect(answer.headers.get('location')).toBeNull();
      expect(received).toHaveLength(1);
      for (const [, value] of answer.headers) expect(value).not.toContain(SERVER_KEY);
      expect(answer.text).not.toContain(SERVER_KEY);
    },
  );
});
