// How each runtime starts its example from examples/proxy/: a child process that prints
// `offers proxy on <endpoint>` (Node, Deno, Bun), or workerd through Miniflare (the worker example
// bundled the way wrangler would, `adpx-offers/proxy` resolved to dist/). Every start is bounded in
// time; a runtime that does not come up rejects, and the suite counts that as a failure.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name) => `${root}node_modules/.bin/${name}`;
const example = (name) => `${root}examples/proxy/${name}`;
const START_TIMEOUT_MS = 30_000;

/** The settings every runtime gets, in the examples' environment variable names. */
export function proxyEnv(settings) {
  return {
    OFFERS_UPSTREAM: settings.upstream,
    OFFERS_API_KEY: settings.apiKey,
    ALLOWED_ORIGINS: settings.allowedOrigins.join(','),
    TRUST_PROXY: String(settings.trustProxy),
    MAX_BODY_BYTES: String(settings.maxBodyBytes),
    TIMEOUT_MS: String(settings.timeoutMs),
    PORT: '0',
  };
}

/** Spawns `command`, resolves with `{ endpoint, output(), stop() }` once it prints its endpoint. */
function startProcess(command, args, env) {
  const proc = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`no endpoint within ${START_TIMEOUT_MS / 1000} s:\n${output}`));
    }, START_TIMEOUT_MS);
    const read = (chunk) => {
      output += chunk;
      const found = /offers proxy on (http:\/\/\S+)/.exec(output);
      if (!found) return;
      clearTimeout(timer);
      proc.stdout.off('data', read);
      proc.stdout.on('data', (more) => (output += more));
      resolve({ endpoint: found[1], output: () => output, stop });
    };
    proc.stdout.setEncoding('utf8').on('data', read);
    proc.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    proc.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening:\n${output}`));
    });
  });
}

/** examples/proxy/worker.mjs as one module, as a Workers bundler would ship it. */
export async function bundleWorker() {
  const { rolldown } = await import('rolldown');
  const bundle = await rolldown({
    input: example('worker.mjs'),
    platform: 'neutral',
    resolve: { alias: { 'adpx-offers/proxy': `${root}dist/server/proxy/index.js` } },
  });
  const { output } = await bundle.generate({ format: 'esm' });
  await bundle.close();
  return output[0].code;
}

async function startWorkerd(env) {
  const { Miniflare } = await import('miniflare');
  const { PORT: _port, ...bindings } = env;
  const mf = new Miniflare({
    modules: true,
    script: await bundleWorker(),
    compatibilityDate: '2025-01-01',
    bindings,
    host: '127.0.0.1',
    port: 0,
  });
  const url = await mf.ready;
  return { endpoint: new URL('/offers-proxy', url).href, output: () => '', stop: () => mf.dispose() };
}

/** The four runtimes, by name: each starts its example with the given environment. */
export const RUNTIMES = {
  node: (env) => startProcess(process.execPath, [example('node-http.mjs')], env),
  workerd: (env) => startWorkerd(env),
  deno: (env) => startProcess(bin('deno'), ['run', '--allow-net', '--allow-env', example('deno.mjs')], env),
  bun: (env) => startProcess(bin('bun'), [example('bun.mjs')], env),
};
