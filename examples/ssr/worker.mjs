// Server rendering in an edge worker (`export default { fetch }`: Cloudflare Workers/workerd): the
// unit is rendered in the worker from offers fetched through the proxy handler, and the page is
// streamed. Bindings as in examples/proxy/worker.mjs: OFFERS_UPSTREAM, OFFERS_API_KEY. Bundle it
// with the "node" export condition (Lit's server build; wrangler: `conditions = ["node"]` or
// `nodejs_compat`), and serve adpx-offers.ssr.iife.js as a static asset.
import { createOffersProxy } from 'adpx-offers/proxy';
import { renderPage } from './page.mjs';

let proxy;

export default {
  async fetch(request, env) {
    proxy ??= createOffersProxy({ upstream: env.OFFERS_UPSTREAM, apiKey: env.OFFERS_API_KEY });
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/offers-proxy/')) return proxy(request);
    if (pathname === '/') return renderPage(proxy, request);
    return new Response('not found', { status: 404 });
  },
};
