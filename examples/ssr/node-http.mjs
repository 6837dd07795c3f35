// Server rendering on plain Node `http`: the page's unit is rendered on the server, from offers
// fetched through the proxy handler, and streamed with the page (docs/frameworks.md, "Server
// rendering"). Settings as in examples/proxy/node-http.mjs: OFFERS_UPSTREAM, OFFERS_API_KEY, PORT.
//
//   npm run build && npm start          # terminal 1: the mock offers service on :4173
//   node examples/ssr/node-http.mjs     # terminal 2: this server on :8788
//
// In your app: `import { renderOffers } from 'adpx-offers/ssr'` (and `npm install @lit-labs/ssr`).
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { createOffersProxy, toNodeHandler } from 'adpx-offers/proxy';
import { renderPage } from './page.mjs';

const { env } = process;
const proxy = createOffersProxy({
  upstream: env.OFFERS_UPSTREAM ?? 'http://127.0.0.1:4173',
  apiKey: env.OFFERS_API_KEY ?? 'demo-key', // from your secret store, never from the page
});
const offers = toNodeHandler(proxy);
const script = new URL('../../dist/adpx-offers.ssr.iife.js', import.meta.url);

const server = createServer(async (req, res) => {
  if (req.url?.startsWith('/offers-proxy/')) return offers(req, res);
  if (req.url === '/adpx-offers.ssr.iife.js') {
    res.writeHead(200, { 'Content-Type': 'text/javascript' });
    return res.end(await readFile(script));
  }
  if (req.url !== '/') return res.writeHead(404).end();
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === 'string') headers.set(name, value);
  const page = renderPage(proxy, new Request(`http://${req.headers.host}${req.url}`, { headers }));
  res.writeHead(page.status, Object.fromEntries(page.headers));
  Readable.fromWeb(page.body).pipe(res);
});
server.listen(Number(env.PORT ?? 8788), '127.0.0.1', () => {
  console.info(`server-rendered page on http://127.0.0.1:${server.address().port}/`);
});
