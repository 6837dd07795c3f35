// Proxy connect as Express (or Connect) middleware. `npm install express` first; Express is not a
// dependency of adpx-offers. Mount the proxy under its own path, before any body parser (a body
// that `express.json()` already read is taken from `req.body`, but streaming it is cheaper).
//
//   node examples/proxy/express.mjs      # with the mock of `npm start` on :4173
import express from 'express';
import { createOffersProxy, toNodeHandler } from 'adpx-offers/proxy';

const app = express();
app.set('trust proxy', false);

const proxy = createOffersProxy({
  upstream: process.env.OFFERS_UPSTREAM ?? 'http://127.0.0.1:4173',
  apiKey: process.env.OFFERS_API_KEY ?? 'demo-key',
  // Pages on the same origin as this server need nothing here.
  allowedOrigins: ['https://shop.example'],
  // Publisher logic: add keys, or veto (403) — e.g. only logged-in users, only known placements.
  transformBody: (body, request, info) => {
    if (!['checkout', 'checkout_confirmation', 'article_end'].includes(String(body.placement))) return false;
    return { ...body, subid: 'web', country: request.headers.get('cf-ipcountry') ?? undefined, ip: info.ip };
  },
});

// Express strips '/offers-proxy' from req.url; the proxy reads req.originalUrl, and answers any
// path ending in /native/v2/offers.json or /native/v4/offers.json.
app.use('/offers-proxy', toNodeHandler(proxy));

app.use(express.json()); // the rest of your app
app.listen(Number(process.env.PORT ?? 8787), '127.0.0.1');
