// Proxy connect on Bun: `bun examples/proxy/bun.mjs`
/* global Bun */
import { createOffersProxy } from 'adpx-offers/proxy';

const proxy = createOffersProxy({
  upstream: process.env.OFFERS_UPSTREAM ?? 'http://127.0.0.1:4173',
  apiKey: process.env.OFFERS_API_KEY ?? 'demo-key',
  allowedOrigins: ['http://127.0.0.1:4173', 'http://localhost:4173'],
});

Bun.serve({
  port: 8787,
  hostname: '127.0.0.1',
  // `server.requestIP(request)` is the peer of the TCP connection.
  fetch: (request, server) => proxy(request, { remoteAddress: server.requestIP(request)?.address }),
});
