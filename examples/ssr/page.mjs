// The part of the server-rendering recipes that every runtime shares: ask the offers proxy handler
// for the page's offers (in-process: no second hop over the network), render the unit, and stream
// the page with the card in it. The script (`adpx-offers.ssr.iife.js`) takes the unit over.
import { renderOffers } from 'adpx-offers/ssr';

/** The offers of one placement, through the proxy handler, for the visitor of `request`. */
async function offersFor(proxy, request, placement) {
  const headers = { 'Content-Type': 'application/json' };
  const userAgent = request.headers.get('user-agent');
  if (userAgent) headers['User-Agent'] = userAgent;
  const answer = await proxy(
    new Request(new URL('/offers-proxy/native/v2/offers.json', request.url), {
      method: 'POST',
      headers,
      body: JSON.stringify({ placement }),
    }),
  );
  return answer.ok ? answer.json() : undefined;
}

/**
 * A streamed page: its head goes out at once, the unit as soon as the offers are there. Without
 * offers (or when rendering fails) the unit is left out and the page goes on.
 */
export function renderPage(proxy, request, { script = '/adpx-offers.ssr.iife.js' } = {}) {
  const encoder = new TextEncoder();
  const stream = new ReadableStream({
    async start(controller) {
      controller.enqueue(
        encoder.encode(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Checkout</title><script defer src="${script}"></script></head>
<body><h1>Thank you for your order</h1>
`),
      );
      const response = await offersFor(proxy, request, 'checkout').catch(() => undefined);
      const unit = response
        ? await renderOffers({ response, placement: 'checkout', endpoint: '/offers-proxy' }).catch(() => '')
        : '';
      controller.enqueue(encoder.encode(`${unit}\n</body>\n</html>\n`));
      controller.close();
    },
  });
  return new Response(stream, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}
