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
  /** The paths the page asked for, in order. */
  requested(): string[];
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
  /**
   * An ESM entry of dist/ to load as a module instead of a script-tag file (`define.js`), with an
   * import map to lit and dompurify in node_modules (held back with it), as a page without a
   * bundler does.
   */
  module?: string;
  /** The markup in place of the server-rendered unit (a page without one). */
  unit?: string;
  /** Markup at the start of the head, before any script (the engine suite's recorder). */
  head?: string;
  /** Paths answered 404 (a chunk that fails to load). */
  missing?: string[];
}

/** The package's dependencies for a page that loads dist/ as native modules. */
const IMPORT_MAP = JSON.stringify({
  imports: {
    lit: '/node_modules/lit/index.js',
    'lit/': '/node_modules/lit/',
    'lit-html': '/node_modules/lit-html/lit-html.js',
    'lit-html/': '/node_modules/lit-html/',
    'lit-element/': '/node_modules/lit-element/',
    '@lit/reactive-element': '/node_modules/@lit/reactive-element/reactive-element.js',
    '@lit/reactive-element/': '/node_modules/@lit/reactive-element/',
    dompurify: '/node_modules/dompurify/dist/purify.es.mjs',
  },
});

type RenderOffers = (options: Record<string, unknown>) => Promise<string>;
type FetchOffers = (options: Record<string, unknown>) => Promise<unknown>;

const dist = (file: string) => new URL(`../dist/${file}`, import.meta.url);
const modules = (file: string) => new URL(`../node_modules/${file}`, import.meta.url);

export async function startSsrPage(mock: MockOffersService, options: SsrPageOptions = {}): Promise<SsrPage> {
  const { renderOffers } = (await import(dist('server/ssr/index.js').href)) as { renderOffers: RenderOffers };
  const { fetchOffers } = (await import(dist('index.js').href)) as { fetchOffers: FetchOffers };
  const response =
    options.response ??
    (await fetchOffers({ endpoint: mock.url, apiKey: 'test-key', placement: 'checkout' }));
  const unit =
    options.unit ??
    (await renderOffers({
      response,
      'api-key': 'test-key',
      endpoint: mock.url,
      placement: 'checkout',
      ...options.attributes,
    }));
  const script = options.script ?? 'adpx-offers.ssr.iife.js';
  const page = `<!doctype html>
<html lang="${options.pageLang ?? 'en'}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Server-rendered unit</title>
    ${options.head ?? ''}
    ${
      options.module
        ? `<script type="importmap">${IMPORT_MAP}</script>\n    <script type="module" src="/dist/${options.module}"></script>`
        : `<script defer src="/dist/${script}"></script>`
    }
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
  const requested: string[] = [];
  const held: Array<() => void> = [];
  const sendFile = async (res: ServerResponse, file: URL) => {
    try {
      const body = await readFile(file);
      const type = file.pathname.endsWith('.json') ? 'application/json' : 'text/javascript';
      res.writeHead(200, { 'Content-Type': type });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    requested.push(path);
    const file =
      path.includes('..') || options.missing?.includes(path)
        ? undefined
        : path.startsWith('/dist/')
          ? dist(path.slice('/dist/'.length))
          : path.startsWith('/node_modules/')
            ? modules(path.slice('/node_modules/'.length))
            : undefined;
    if (path === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(page);
    } else if (file) {
      if (path.endsWith('.iife.js') || path === `/dist/${options.module}`) scriptRequests += 1;
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
    requested: () => [...requested],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
