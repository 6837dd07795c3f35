// @vitest-environment node
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockOffersService, type MockOffersService } from '../../src/server/mock/index.js';
import { postOffers, rawRequest } from './helpers.js';

let mock: MockOffersService;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'adpx-mock-'));
  const root = join(work, 'site');
  await mkdir(join(root, 'sub'), { recursive: true });
  await writeFile(join(work, 'outside.txt'), 'SECRET OUTSIDE');
  await writeFile(join(root, 'index.html'), '<h1>root index</h1>');
  await writeFile(join(root, 'sub', 'index.html'), '<h1>sub index</h1>');
  await writeFile(join(root, '.env'), 'SECRET DOTFILE');
  await symlink(join(work, 'outside.txt'), join(root, 'link.txt'));
  const files: Record<string, string> = {
    'app.js': 'x',
    'mod.mjs': 'x',
    'style.css': 'x',
    'data.json': '{}',
    'pic.png': 'x',
    'icon.svg': '<svg/>',
    'app.js.map': '{}',
    'blob.bin': 'x',
  };
  for (const [name, content] of Object.entries(files)) await writeFile(join(root, name), content);
  mock = await createMockOffersService({
    static: [
      { prefix: '/', dir: root },
      { prefix: '/assets', dir: join(root, 'sub') },
    ],
  });
});

beforeEach(() => mock.reset());

afterAll(async () => {
  await mock.close();
  await rm(work, { recursive: true, force: true });
});

describe('listening', () => {
  it('listens on 127.0.0.1 and a free port by default', () => {
    expect(mock.url).toBe(`http://127.0.0.1:${mock.port}`);
    expect(mock.port).toBeGreaterThan(0);
  });

  it.each(['0.0.0.0', '::', '192.168.1.10', 'example.com', '', '128.0.0.1'])(
    'refuses the non-loopback host %j',
    async (host) => {
      await expect(createMockOffersService({ host })).rejects.toThrow(/loopback/);
    },
  );

  it('accepts localhost and 127.x addresses', async () => {
    for (const host of ['localhost', '127.0.0.2']) {
      const other = await createMockOffersService({ host });
      try {
        expect(other.url).toBe(`http://${host}:${other.port}`);
        expect((await fetch(`${other.url}/__mock/health`)).status).toBe(200);
      } finally {
        await other.close();
      }
    }
  });

  it('accepts ::1 and brackets it in the URL (when the machine has IPv6)', async (ctx) => {
    const other = await createMockOffersService({ host: '::1' }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRNOTAVAIL') return undefined;
      throw error;
    });
    if (!other) return ctx.skip();
    try {
      expect(other.url).toBe(`http://[::1]:${other.port}`);
      const data = (await (await postOffers(other)).json()) as { data: { privacy_url: string } };
      expect(data.data.privacy_url).toBe(`http://[::1]:${other.port}/privacy`);
    } finally {
      await other.close();
    }
  });

  it('frees the port on close, even with an answer pending', async () => {
    const other = await createMockOffersService();
    other.queue({ delayMs: 10_000 });
    const pending = postOffers(other);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(pending).rejects.toThrow();
    await expect(fetch(`${other.url}/__mock/health`)).rejects.toThrow();
    const probe = createServer();
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(other.port, '127.0.0.1', resolve);
    });
    await new Promise((r) => probe.close(r));
    const again = await createMockOffersService({ port: other.port });
    expect(again.port).toBe(other.port);
    await again.close();
  });
});

describe('closeIdleConnections', () => {
  it('closes a kept-alive connection no request is using; the next request opens a new one', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<Socket>((resolve, reject) => {
        const req = request(`${mock.url}/__mock/health`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(req.socket as Socket));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      const first = await get();
      expect(await get()).toBe(first); // kept alive and reused
      const closed = new Promise((resolve) => first.once('close', resolve));
      mock.closeIdleConnections();
      await closed;
      expect(await get()).not.toBe(first);
    } finally {
      agent.destroy();
    }
  });
});

describe('requests in flight', () => {
  it('counts a request from its arrival until it is answered or dropped', async () => {
    const other = await createMockOffersService();
    try {
      expect(other.inFlight()).toBe(0);
      other.queue({ delayMs: 60_000 });
      other.queue({ delayMs: 60_000, destroy: true });
      const answered = postOffers(other);
      await expect.poll(() => other.inFlight()).toBe(1);
      const dropped = postOffers(other).catch(() => 'dropped');
      await expect.poll(() => other.inFlight()).toBe(2);
      await expect.poll(() => other.requests().length).toBe(2);
      // The service's own reads of its state are not requests: nothing changes.
      expect(other.beacons()).toEqual([]);
      expect(other.inFlight()).toBe(2);
      const health = await fetch(`${other.url}/__mock/health`);
      expect(health.status).toBe(200);
      await health.text();
      await expect.poll(() => other.inFlight()).toBe(2);
      // Closing drops both: the count returns to 0 for the answered and the destroyed one alike.
      await other.close();
      await expect(answered).rejects.toThrow();
      expect(await dropped).toBe('dropped');
      await expect.poll(() => other.inFlight()).toBe(0);
    } finally {
      await other.close().catch(() => {});
    }
  });

  it('is 0 again once an answer was sent', async () => {
    const res = await postOffers(mock);
    expect(res.status).toBe(200);
    await res.json();
    await expect.poll(() => mock.inFlight()).toBe(0);
    const beacon = await fetch(`${mock.url}/beacon/pixel/1001?s=x`);
    await beacon.arrayBuffer();
    await expect.poll(() => mock.inFlight()).toBe(0);
    expect(mock.beacons()).toHaveLength(1);
  });
});

describe('CORS and routing', () => {
  it('echoes the Origin, or answers *', async () => {
    const withOrigin = await postOffers(mock, { headers: { Origin: 'http://localhost:5173' } });
    expect(withOrigin.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const gif = await fetch(`${mock.url}/beacon/pixel/1001`);
    expect(gif.headers.get('access-control-allow-origin')).toBe('*');
    const missing = await fetch(`${mock.url}/nowhere`, { headers: { Origin: 'http://a.test' } });
    expect(missing.headers.get('access-control-allow-origin')).toBe('http://a.test');
  });

  it('answers a preflight with 204, the methods and Content-Type', async () => {
    const res = await fetch(`${mock.url}/native/v4/offers.json?api_key=x`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://a.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://a.test');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    expect(mock.requests()).toEqual([]);
  });

  it('answers 404 JSON for unknown paths and 405 JSON for wrong methods', async () => {
    const missing = await fetch(`${mock.url}/api/unknown`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toMatch(/unknown/);
    for (const [method, path] of [
      ['PUT', '/native/v2/offers.json'],
      ['DELETE', '/img/voyager-card.png'],
      ['GET', '/__mock/reset'],
      ['POST', '/__mock/beacons'],
    ]) {
      const res = await fetch(`${mock.url}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('content-type')).toMatch(/json/);
    }
  });

  it('survives bad request targets and keeps serving', async () => {
    for (const path of [
      '/%',
      '/img/%E0%A4%A.png',
      '//evil.test/x',
      '/beacon/pixel/1001?s=%ZZ',
      '/'.repeat(3000),
    ]) {
      const res = await rawRequest(mock.port, path);
      expect(res.status, path).toBeGreaterThanOrEqual(200);
    }
    expect((await rawRequest(mock.port, 'http://evil.test/x')).status).toBe(400);
    expect((await fetch(`${mock.url}/__mock/health`)).status).toBe(200);
  });

  it('builds the offer URLs from the loopback Host the request used, never a foreign one', async () => {
    const body = JSON.stringify({ placement: 'checkout' });
    const local = await rawRequest(mock.port, '/native/v2/offers.json?api_key=test-key', {
      method: 'POST',
      headers: { Host: `localhost:${mock.port}`, 'Content-Type': 'application/json' },
      body,
    });
    expect(local.body).toContain(`"pixel":"http://localhost:${mock.port}/beacon/pixel/`);
    const foreign = await rawRequest(mock.port, '/native/v2/offers.json?api_key=test-key', {
      method: 'POST',
      headers: { Host: 'evil.test', 'Content-Type': 'application/json' },
      body,
    });
    expect(foreign.body).not.toContain('evil.test');
    expect(foreign.body).toContain(`"pixel":"${mock.url}/beacon/pixel/`);
  });
});

describe('static files', () => {
  it.each([
    ['/app.js', 'text/javascript'],
    ['/mod.mjs', 'text/javascript'],
    ['/style.css', 'text/css'],
    ['/data.json', 'application/json'],
    ['/app.js.map', 'application/json'],
    ['/pic.png', 'image/png'],
    ['/icon.svg', 'image/svg+xml'],
    ['/index.html', 'text/html'],
    ['/blob.bin', 'application/octet-stream'],
  ])('serves %s as %s', async (path, type) => {
    const res = await fetch(`${mock.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(type);
  });

  it('serves index.html for directories, redirecting to the slash form first', async () => {
    expect(await (await fetch(`${mock.url}/`)).text()).toBe('<h1>root index</h1>');
    const redirect = await fetch(`${mock.url}/sub?x=1`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/sub/?x=1');
    expect(await (await fetch(`${mock.url}/sub/`)).text()).toBe('<h1>sub index</h1>');
    expect(await (await fetch(`${mock.url}/assets/`)).text()).toBe('<h1>sub index</h1>');
    expect((await rawRequest(mock.port, '//sub')).headers.location).toBe('/sub/');
  });

  it('answers HEAD with headers only', async () => {
    const res = await rawRequest(mock.port, '/app.js', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe('1');
    expect(res.body).toBe('');
  });

  it.each([
    '/../outside.txt',
    '/sub/../../outside.txt',
    '/..%2foutside.txt',
    '/%2e%2e/outside.txt',
    '/%2e%2e%2foutside.txt',
    '/sub/..%5c..%5coutside.txt',
    '/assets/..%2f..%2foutside.txt',
    '/link.txt',
    '/.env',
    '/%2eenv',
    '/app.js%00.png',
  ])('blocks %s', async (path) => {
    const res = await rawRequest(mock.port, path);
    expect([403, 404]).toContain(res.status);
    expect(res.body).not.toContain('SECRET');
  });

  it('answers 400 for malformed percent-encoding', async () => {
    expect((await rawRequest(mock.port, '/%E0%A4%A')).status).toBe(400);
  });

  it('lets the API routes win over static files', async () => {
    expect((await fetch(`${mock.url}/__mock/health`)).headers.get('content-type')).toMatch(/json/);
  });
});
