// Proxy connect on Deno: `deno run --allow-net --allow-env examples/proxy/deno.mjs`
// (with `adpx-offers` from npm: `import { createOffersProxy } from 'npm:adpx-offers/proxy'`).
/* global Deno */
import { createOffersProxy } from 'adpx-offers/proxy';

const proxy = createOffersProxy({
  upstream: Deno.env.get('OFFERS_UPSTREAM') ?? 'http://127.0.0.1:4173',
  apiKey: Deno.env.get('OFFERS_API_KEY') ?? 'demo-key',
  allowedOrigins: ['http://127.0.0.1:4173', 'http://localhost:4173'],
});

// `info.remoteAddr` is the peer of the TCP connection: the end user's IP without a proxy in front.
Deno.serve({ port: 8787, hostname: '127.0.0.1' }, (request, info) =>
  proxy(request, { remoteAddress: info.remoteAddr.hostname }),
);
