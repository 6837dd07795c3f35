// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createOffersProxy } from '../../src/server/proxy/index.js';
import type { OffersProxyOptions } from '../../src/server/proxy/index.js';

const valid: OffersProxyOptions = { upstream: 'https://api.offers.example', apiKey: 'server-key-123' };

describe('createOffersProxy options', () => {
  it('accepts the minimal options and returns a fetch handler', () => {
    expect(typeof createOffersProxy(valid)).toBe('function');
  });

  it.each([
    [{ upstream: '' }, /upstream is required/],
    [{ upstream: 'ftp://x.example' }, /absolute http\(s\) URL/],
    [{ upstream: 'https://user:pw@x.example' }, /credentials/],
    [{ upstream: 'https://x.example/?api_key=k' }, /without query/],
    [{ apiKey: ' ' }, /apiKey is required/],
    [{ apiVersion: 'v3' }, /apiVersion/],
    [{ timeoutMs: 0 }, /timeoutMs/],
    [{ timeoutMs: 1.5 }, /timeoutMs/],
    [{ maxBodyBytes: 0 }, /maxBodyBytes/],
    [{ maxBodyBytes: 10 * 1024 * 1024 }, /maxBodyBytes/],
    [{ trustProxy: -1 }, /trustProxy/],
    [{ trustProxy: 'yes' }, /trustProxy/],
    [{ allowedOrigins: 'https://shop.example' }, /allowedOrigins/],
    [{ allowedOrigins: ['https://shop.example/'] }, /scheme:\/\/host\[:port\]/],
    [{ allowedOrigins: ['shop.example'] }, /not an origin/],
    [{ allowedOrigins: ['HTTPS://Shop.Example'] }, /not an origin/],
    [{ transformBody: 'x' }, /transformBody/],
    [{ log: {} }, /log must be a function/],
  ])('%o is refused at creation', (patch, message) => {
    expect(() => createOffersProxy({ ...valid, ...(patch as Partial<OffersProxyOptions>) })).toThrow(message);
  });

  it('accepts origins with ports and the opaque null origin', () => {
    expect(() =>
      createOffersProxy({
        ...valid,
        allowedOrigins: ['http://localhost:4173', 'https://[::1]:8443', 'null'],
      }),
    ).not.toThrow();
  });
});

describe('runtime neutrality', () => {
  it('the proxy modules import nothing from Node at run time (Deno, Bun, workers)', () => {
    const dir = new URL('../../src/server/proxy/', import.meta.url);
    const files = readdirSync(dir).filter((name) => name.endsWith('.ts'));
    expect(files).toContain('handler.ts');
    for (const name of files) {
      const source = readFileSync(new URL(name, dir), 'utf8');
      const runtimeImports = source.match(/^import (?!type )[^;]*from '([^']+)'/gm) ?? [];
      for (const line of runtimeImports)
        expect(line, name).not.toMatch(/from '(node:|http|net|stream|buffer)/);
      expect(source, name).not.toMatch(/\brequire\(|\bBuffer\.|\bprocess\./);
    }
  });
});
