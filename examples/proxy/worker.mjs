// Proxy connect in a fetch-native runtime with `export default { fetch }`: Cloudflare Workers,
// and the same shape works for Bun (`bun run`), Deno (`deno serve`) and other edge runtimes —
// there, pass the peer address instead of CF-Connecting-IP, which any client can send them.
// Route `/offers-proxy/*` of your site to this worker; set the secrets in the platform:
//   OFFERS_UPSTREAM   base URL of the offers service
//   OFFERS_API_KEY    the key (a secret binding; never in the page)
//   ALLOWED_ORIGINS   comma-separated page origins, if pages on other origins call it
//   TRUST_PROXY, MAX_BODY_BYTES, TIMEOUT_MS   optional, as in node-http.mjs
import { createOffersProxy } from 'adpx-offers/proxy';

let proxy;
const numberOr = (value, fallback) => (value ? Number(value) : fallback);

export default {
  async fetch(request, env) {
    proxy ??= createOffersProxy({
      upstream: env.OFFERS_UPSTREAM,
      apiKey: env.OFFERS_API_KEY,
      allowedOrigins: env.ALLOWED_ORIGINS ? env.ALLOWED_ORIGINS.split(',') : [],
      trustProxy: numberOr(env.TRUST_PROXY, false),
      maxBodyBytes: numberOr(env.MAX_BODY_BYTES, undefined),
      timeoutMs: numberOr(env.TIMEOUT_MS, 5_000),
    });
    // Cloudflare sets CF-Connecting-IP from the connection itself (a client cannot forge it there);
    // elsewhere pass the runtime's peer address (see deno.mjs, bun.mjs).
    return proxy(request, { remoteAddress: request.headers.get('cf-connecting-ip') ?? undefined });
  },
};
