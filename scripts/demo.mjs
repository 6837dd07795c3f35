// `npm start`: the mock offers service on loopback, serving the demo pages and the built script.
// Works offline. PORT picks the port (default 4173; 0 = any free port).
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
console.log('Ctrl+C to stop.');

const stop = async () => {
  await service.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
