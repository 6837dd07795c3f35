import { readFile } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MockOffersService } from '../src/server/mock/index.js';

/**
 * A publisher's server for the server-rendering tests: it fetches offers from the mock service as
 * a server would, renders the unit with `renderOffers` (from dist/, the package as published: the
 * browser's script is built from the same minified templates) and serves the page. The script
 * (`/dist/…`) is held back until `release()`: the test sees the page as it is before any script.
 */
export interface SsrPage {
  url: string;
  /** Lets the held-back script requests through, now and from then on. */
  release(): void;
  /** How many times the page asked for the script. */
  scriptRequests(): number;
  close(): Promise<void>;
}

export interface SsrPageOptions {
  /** The unit's attributes besides the response. */
  attributes?: Record<string, string | number | boolean>;
  /** The page's `lang` (the unit's language in the browser when it has no `lang` of its own). */
  pageLang?: string;
  /** Height of the content above the unit, in px (the unit starts out of view when large). */
  above?: number;
  /** The script the page loads (default: the script-tag file for server-rendered units). */
  script?: string;
  /** The response to render (default: one the server fetches from the mock service). */
  response?: unknown;
}

type RenderOffers = (options: Record<string, unknown>) => Promise<string>;
type FetchOffers = (options: Record<string, unknown>) => Promise<unknown>;

const dist = (file: string) => new URL(`../dist/${file}`, import.meta.url);

export async function startSsrPage(mock: MockOffersService, options: SsrPageOptions = {}): Promise<SsrPage> {
  const { renderOffers } = (await import(dist('server/ssr/index.js').href)) as { renderOffers: RenderOffers };
  const { fetchOffers } = (await import(dist('index.js').href)) as { fetchOffers: FetchOffers };
  const response =
    options.response ??
    (await fetchOffers({ endpoint: mock.url, apiKey: 'test-key', placement: 'checkout' }));
  const unit = await renderOffers({
    response,
    'api-key': 'test-key',
    endpoint: mock.url,
    placement: 'checkout',
    ...options.attributes,
  });
  const script = options.script ?? 'adpx-offers.ssr.iife.js';
  const page = `<!doctype html>
<html lang="${options.pageLang ?? 'en'}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Server-rendered unit</title>
    <script defer src="/dist/${script}"></script>
    <style>body { margin: 0; font-family: sans-serif } #above { height: ${options.above ?? 0}px }</style>
  </head>
  <body>
    <div id="above"></div>
    <main>${unit}</main>
    <div style="height: 2000px"></div>
  </body>
</html>`;
  let released = false;
  let scriptRequests = 0;
  const held: Array<() => void> = [];
  const sendFile = async (res: ServerResponse, file: string) => {
    try {
      const body = await readFile(dist(file));
      res.writeHead(200, { 'Content-Type': file.endsWith('.json') ? 'application/json' : 'text/javascript' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(page);
    } else if (path.startsWith('/dist/') && !path.includes('..')) {
      const file = path.slice('/dist/'.length);
      if (file.endsWith('.iife.js')) scriptRequests += 1;
      if (released) void sendFile(res, file);
      else held.push(() => void sendFile(res, file));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    release() {
      released = true;
      for (const send of held.splice(0)) send();
    },
    scriptRequests: () => scriptRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
