// The network profile's server (bench/suites/network.mjs): what a CDN and a publisher's origin do
// in front of the mock offers service. Scripts, pages and JSON under `/dist/` and `/bench/` are
// served gzip (level 9, as `npm run size` counts them; a CDN serves them compressed), everything
// else (the offers API, beacons, images) is passed to the mock service unchanged, so a page and
// its API share one origin as on a publisher's site behind the proxy.
//
// The pages are templates. In `/bench/net-response.html` (and its preload variant), the
// `/*bench:response*/ null` becomes the raw body of one offers answer, fetched from the service
// when the server starts (the response already in the page, as an API prefetch puts it there). In
// `/bench/net-server.html`, the `<!--bench:server-unit-->` becomes `renderOffers`' HTML
// (adpx-offers/ssr, from `distDir`) for that same answer, rendered when the server starts, as a
// publisher's server renders it.
//
// In every page, `bench:sri:FILE` (in an `integrity` attribute) becomes FILE's hash from the
// build's `dist/sri.json`, as a publisher copies it from there: the preload pages' `<link
// rel="preload">` of the rest file carries the hash of the file the first file will ask for.
// The server counts the GETs of each path (`front.gets(path)`), so a suite can tell a preload the
// page used from a file downloaded twice.
import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ROOT } from './env.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

/** The raw body of one offers answer for the bench's placement, as a page would inline it. */
async function offersBody(serviceUrl) {
  const answer = await fetch(`${serviceUrl}/native/v2/offers.json?api_key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ placement: 'bench' }),
  });
  if (!answer.ok) throw new Error(`offers request failed: ${answer.status}`);
  return answer.text();
}

/** `renderOffers`' HTML for `raw` (one offers answer), the unit's endpoint the front server. */
async function serverUnit(distDir, raw, endpoint) {
  const { renderOffers } = await import(pathToFileURL(join(distDir, 'server/ssr/index.js')).href);
  return renderOffers({ response: JSON.parse(raw), 'api-key': 'demo-key', placement: 'bench', endpoint });
}

/**
 * Starts the front server for `service` (a running mock), serving `distDir` under `/dist/` and
 * bench/pages under `/bench/`. Returns `{ url, gets(pathname), close() }`.
 */
export async function startFront(service, distDir) {
  const raw = await offersBody(service.url);
  const sri = JSON.parse(readFileSync(join(distDir, 'sri.json'), 'utf8'));
  const withHashes = (html) =>
    html.replace(/bench:sri:([\w.-]+)/g, (_, name) => {
      if (!sri[name]) throw new Error(`dist/sri.json has no hash for ${name}`);
      return sri[name];
    });
  /** GETs served, by path. */
  const gets = new Map();
  const inline = raw.replaceAll('</', '<\\/');
  let rendered = '';
  const target = new URL(service.url);
  const cache = new Map();
  const file = (path) => {
    if (cache.has(path)) return cache.get(path);
    let body;
    try {
      body = readFileSync(path);
    } catch {
      body = null;
    }
    if (body && path.endsWith('.html')) {
      const html = body
        .toString('utf8')
        .replace(/\/\*bench:response\*\/\s*null/, () => inline)
        .replace('<!--bench:server-unit-->', rendered);
      body = Buffer.from(withHashes(html));
    }
    const entry = body && {
      type: TYPES[extname(path)] ?? 'application/octet-stream',
      gzip: gzipSync(body, { level: 9 }),
    };
    cache.set(path, entry);
    return entry;
  };
  const local = (pathname) => {
    const roots = [
      ['/dist/', distDir],
      ['/bench/', join(ROOT, 'bench/pages')],
    ];
    for (const [prefix, dir] of roots) {
      if (!pathname.startsWith(prefix)) continue;
      const path = normalize(join(dir, decodeURIComponent(pathname.slice(prefix.length))));
      return path.startsWith(normalize(dir)) ? path : undefined;
    }
    return undefined;
  };
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://front');
    if (req.method === 'GET') gets.set(pathname, (gets.get(pathname) ?? 0) + 1);
    const path = req.method === 'GET' ? local(pathname) : undefined;
    const found = path && file(path);
    if (found) {
      res.writeHead(200, {
        'Content-Type': found.type,
        'Content-Encoding': 'gzip',
        'Content-Length': String(found.gzip.length),
        'Cache-Control': 'no-cache',
      });
      res.end(found.gzip);
      return;
    }
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  rendered = await serverUnit(distDir, raw, `http://127.0.0.1:${port}`);
  return {
    url: `http://127.0.0.1:${port}`,
    /** How many GETs of `pathname` the server has had since it started. */
    gets: (pathname) => gets.get(pathname) ?? 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
