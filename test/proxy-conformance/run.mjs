// `npm run test:proxy`: the proxy conformance table (cases.mjs) against each runtime's example
// (runtimes.mjs), one runtime at a time, all against one mock offers service on loopback. Needs
// `npm run build` (the examples import `adpx-offers/proxy`, i.e. dist/). A runtime that cannot
// start fails the run; so does any case on any runtime. Prints a runtime × case matrix.
//
//   node test/proxy-conformance/run.mjs [node|workerd|deno|bun ...]
import { CASES, SERVER_KEY, SETTINGS } from './cases.mjs';
import { RUNTIMES, proxyEnv } from './runtimes.mjs';

const CASE_TIMEOUT_MS = 15_000;

async function startMock() {
  const { createMockOffersService, fixtureOffers } = await import('../../dist/server/mock/index.js');
  return createMockOffersService({
    keys: { [SERVER_KEY]: { offersPerResponse: 3 } },
    fixtures: async (base) => (await fixtureOffers(base)).map((offer) => ({ ...offer, qr_code_img: '' })),
  });
}

function withTimeout(promise, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no result within ${CASE_TIMEOUT_MS} ms`)),
      CASE_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs every case on one runtime; resolves with `{ runtime, failures, passed }`. */
async function runRuntime(name, mock) {
  const settings = { ...SETTINGS, upstream: mock.url };
  const failures = [];
  let passed = 0;
  let running;
  const started = performance.now();
  try {
    running = await RUNTIMES[name](proxyEnv(settings));
  } catch (error) {
    failures.push({ name: 'starts from its example', error });
    return { runtime: name, failures, passed };
  }
  try {
    for (const testCase of CASES) {
      mock.reset();
      try {
        await withTimeout(testCase.run({ endpoint: running.endpoint, mock, settings }), testCase.name);
        passed += 1;
      } catch (error) {
        failures.push({ name: testCase.name, error });
      }
    }
  } finally {
    await running.stop();
  }
  if (running.output().includes(SERVER_KEY)) {
    failures.push({ name: 'the key is nowhere in the runtime’s output', error: new Error('key in output') });
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(`${name}: ${passed}/${CASES.length} cases passed in ${seconds} s`);
  for (const { name: caseName, error } of failures)
    console.error(`  ✗ ${caseName}\n    ${error?.message ?? error}`);
  return { runtime: name, failures, passed };
}

async function main() {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(name in RUNTIMES));
  if (unknown.length > 0)
    throw new Error(`unknown runtime ${unknown.join(', ')}; known: ${Object.keys(RUNTIMES).join(', ')}`);
  const names = asked.length > 0 ? asked : Object.keys(RUNTIMES);
  const mock = await startMock();
  const results = [];
  try {
    for (const name of names) results.push(await runRuntime(name, mock));
  } finally {
    await mock.close();
  }
  const failed = results.filter((result) => result.failures.length > 0);
  console.info(
    failed.length === 0
      ? `proxy conformance: ${CASES.length} cases pass on ${names.join(', ')}`
      : `proxy conformance FAILED on ${failed.map((result) => result.runtime).join(', ')}`,
  );
  process.exitCode = failed.length === 0 ? 0 : 1;
}

await main();
