// Runs INSIDE the temporary project that installed the packed tarball (scripts/pack-check.mjs):
// Node imports `adpx-offers/mock` and `adpx-offers/proxy` as a user's server would, checks them,
// then serves this folder (the plain page, node_modules, the Vite build) for the browser part.
// Prints one JSON line on stdout: the URLs and what it checked. Stops on SIGTERM or stdin end.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createMockOffersService, qrCodeAvailable } from 'adpx-offers/mock';
import { createOffersProxy, toNodeHandler } from 'adpx-offers/proxy';

const here = fileURLToPath(new URL('.', import.meta.url));

function check(ok, what) {
  if (!ok) throw new Error(`pack check (node): ${what}`);
}

const warnings = [];
const warn = console.warn;
console.warn = (...args) => {
  warnings.push(args.join(' '));
  warn(...args);
};

const mock = await createMockOffersService({ static: [{ prefix: '/', dir: here }] });
const proxy = createOffersProxy({ upstream: mock.url, apiKey: 'demo-key', allowedOrigins: [mock.url] });
const proxyServer = createServer(toNodeHandler(proxy));
await new Promise((resolve) => proxyServer.listen(0, '127.0.0.1', resolve));
const proxyUrl = `http://127.0.0.1:${proxyServer.address().port}/offers-proxy`;

// The mock answers directly; qrcode is an optional peer that a plain install does not bring.
const direct = await fetch(`${mock.url}/native/v4/offers.json?api_key=demo-key`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ placement: 'checkout' }),
});
check(direct.status === 200, `mock answered ${direct.status}`);
const offers = (await direct.json()).data.offers;
check(offers.length > 0, 'mock served no offers');
check(qrCodeAvailable() === false, 'qrcode is installed, yet it is only an optional peer dependency');
check(
  offers.every((o) => o.qr_code_img === ''),
  'offers carry a QR code without the qrcode package',
);
const qrWarnings = warnings.filter((w) => w.includes('npm install -D qrcode'));
check(qrWarnings.length === 1, `expected one qrcode warning, got ${qrWarnings.length}`);

// The proxy forwards with the server's key, never the page's placeholder.
const proxied = await fetch(`${proxyUrl}/native/v4/offers.json?api_key=placeholder`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ placement: 'checkout' }),
});
check(proxied.status === 200, `proxy answered ${proxied.status}`);
check((await proxied.json()).data.offers.length === offers.length, 'proxy changed the offers');
const upstream = mock.requests().at(-1);
check(upstream?.query.api_key === 'demo-key', 'proxy did not inject the server key');

console.info(
  JSON.stringify({ mockUrl: mock.url, proxyUrl, offers: offers.length, qrWarning: qrWarnings[0] }),
);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await new Promise((resolve) => proxyServer.close(resolve));
  await mock.close();
  process.exit(0);
}
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
