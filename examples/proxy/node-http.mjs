// Proxy connect on plain Node `http`: the publisher's server holds the key; pages call
// https://your-site/offers-proxy (the SDK's `endpoint`) and never see the key.
//
//   npm run build && npm start            # terminal 1: the mock offers service on :4173
//   node examples/proxy/node-http.mjs     # terminal 2: this server on :8787
//   curl -s -X POST 'http://127.0.0.1:8787/offers-proxy/native/v2/offers.json' \
//        -H 'Content-Type: application/json' -d '{"placement":"checkout"}'
//
// In your app: `import { createOffersProxy, toNodeHandler } from 'adpx-offers/proxy'`.
import { createServer } from 'node:http';
import { createOffersProxy, toNodeHandler } from 'adpx-offers/proxy';

const proxy = createOffersProxy({
  upstream: process.env.OFFERS_UPSTREAM ?? 'http://127.0.0.1:4173',
  apiKey: process.env.OFFERS_API_KEY ?? 'demo-key', // from your secret store, never from the page
  allowedOrigins: ['http://127.0.0.1:4173', 'http://localhost:4173'], // pages on other origins
  trustProxy: false, // true (or the number of proxies) only behind a proxy that sets X-Forwarded-For
  log: (entry) => console.info(JSON.stringify(entry)),
});
const offers = toNodeHandler(proxy);

const server = createServer((req, res) => {
  if (req.url?.startsWith('/offers-proxy/')) return offers(req, res);
  res.writeHead(404).end();
});
server.listen(Number(process.env.PORT ?? 8787), '127.0.0.1', () => {
  console.info(`offers proxy on http://127.0.0.1:${server.address().port}/offers-proxy`);
});
