import { request } from 'node:http';
import { PNG } from 'pngjs';
import type { MockOffersService, RawOffersResponse } from '../../src/server/mock/index.js';

/** Options of one offers POST in the tests. */
export interface PostOptions {
  version?: 'v2' | 'v4';
  query?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

/** POSTs the fetch operation to the mock. */
export function postOffers(mock: MockOffersService, options: PostOptions = {}): Promise<Response> {
  const query = new URLSearchParams(options.query ?? { api_key: 'test-key' });
  const body = options.rawBody ?? JSON.stringify(options.body ?? { placement: 'checkout' });
  return fetch(`${mock.url}/native/${options.version ?? 'v2'}/offers.json?${query.toString()}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...options.headers },
    body,
  });
}

/** POSTs and returns the `data` envelope of a 200 answer. */
export async function getOffers(
  mock: MockOffersService,
  options: PostOptions = {},
): Promise<RawOffersResponse['data']> {
  const res = await postOffers(mock, options);
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${await res.text()}`);
  return ((await res.json()) as RawOffersResponse).data;
}

/** A raw answer. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with the path sent byte for byte (fetch would normalise `..`) and any Host header. */
export function rawRequest(
  port: number,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: init.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Decodes PNG bytes. */
export function decodePng(bytes: ArrayBuffer | Buffer): PNG {
  return PNG.sync.read(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));
}

/** Decodes a `data:image/png;base64,` URL. */
export function decodePngDataUrl(url: string): PNG {
  const prefix = 'data:image/png;base64,';
  if (!url.startsWith(prefix)) throw new Error(`not a PNG data URL: ${url.slice(0, 30)}`);
  return decodePng(Buffer.from(url.slice(prefix.length), 'base64'));
}
