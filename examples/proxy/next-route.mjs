// Proxy connect as a framework route handler — Next.js App Router shown; SvelteKit, Remix, Astro,
// Hono and others take the same `(request) => Response` function.
// File: app/offers-proxy/[...path]/route.js  → the SDK's endpoint is https://your-site/offers-proxy
import { createOffersProxy } from 'adpx-offers/proxy';

const proxy = createOffersProxy({
  upstream: process.env.OFFERS_UPSTREAM,
  apiKey: process.env.OFFERS_API_KEY,
  // Route handlers see no socket: behind your platform's proxy (e.g. Vercel), trust the one hop
  // that sets X-Forwarded-For.
  trustProxy: 1,
});

export const POST = (request) => proxy(request);
export const OPTIONS = (request) => proxy(request);
export const dynamic = 'force-dynamic';
