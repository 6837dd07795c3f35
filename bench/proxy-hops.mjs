// The hops `npm run bench:proxy` compares, each started as a child process that reports its URL:
// our proxy and a minimal hand-written pass-through, on Node `http` and on workerd (Miniflare).
// The minimal hop is the cheapest possible proxy: read the body, fetch the service with the key
// put in, pipe the answer back. No validation, no CORS, no limits, no redaction, no log: what is
// left between it and ours is the price of those checks.
import { createServer } from 'node:http';
import { bundleWorker } from '../test/proxy-conformance/runtimes.mjs';

const PREFIX = '/offers-proxy';

/** The service URL for a proxied path: the prefix dropped, `api_key` set to the server key. */
function upstreamUrl(path, upstream, key) {
  const url = new URL(path.slice(PREFIX.length), upstream);
  url.searchParams.set('api_key', key);
  return url;
}

/** Minimal hop on Node `http`. */
function minimalNode(upstream, key) {
  return async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const answer = await fetch(upstreamUrl(req.url, upstream, key), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.concat(chunks),
    });
    res.writeHead(answer.status, {
      'Content-Type': answer.headers.get('content-type') ?? 'application/json',
    });
    for await (const chunk of answer.body) res.write(chunk);
    res.end();
  };
}

/** The same minimal hop as a Worker module. */
const MINIMAL_WORKER = `
const PREFIX = ${JSON.stringify(PREFIX)};
export default {
  async fetch(request, env) {
    const path = new URL(request.url);
    const url = new URL(path.pathname.slice(PREFIX.length) + path.search, env.OFFERS_UPSTREAM);
    url.searchParams.set('api_key', env.OFFERS_API_KEY);
    const answer = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: await request.arrayBuffer() });
    return new Response(answer.body, { status: answer.status, headers: { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' } });
  },
};`;

async function serveNode(kind, upstream, key) {
  let handler;
  if (kind === 'minimal') handler = minimalNode(upstream, key);
  else {
    const { createOffersProxy, toNodeHandler } = await import('../dist/server/proxy/index.js');
    handler = toNodeHandler(createOffersProxy({ upstream, apiKey: key }));
  }
  const server = createServer(handler);
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}${PREFIX}`,
    close: async () => {
      server.close();
      server.closeAllConnections();
    },
  };
}

async function serveWorkerd(kind, upstream, key) {
  const { Miniflare } = await import('miniflare');
  const mf = new Miniflare({
    modules: true,
    // Ours is examples/proxy/worker.mjs as a Workers bundler ships it.
    script: kind === 'minimal' ? MINIMAL_WORKER : await bundleWorker(),
    compatibilityDate: '2025-01-01',
    bindings: { OFFERS_UPSTREAM: upstream, OFFERS_API_KEY: key },
    host: '127.0.0.1',
    port: 0,
  });
  const url = await mf.ready;
  return { url: new URL(PREFIX, url).href, close: () => mf.dispose() };
}

/** Starts hop `name` (`node-ours`, `node-minimal`, `workerd-ours`, `workerd-minimal`). */
export function serveHop(name, upstream, key) {
  const [runtime, kind] = name.split('-');
  return runtime === 'workerd' ? serveWorkerd(kind, upstream, key) : serveNode(kind, upstream, key);
}

export const HOPS = ['node-minimal', 'node-ours', 'workerd-minimal', 'workerd-ours'];
