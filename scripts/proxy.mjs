// `npm run proxy`: the offers proxy (proxy connect) in front of the mock offers service, on loopback.
// The page's endpoint is then http://127.0.0.1:8787/offers-proxy and it needs no real key.
//
//   PORT             proxy port (default 8787; 0 = any free port)
//   ALLOWED_ORIGINS  comma-separated page origins allowed cross-origin
//                    (default: the demo's, http://127.0.0.1:4173 and http://localhost:4173)
//   ADPX_UPSTREAM    proxy this service instead of starting the mock (needs ADPX_API_KEY)
//   ADPX_API_KEY     the key the proxy adds (default with the mock: demo-key)
//
// Also imported by scripts/demo.mjs (`npm start -- --proxy`): see startProxyServer below.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { createOffersProxy, toNodeHandler } from '../dist/server/proxy/index.js';

/** The path the proxy is mounted at; the SDK posts to `{endpoint}/native/v2/offers.json`. */
export const PROXY_BASE_PATH = '/offers-proxy';

/**
 * Starts the proxy on Node `http`. Answers only under PROXY_BASE_PATH (404 elsewhere).
 * Resolves with `{ url, endpoint, close }`; `endpoint` is what a page sets as the SDK's endpoint.
 */
export async function startProxyServer({
  upstream,
  apiKey,
  port = 8787,
  host = '127.0.0.1',
  allowedOrigins = [],
  log,
}) {
  const proxy = toNodeHandler(createOffersProxy({ upstream, apiKey, allowedOrigins, log }));
  const server = createServer((req, res) => {
    if (req.url === PROXY_BASE_PATH || req.url?.startsWith(`${PROXY_BASE_PATH}/`)) return proxy(req, res);
    res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ message: `The proxy is at ${PROXY_BASE_PATH}/native/v2/offers.json` }));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${server.address().port}`;
  return {
    url,
    endpoint: `${url}${PROXY_BASE_PATH}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** One JSON line per request: the proxy's structured log entry (it never holds the key). */
export const logLine = (entry) => console.log(JSON.stringify({ proxy: entry }));

async function main() {
  const external = process.env.ADPX_UPSTREAM;
  if (external && !process.env.ADPX_API_KEY) {
    console.error('ADPX_UPSTREAM needs ADPX_API_KEY (the key the proxy adds).');
    process.exit(1);
  }
  let mock;
  if (!external) {
    const { createMockOffersService } = await import('../dist/server/mock/index.js');
    mock = await createMockOffersService({ port: Number(process.env.MOCK_PORT ?? 0) });
  }
  const upstream = external ?? mock.url;
  const allowedOrigins = (process.env.ALLOWED_ORIGINS ?? 'http://127.0.0.1:4173,http://localhost:4173')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const proxy = await startProxyServer({
    upstream,
    apiKey: process.env.ADPX_API_KEY ?? 'demo-key',
    port: Number(process.env.PORT ?? 8787),
    allowedOrigins,
    log: logLine,
  });
  console.log(`adpx-offers proxy: ${proxy.endpoint}  →  ${upstream}${mock ? ' (mock offers service)' : ''}`);
  console.log(`  allowed page origins: ${allowedOrigins.join(', ') || '(same-origin only)'}`);
  console.log(`  try: curl -s -X POST '${proxy.endpoint}/native/v2/offers.json?api_key=placeholder' \\`);
  console.log(`         -H 'Content-Type: application/json' -d '{"placement":"checkout"}'`);
  console.log('Ctrl+C to stop.');
  const stop = async () => {
    await proxy.close();
    await mock?.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
