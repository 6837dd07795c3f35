// `npm run bench:proxy`: throughput and added latency of the offers proxy, measured side by side
// in one run against the mock offers service. Loopback only; bounded in requests and in time.
//
// Five sides, each in its own process: the mock service (direct), and four hops in front of it
// (bench/proxy-hops.mjs): our proxy and a minimal hand-written pass-through, each on Node `http`
// and on workerd. This process is the load generator. Rounds alternate the order of the sides so
// that drift on a shared machine hits all alike. The figures that matter: ours against the
// minimal hop on the same runtime. Writes bench/results/proxy.json.
//
//   node bench/proxy.mjs [--requests 2000] [--concurrency 50] [--rounds 4] [--warmup 100]
//                        [--serial 300] [--qr] [--only node|workerd]
//
// Two phases: under load (--requests per side at --concurrency: throughput, and latency that
// includes queueing on a busy machine) and serial (--serial per side, one at a time: the latency
// one proxy hop adds when nothing waits).
//
// --qr keeps the QR images in the fixtures: the mock then redraws them on every request (about
// 5 ms of CPU each), which measures the mock more than the proxy. Off by default.
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { HOPS, serveHop } from './proxy-hops.mjs';

const KEY = 'bench-key-0123456789';
const DEADLINE_MS = 600_000;
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
else if (role === '--serve-hop') await serveHopChild(args[1], args[2]);
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

/** Child: one hop in front of the mock (bench/proxy-hops.mjs). */
async function serveHopChild(name, upstream) {
  const hop = await serveHop(name, upstream, KEY);
  process.send({ url: hop.url });
  process.on('disconnect', () => hop.close().then(() => process.exit(0)));
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

function round2(n) {
  return Math.round(n * 100) / 100;
}

/** Ours against the minimal hop on one runtime (and both against the service itself). */
function compare(sides, runtime) {
  const minimal = sides[`${runtime}-minimal`];
  const ours = sides[`${runtime}-ours`];
  const added = (side, key) => round2(side[key] - sides.direct[key]);
  return {
    throughputOursToMinimal: Math.round((ours.reqPerSec / minimal.reqPerSec) * 1000) / 1000,
    throughputOursToDirect: Math.round((ours.reqPerSec / sides.direct.reqPerSec) * 1000) / 1000,
    addedP50Ms: { minimal: added(minimal, 'p50Ms'), ours: added(ours, 'p50Ms') },
    oursOverMinimalP50Ms: round2(ours.p50Ms - minimal.p50Ms),
  };
}

function printTable(title, sides, comparisons) {
  const num = (n, width) => n.toFixed(2).padStart(width);
  const head = ['requests', 'errors', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'mean ms'];
  console.log(`\n${title}`);
  console.log(`${'side'.padEnd(17)}${head.map((h) => h.padStart(9)).join('')}`);
  for (const [name, s] of Object.entries(sides)) {
    console.log(
      `${name.padEnd(17)}${String(s.requests).padStart(9)}${String(s.errors).padStart(9)}` +
        `${s.reqPerSec.toFixed(0).padStart(9)}${num(s.p50Ms, 9)}${num(s.p95Ms, 9)}${num(s.p99Ms, 9)}${num(s.meanMs, 9)}`,
    );
  }
  for (const [runtime, c] of Object.entries(comparisons)) {
    console.log(
      `${runtime}: ours/minimal throughput ${c.throughputOursToMinimal} (ours/direct ${c.throughputOursToDirect}); ` +
        `p50 added over direct: minimal ${c.addedP50Ms.minimal} ms, ours ${c.addedP50Ms.ours} ms ` +
        `(ours − minimal ${c.oursOverMinimalP50Ms} ms)`,
    );
  }
}

async function main() {
  const requests = option('requests', 2000);
  const concurrency = option('concurrency', 50);
  const rounds = option('rounds', 4);
  const warmup = option('warmup', 100);
  const serial = option('serial', 300);
  const withQr = args.includes('--qr');
  const deadline = Date.now() + DEADLINE_MS;
  const loadBefore = loadavg()[0];

  const mock = await child(['--serve-mock', ...(withQr ? ['--qr'] : [])]);
  const hops = [];
  const results = {};
  try {
    const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
    for (const name of HOPS.filter((hop) => only === undefined || hop.startsWith(`${only}-`)))
      hops.push({ name, ...(await child(['--serve-hop', name, mock.url])) });
    const targets = { direct: mock.url, ...Object.fromEntries(hops.map((hop) => [hop.name, hop.url])) };
    console.log(`mock ${mock.url} · ${cpus().length} CPUs, load average ${loadBefore.toFixed(2)}`);
    for (const url of Object.values(targets)) await run(url, warmup, concurrency);
    const phase = async (count, parallel) => {
      const parts = Object.fromEntries(Object.keys(targets).map((side) => [side, []]));
      const perRound = Math.ceil(count / rounds);
      for (let r = 0; r < rounds; r += 1) {
        if (Date.now() > deadline) throw new Error(`over the ${DEADLINE_MS / 1000} s time bound`);
        const order = r % 2 === 0 ? Object.keys(targets) : Object.keys(targets).reverse();
        for (const side of order) parts[side].push(await run(targets[side], perRound, parallel));
      }
      const sides = Object.fromEntries(Object.entries(parts).map(([side, p]) => [side, summarise(p)]));
      const runtimes = ['node', 'workerd'].filter((runtime) => `${runtime}-ours` in sides);
      return { sides, comparisons: Object.fromEntries(runtimes.map((rt) => [rt, compare(sides, rt)])) };
    };
    results.underLoad = await phase(requests, concurrency);
    printTable(
      `under load: ${requests} requests per side, concurrency ${concurrency}, ${rounds} alternating rounds`,
      results.underLoad.sides,
      results.underLoad.comparisons,
    );
    results.serial = await phase(serial, 1);
    printTable(
      `serial: ${serial} requests per side, one at a time`,
      results.serial.sides,
      results.serial.comparisons,
    );
  } finally {
    mock.proc.disconnect();
    for (const hop of hops) hop.proc.disconnect();
  }

  const result = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    loadavg: { before: round2(loadBefore), after: round2(loadavg()[0]) },
    settings: { requests, concurrency, rounds, warmup, serial, qrFixtures: withQr },
    ...results,
  };
  const dir = new URL('./results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  writeFileSync(new URL('proxy.json', dir), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written: bench/results/proxy.json`);
  const errors = [results.underLoad, results.serial].flatMap((p) =>
    Object.values(p.sides).flatMap((side) => side.firstErrors),
  );
  if (errors.length > 0) {
    console.error('errors:', errors);
    process.exitCode = 1;
  }
}
