// `npm run test:ssr`: the `renderOffers` conformance table (cases.mjs) on Node, workerd (through
// Miniflare, bundled as a Workers bundler would), Deno and Bun, then the server-rendering recipes
// of examples/ssr/ (plain Node `http` and a worker in workerd) against the mock offers service:
// each fetches through the proxy handler, renders the unit and streams the page. Needs
// `npm run build`. Prints one line per runtime and recipe; any failure fails the run.
//
//   node test/ssr-conformance/run.mjs [node|workerd|deno|bun|recipes ...]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CASES } from './cases.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name) => `${root}node_modules/.bin/${name}`;
const TIMEOUT_MS = 120_000;

/** Runs `command` until it exits; resolves with its output. */
function run(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const proc = spawn(command, args, { cwd: root, env: { ...process.env, ...env, NO_COLOR: '1' } });
    let output = '';
    const timer = setTimeout(() => proc.kill('SIGTERM'), TIMEOUT_MS);
    proc.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    proc.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    proc.once('error', reject);
    proc.once('exit', () => {
      clearTimeout(timer);
      resolve(output);
    });
  });
}

/** The table's result from a runtime's output line. */
function resultOf(output) {
  const line = /ssr-result (\{.*\})/.exec(output);
  if (!line) throw new Error(`no result:\n${output.slice(-2000)}`);
  return JSON.parse(line[1]);
}

/**
 * A module bundled for workerd as wrangler would: `node` export conditions (Lit's server build) and
 * `nodejs_compat`, the package from dist/.
 */
async function bundle(input) {
  const { rolldown } = await import('rolldown');
  const built = await rolldown({
    input,
    platform: 'neutral',
    // Node built-ins come from workerd's `nodejs_compat` (Lit's server build reads `buffer`).
    plugins: [
      {
        name: 'node-built-ins',
        resolveId: (id) =>
          id === 'buffer' || id.startsWith('node:')
            ? { id: `node:${id.replace(/^node:/, '')}`, external: true }
            : null,
      },
    ],
    resolve: {
      conditionNames: ['node', 'import', 'default'],
      mainFields: ['module', 'main'],
      alias: {
        'adpx-offers/proxy': `${root}dist/server/proxy/index.js`,
        'adpx-offers/ssr': `${root}dist/server/ssr/index.js`,
      },
    },
  });
  const { output } = await built.generate({ format: 'esm', codeSplitting: false });
  await built.close();
  return output[0].code;
}

async function inWorkerd(input, bindings, path = '/') {
  const { Miniflare } = await import('miniflare');
  const mf = new Miniflare({
    modules: [{ type: 'ESModule', path: `${root}worker.bundle.mjs`, contents: await bundle(input) }],
    compatibilityDate: '2025-01-01',
    compatibilityFlags: ['nodejs_compat'],
    bindings,
  });
  try {
    const answer = await mf.dispatchFetch(`http://localhost${path}`);
    return await answer.text();
  } finally {
    await mf.dispose();
  }
}

const main = `${root}test/ssr-conformance/main.mjs`;

const RUNTIMES = {
  node: async () => resultOf(await run(process.execPath, [main])),
  deno: async () => resultOf(await run(bin('deno'), ['run', '--allow-read', '--allow-env', main])),
  bun: async () => resultOf(await run(bin('bun'), [main])),
  workerd: async () => JSON.parse(await inWorkerd(`${root}test/ssr-conformance/worker.mjs`, {})),
};

/** The page a recipe served has the unit with its first card in a declarative shadow root. */
function checkPage(html, mock) {
  const found = mock.requests().length;
  if (found !== 1) throw new Error(`the service got ${found} requests, expected 1`);
  if (!/<adpx-offers[^>]*>\s*<template shadowroot="open" shadowrootmode="open">/.test(html))
    throw new Error(`no server-rendered unit:\n${html.slice(0, 1000)}`);
  if (!html.includes('</h2>') || !html.trimEnd().endsWith('</html>'))
    throw new Error('no card, or a cut page');
}

async function nodeRecipe(mock) {
  const { spawn: start } = await import('node:child_process');
  const proc = start(process.execPath, [`${root}examples/ssr/node-http.mjs`], {
    cwd: root,
    env: { ...process.env, OFFERS_UPSTREAM: mock.url, OFFERS_API_KEY: 'demo-key', PORT: '0' },
  });
  try {
    const url = await new Promise((resolve, reject) => {
      let output = '';
      proc.stdout.setEncoding('utf8').on('data', (chunk) => {
        output += chunk;
        const found = /on (http:\/\/\S+)/.exec(output);
        if (found) resolve(found[1]);
      });
      proc.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
      proc.once('exit', () => reject(new Error(`exited:\n${output}`)));
    });
    checkPage(await (await fetch(url)).text(), mock);
  } finally {
    proc.kill('SIGTERM');
  }
}

async function workerRecipe(mock) {
  const html = await inWorkerd(`${root}examples/ssr/worker.mjs`, {
    OFFERS_UPSTREAM: mock.url,
    OFFERS_API_KEY: 'demo-key',
  });
  checkPage(html, mock);
}

async function main_() {
  const asked = process.argv.slice(2);
  const names = asked.length > 0 ? asked : [...Object.keys(RUNTIMES), 'recipes'];
  let failed = false;
  for (const name of names.filter((n) => n in RUNTIMES)) {
    const started = performance.now();
    try {
      const { passed, failures } = await RUNTIMES[name]();
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.info(`${name}: ${passed}/${CASES.length} cases passed in ${seconds} s`);
      for (const failure of failures) console.error(`  ✗ ${failure.name}\n    ${failure.message}`);
      failed ||= failures.length > 0 || passed !== CASES.length;
    } catch (error) {
      console.error(`${name}: did not run\n  ${error?.stack ?? error}`);
      failed = true;
    }
  }
  if (names.includes('recipes')) {
    const { createMockOffersService } = await import('../../dist/server/mock/index.js');
    const mock = await createMockOffersService({});
    try {
      for (const [name, recipe] of [
        ['node recipe', nodeRecipe],
        ['workerd recipe', workerRecipe],
      ]) {
        mock.reset();
        try {
          await recipe(mock);
          console.info(`${name}: the page streams with the server-rendered unit`);
        } catch (error) {
          console.error(`${name}: FAILED\n  ${error?.stack ?? error}`);
          failed = true;
        }
      }
    } finally {
      await mock.close();
    }
  }
  console.info(
    failed ? 'ssr conformance FAILED' : `ssr conformance: ${CASES.length} cases pass on ${names.join(', ')}`,
  );
  process.exitCode = failed ? 1 : 0;
}

await main_();
