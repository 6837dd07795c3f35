// `npm start`: the mock offers service on loopback, serving the demo pages and the built script.
// Works offline. PORT picks the port (default 4173; 0 = any free port).
// `--proxy` (or ADPX_PROXY=1) also starts the offers proxy in this process, in front of the mock
// (PROXY_PORT, default 8787): open /proxy.html, whose page holds no key.
import { createMockOffersService } from '../dist/server/mock/index.js';

const port = Number(process.env.PORT ?? 4173);
const service = await createMockOffersService({
  port,
  static: [
    { prefix: '/dist/', dir: 'dist' },
    { prefix: '/', dir: 'demo' },
  ],
});
console.log(`adpx-offers demo: ${service.url}/`);
console.log(`  mock offers service: POST ${service.url}/native/v2/offers.json?api_key=demo-key`);
console.log(`  beacons received:    ${service.url}/__mock/beacons`);
let proxy;
if (process.argv.includes('--proxy') || process.env.ADPX_PROXY === '1') {
  const { startProxyServer, logLine } = await import('./proxy.mjs');
  proxy = await startProxyServer({
    upstream: service.url,
    apiKey: 'demo-key',
    port: Number(process.env.PROXY_PORT ?? 8787),
    allowedOrigins: [service.url, service.url.replace('127.0.0.1', 'localhost')],
    log: logLine,
  });
  console.log(
    `  proxy connect:       ${service.url}/proxy.html?endpoint=${encodeURIComponent(proxy.endpoint)}`,
  );
}
console.log('Ctrl+C to stop.');

const stop = async () => {
  await proxy?.close();
  await service.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
