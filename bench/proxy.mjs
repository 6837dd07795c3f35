// `npm run bench:proxy`: throughput and added latency of the offers proxy, measured side by side
// in one run against the mock offers service. Loopback only; bounded in requests and in time.
//
// Three processes: the mock service, the proxy (Node `http` + toNodeHandler) in front of it, and
// this one as the load generator. Rounds alternate direct → proxy and proxy → direct so that drift
// on a shared machine hits both sides alike. Writes bench/results/proxy.json.
//
//   node bench/proxy.mjs [--requests 2000] [--concurrency 50] [--rounds 4] [--warmup 100]
//                        [--serial 300] [--qr]
//
// Two phases: under load (--requests per side at --concurrency: throughput, and latency that
// includes queueing on a busy machine) and serial (--serial per side, one at a time: the latency
// one proxy hop adds when nothing waits).
//
// --qr keeps the QR images in the fixtures: the mock then redraws them on every request (about
// 5 ms of CPU each), which measures the mock more than the proxy. Off by default.
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const KEY = 'bench-key-0123456789';
const DEADLINE_MS = 180_000;
const REQUEST_TIMEOUT_MS = 10_000;

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  const value = index === -1 ? undefined : Number(args[index + 1]);
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > 100_000)
    throw new Error(`--${name} must be 1..100000`);
  return value;
};

const role = args[0];
if (role === '--serve-mock') await serveMock();
else if (role === '--serve-proxy') await serveProxy(args[1]);
else await main();

/** Child: the mock offers service. */
async function serveMock() {
  const { createMockOffersService, fixtureOffers } = await import('../dist/server/mock/index.js');
  const withQr = args.includes('--qr');
  const mock = await createMockOffersService({
    keys: { [KEY]: { offersPerResponse: 3 } },
    fixtures: async (base) =>
      (await fixtureOffers(base)).map((o) => (withQr ? o : { ...o, qr_code_img: '' })),
  });
  process.send({ url: mock.url });
  process.on('disconnect', () => mock.close().then(() => process.exit(0)));
}

/** Child: the proxy in front of the mock. */
async function serveProxy(upstream) {
  const { createOffersProxy, toNodeHandler } = await import('../dist/server/proxy/index.js');
  const server = createServer(toNodeHandler(createOffersProxy({ upstream, apiKey: KEY })));
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send({ url: `http://127.0.0.1:${server.address().port}/offers-proxy` });
  process.on('disconnect', () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}

/** Starts this file in a role and waits for the URL it serves. */
function child(roleArgs) {
  const proc = fork(fileURLToPath(import.meta.url), roleArgs, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    proc.once('message', (message) => resolve({ proc, url: message.url }));
    proc.once('exit', (code) => reject(new Error(`${roleArgs[0]} exited with ${code}`)));
  });
}

/** One offers POST; resolves with its latency in ms, or throws. */
async function once(endpoint, index) {
  const started = performance.now();
  const response = await fetch(`${endpoint}/native/v2/offers.json?api_key=${KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'adpx-bench/1.0' },
    body: JSON.stringify({ placement: `bench-${index}`, adpx_fp: 'benchfp0123456789' }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  const latency = performance.now() - started;
  if (response.status !== 200 || !text.startsWith('{"data"')) throw new Error(`HTTP ${response.status}`);
  return latency;
}

/** `count` requests, `concurrency` at a time: latencies, errors, wall time. */
async function run(endpoint, count, concurrency) {
  const latencies = [];
  const errors = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const index = next++;
      try {
        latencies.push(await once(endpoint, index));
      } catch (error) {
        errors.push(String(error?.message ?? error));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { latencies, errors, wallMs: performance.now() - started };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summarise(parts) {
  const latencies = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const wallMs = parts.reduce((sum, p) => sum + p.wallMs, 0);
  const errors = parts.flatMap((p) => p.errors);
  const round = (n) => Math.round(n * 100) / 100;
  return {
    requests: latencies.length + errors.length,
    errors: errors.length,
    firstErrors: errors.slice(0, 5),
    reqPerSec: round((latencies.length / wallMs) * 1000),
    meanMs: round(latencies.reduce((a, b) => a + b, 0) / latencies.length),
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    p99Ms: round(percentile(latencies, 99)),
  };
}

/** Both sides and what the proxy adds. */
function compare(direct, proxy) {
  const diff = (key) => Math.round((proxy[key] - direct[key]) * 100) / 100;
  return {
    direct,
    proxy,
    addedLatencyMs: {
      meanMs: diff('meanMs'),
      p50Ms: diff('p50Ms'),
      p95Ms: diff('p95Ms'),
      p99Ms: diff('p99Ms'),
    },
    throughputRatio: Math.round((proxy.reqPerSec / direct.reqPerSec) * 1000) / 1000,
  };
}

function printTable(title, { direct, proxy, addedLatencyMs: added, throughputRatio }) {
  const num = (n, width) => n.toFixed(2).padStart(width);
  const row = (name, s) =>
    `${name.padEnd(14)}${String(s.requests).padStart(9)}${String(s.errors).padStart(8)}` +
    `${s.reqPerSec.toFixed(0).padStart(9)}${num(s.p50Ms, 9)}${num(s.p95Ms, 9)}${num(s.p99Ms, 9)}${num(s.meanMs, 9)}`;
  const head = ['requests', 'errors', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'mean ms'];
  console.log(`\n${title}`);
  console.log(
    `${'side'.padEnd(14)}${head[0].padStart(9)}${head[1].padStart(8)}${head
      .slice(2)
      .map((h) => h.padStart(9))
      .join('')}`,
  );
  console.log(row('direct (mock)', direct));
  console.log(row('via proxy', proxy));
  console.log(
    `${'added'.padEnd(14)}${''.padStart(26)}${num(added.p50Ms, 9)}${num(added.p95Ms, 9)}${num(added.p99Ms, 9)}${num(added.meanMs, 9)}`,
  );
  console.log(`throughput via proxy / direct: ${throughputRatio}`);
}

async function main() {
  const requests = option('requests', 2000);
  const concurrency = option('concurrency', 50);
  const rounds = option('rounds', 4);
  const warmup = option('warmup', 100);
  const serial = option('serial', 300);
  const withQr = args.includes('--qr');
  const deadline = Date.now() + DEADLINE_MS;

  const mock = await child(['--serve-mock', ...(withQr ? ['--qr'] : [])]);
  const proxy = await child(['--serve-proxy', mock.url]);
  const targets = { direct: mock.url, proxy: proxy.url };
  let loaded;
  let unloaded;
  try {
    console.log(
      `mock ${mock.url} · proxy ${proxy.url} · ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(2)}`,
    );
    await run(targets.direct, warmup, concurrency);
    await run(targets.proxy, warmup, concurrency);
    const phase = async (count, parallel) => {
      const parts = { direct: [], proxy: [] };
      const perRound = Math.ceil(count / rounds);
      for (let r = 0; r < rounds; r += 1) {
        if (Date.now() > deadline) throw new Error(`over the ${DEADLINE_MS / 1000} s time bound`);
        const order = r % 2 === 0 ? ['direct', 'proxy'] : ['proxy', 'direct'];
        for (const side of order) parts[side].push(await run(targets[side], perRound, parallel));
      }
      return compare(summarise(parts.direct), summarise(parts.proxy));
    };
    loaded = await phase(requests, concurrency);
    printTable(
      `under load: ${requests} requests per side, concurrency ${concurrency}, ${rounds} alternating rounds`,
      loaded,
    );
    unloaded = await phase(serial, 1);
    printTable(`serial: ${serial} requests per side, one at a time`, unloaded);
  } finally {
    mock.proc.disconnect();
    proxy.proc.disconnect();
  }

  const result = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    loadavg: loadavg().map((n) => Math.round(n * 100) / 100),
    settings: { requests, concurrency, rounds, warmup, serial, qrFixtures: withQr },
    underLoad: loaded,
    serial: unloaded,
  };
  const dir = new URL('./results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  writeFileSync(new URL('proxy.json', dir), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written: bench/results/proxy.json`);
  const errors = [loaded, unloaded].flatMap((p) => [...p.direct.firstErrors, ...p.proxy.firstErrors]);
  if (errors.length > 0) {
    console.error('errors:', errors);
    process.exitCode = 1;
  }
}
