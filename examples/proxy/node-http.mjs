// Proxy connect on plain Node `http`: the publisher's server holds the key; pages call
// https://your-site/offers-proxy (the SDK's `endpoint`) and never see the key.
//
//   npm run build && npm start            # terminal 1: the mock offers service on :4173
//   node examples/proxy/node-http.mjs     # terminal 2: this server on :8787
//   curl -s -X POST 'http://127.0.0.1:8787/offers-proxy/native/v2/offers.json' \
//        -H 'Content-Type: application/json' -d '{"placement":"checkout"}'
//
// Settings from the environment (the same in every example of this folder): OFFERS_UPSTREAM,
// OFFERS_API_KEY, ALLOWED_ORIGINS (comma-separated), TRUST_PROXY (number of proxies in front),
// MAX_BODY_BYTES, TIMEOUT_MS, PORT (0: any free port; the line printed at start names it).
//
// In your app: `import { createOffersProxy, toNodeHandler } from 'adpx-offers/proxy'`.
import { createServer } from 'node:http';
import { createOffersProxy, toNodeHandler } from 'adpx-offers/proxy';

const { env } = process;
const numberOr = (value, fallback) => (value ? Number(value) : fallback);

const proxy = createOffersProxy({
  upstream: env.OFFERS_UPSTREAM ?? 'http://127.0.0.1:4173',
  apiKey: env.OFFERS_API_KEY ?? 'demo-key', // from your secret store, never from the page
  // Pages on other origins that may call the proxy (its own origin always may).
  allowedOrigins: (env.ALLOWED_ORIGINS ?? 'http://127.0.0.1:4173,http://localhost:4173').split(','),
  // A number (or true) only behind proxies that set X-Forwarded-For: a browser can forge it.
  trustProxy: numberOr(env.TRUST_PROXY, false),
  maxBodyBytes: numberOr(env.MAX_BODY_BYTES, undefined),
  timeoutMs: numberOr(env.TIMEOUT_MS, undefined),
  log: (entry) => console.info(JSON.stringify(entry)),
});
const offers = toNodeHandler(proxy);

const server = createServer((req, res) => {
  if (req.url?.startsWith('/offers-proxy/')) return offers(req, res);
  res.writeHead(404).end();
});
server.listen(numberOr(env.PORT, 8787), '127.0.0.1', () => {
  console.info(`offers proxy on http://127.0.0.1:${server.address().port}/offers-proxy`);
});
