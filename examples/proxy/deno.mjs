// Proxy connect on Deno: `deno run --allow-net --allow-env examples/proxy/deno.mjs`
// (with `adpx-offers` from npm: `import { createOffersProxy } from 'npm:adpx-offers/proxy'`).
// Settings from the environment, as in node-http.mjs: OFFERS_UPSTREAM, OFFERS_API_KEY,
// ALLOWED_ORIGINS, TRUST_PROXY, MAX_BODY_BYTES, TIMEOUT_MS, PORT (0: any free port).
/* global Deno */
import { createOffersProxy } from 'adpx-offers/proxy';

const env = (name) => Deno.env.get(name);
const numberOr = (value, fallback) => (value ? Number(value) : fallback);

const proxy = createOffersProxy({
  upstream: env('OFFERS_UPSTREAM') ?? 'http://127.0.0.1:4173',
  apiKey: env('OFFERS_API_KEY') ?? 'demo-key',
  allowedOrigins: (env('ALLOWED_ORIGINS') ?? 'http://127.0.0.1:4173,http://localhost:4173').split(','),
  trustProxy: numberOr(env('TRUST_PROXY'), false),
  maxBodyBytes: numberOr(env('MAX_BODY_BYTES'), undefined),
  timeoutMs: numberOr(env('TIMEOUT_MS'), undefined),
});

// `info.remoteAddr` is the peer of the TCP connection: the end user's IP without a proxy in front.
Deno.serve(
  {
    port: numberOr(env('PORT'), 8787),
    hostname: '127.0.0.1',
    onListen: ({ port }) => console.info(`offers proxy on http://127.0.0.1:${port}/offers-proxy`),
  },
  (request, info) => proxy(request, { remoteAddress: info.remoteAddr.hostname }),
);
