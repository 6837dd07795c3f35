// Proxy connect on Bun: `bun examples/proxy/bun.mjs`
// Settings from the environment, as in node-http.mjs: OFFERS_UPSTREAM, OFFERS_API_KEY,
// ALLOWED_ORIGINS, TRUST_PROXY, MAX_BODY_BYTES, TIMEOUT_MS, PORT (0: any free port).
/* global Bun */
import { createOffersProxy } from 'adpx-offers/proxy';

const { env } = process;
const numberOr = (value, fallback) => (value ? Number(value) : fallback);

const proxy = createOffersProxy({
  upstream: env.OFFERS_UPSTREAM ?? 'http://127.0.0.1:4173',
  apiKey: env.OFFERS_API_KEY ?? 'demo-key',
  allowedOrigins: (env.ALLOWED_ORIGINS ?? 'http://127.0.0.1:4173,http://localhost:4173').split(','),
  trustProxy: numberOr(env.TRUST_PROXY, false),
  maxBodyBytes: numberOr(env.MAX_BODY_BYTES, undefined),
  timeoutMs: numberOr(env.TIMEOUT_MS, undefined),
});

const server = Bun.serve({
  port: numberOr(env.PORT, 8787),
  hostname: '127.0.0.1',
  // `server.requestIP(request)` is the peer of the TCP connection.
  fetch: (request, server) => proxy(request, { remoteAddress: server.requestIP(request)?.address }),
});
console.info(`offers proxy on http://127.0.0.1:${server.port}/offers-proxy`);
