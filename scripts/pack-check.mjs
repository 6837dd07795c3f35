// `npm run test:pack`: the package as users get it (issue 16 item 1). Packs the built package,
// lints the tarball (publint, @arethetypeswrong/cli), installs it into a fresh project under the
// OS temp folder (from the npm registry or its cache) and uses it three ways: Node imports
// `adpx-offers/mock` and `adpx-offers/proxy` and runs them (test/pack/serve.mjs); a plain HTML page
// loads the IIFE from node_modules; a Vite app imports `adpx-offers/define`. Both pages render
// offers in Chromium. `npm ls --omit=dev` in that project must list lit and dompurify trees only.
// Last, it installs the optional peer `qrcode` and checks that the mock then draws QR codes.
// `--keep` leaves the temporary folder for a look. Needs a build (`npm run build`) first.
import { execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'node_modules/.bin');
const RUNTIME_DEPENDENCIES = ['dompurify', 'lit'];
/**
 * Optional peers, installed by the users of what needs them: the mock's QR codes, `adpx-offers/react`,
 * server rendering (`adpx-offers/ssr`, which imports both; decision 011). The browser entries
 * (`adpx-offers/define`, `adpx-offers/hydrate`) need neither: Lit's `hydrate` is bundled into dist/
 * (scripts/lit-hydrate.mjs).
 */
const OPTIONAL_PEERS = ['@lit-labs/ssr', '@lit-labs/ssr-client', 'qrcode', 'react'];
const started = performance.now();
const timings = {};

function fail(message) {
  throw new Error(`pack check: ${message}`);
}

/** Runs a command, returns its stdout; a non-zero exit fails the check with its output. */
function run(file, args, cwd) {
  try {
    return execFileSync(file, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    fail(`${file} ${args.join(' ')} exited ${error.status}\n${error.stdout}\n${error.stderr}`);
  }
}

async function step(name, fn) {
  const t0 = performance.now();
  const result = await fn();
  timings[name] = Math.round(performance.now() - t0);
  console.log(`✓ ${name} (${(timings[name] / 1000).toFixed(1)} s)`);
  return result;
}

function pack(dir) {
  if (!existsSync(join(ROOT, 'dist/adpx-offers.iife.js'))) fail('no dist/: run `npm run build` first');
  const [info] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', dir], ROOT));
  return {
    file: join(dir, info.filename),
    size: info.size,
    unpacked: info.unpackedSize,
    files: info.entryCount,
  };
}

function publint(tarball) {
  const out = run(join(BIN, 'publint'), ['run', tarball, '--strict'], ROOT);
  if (!out.includes('All good!')) fail(`publint has messages:\n${out}`);
}

/**
 * attw with its `esm-only` profile: the package is ESM only, so `node10` and `require` from CJS
 * are out of scope; every entry point must resolve JS and types for node16 (ESM) and bundlers.
 */
function attw(tarball) {
  const out = run(join(BIN, 'attw'), ['--profile', 'esm-only', '--format', 'json', tarball], ROOT);
  const { analysis } = JSON.parse(out);
  const problems = analysis.problems.filter((p) => !['node10', 'node16-cjs'].includes(p.resolutionKind));
  if (problems.length > 0) fail(`attw problems:\n${JSON.stringify(problems, null, 2)}`);
  const exportsField = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).exports;
  const missing = Object.keys(exportsField).filter((e) => !analysis.entrypoints[e]);
  if (missing.length > 0) fail(`attw did not check ${missing.join(', ')}`);
  return Object.keys(analysis.entrypoints).length;
}

function install(app, tarball) {
  cpSync(join(ROOT, 'test/pack'), app, { recursive: true });
  const vite = JSON.parse(readFileSync(join(ROOT, 'node_modules/vite/package.json'), 'utf8')).version;
  const manifest = {
    name: 'adpx-pack-check',
    private: true,
    type: 'module',
    dependencies: { 'adpx-offers': `file:${tarball}` },
    devDependencies: { vite },
  };
  writeFileSync(join(app, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], app);
}

/** The production tree: adpx-offers, then exactly lit and dompurify with their own dependencies. */
function productionTree(app) {
  const tree = JSON.parse(run('npm', ['ls', '--omit=dev', '--all', '--json'], app));
  const top = Object.keys(tree.dependencies ?? {});
  if (top.join() !== 'adpx-offers') fail(`production dependencies of the app: ${top.join(', ')}`);
  // npm lists an optional peer that is not installed (qrcode, react, @lit-labs/ssr and
  // @lit-labs/ssr-client) as an empty entry: no version.
  const entries = Object.entries(tree.dependencies['adpx-offers'].dependencies ?? {});
  const own = entries
    .filter(([, e]) => e.version)
    .map(([name]) => name)
    .sort();
  const absent = entries
    .filter(([, e]) => !e.version)
    .map(([name]) => name)
    .sort();
  if (absent.join() !== OPTIONAL_PEERS.join()) fail(`listed but not installed: ${absent.join(', ')}`);
  if (own.join() !== RUNTIME_DEPENDENCIES.join()) {
    fail(`adpx-offers brings ${own.join(', ')}; expected ${RUNTIME_DEPENDENCIES.join(', ')}`);
  }
  const paths = run('npm', ['ls', '--omit=dev', '--all', '--parseable'], app).trim().split('\n').slice(1);
  for (const banned of [...OPTIONAL_PEERS, 'pngjs']) {
    if (paths.some((p) => p.endsWith(`/node_modules/${banned}`))) fail(`${banned} is installed`);
  }
  const names = paths.map((p) => p.slice(p.lastIndexOf('node_modules/') + 13));
  return { names: [...new Set(names)].sort(), bytes: paths.reduce((sum, p) => sum + du(p), 0) };
}

function du(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + du(join(path, name)), 0);
}

/** The Vite build: the entry must not hold DOMPurify; exactly one other chunk must. */
function viteBuild(app) {
  run(process.execPath, [join(app, 'node_modules/vite/bin/vite.js'), 'build'], app);
  const dist = join(app, 'web-dist');
  const chunks = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = chunks.find((f) => html.includes(`assets/${f}`));
  if (!entry) fail(`no entry chunk in web-dist/index.html: ${chunks.join(', ')}`);
  // DOMPurify's own configuration keys survive minification as strings.
  const hasPurify = (f) => readFileSync(join(dist, 'assets', f), 'utf8').includes('SAFE_FOR_TEMPLATES');
  if (hasPurify(entry)) fail(`DOMPurify is in the entry chunk ${entry}`);
  const purify = chunks.filter(hasPurify);
  if (purify.length !== 1) fail(`DOMPurify should be in exactly one chunk, found: ${purify.join(', ')}`);
  // The take-over of server-rendered units (with Lit's hydrate bundled, no @lit-labs package
  // installed here): a chunk of its own, which `define` loads only on a page that has such a unit.
  const hasTakeOver = (f) => readFileSync(join(dist, 'assets', f), 'utf8').includes('adpx-offers.take-over');
  if (hasTakeOver(entry)) fail(`the take-over is in the entry chunk ${entry}`);
  const takeOver = chunks.filter(hasTakeOver);
  if (takeOver.length !== 1)
    fail(`the take-over should be in exactly one chunk, found: ${takeOver.join(', ')}`);
  return { entry, sanitizer: purify[0], takeOver: takeOver[0], chunks: chunks.length };
}

/** Starts test/pack/serve.mjs in the app (Node using the mock and the proxy) and reads its line. */
function serve(app) {
  const child = spawn(process.execPath, ['serve.mjs'], { cwd: app, stdio: ['pipe', 'pipe', 'inherit'] });
  const ready = new Promise((resolveLine, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const line = text.split('\n').find((l) => l.startsWith('{'));
      if (line) resolveLine(JSON.parse(line));
    });
    child.on('exit', (code) => reject(new Error(`pack check: serve.mjs exited ${code}`)));
  });
  return { child, ready };
}

async function renders(page, url) {
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const requested = [];
  page.on('request', (r) => requested.push(r.url()));
  const response = await page.goto(url);
  if (!response?.ok()) fail(`${url} answered ${response?.status()}`);
  await page.locator('adpx-offers [part~="offer"]').getByRole('heading').first().waitFor({ timeout: 30_000 });
  const title = await page.locator('adpx-offers [part~="offer"]').getByRole('heading').first().textContent();
  if (!title?.trim()) fail(`${url}: the offer has no title`);
  if (errors.length > 0) fail(`${url}: errors on the page: ${errors.join('; ')}`);
  return { title: title.trim(), requested };
}

/** What the mock has received so far (its own record, not what the page says it sent). */
async function received(urls) {
  return (await (await fetch(`${urls.mockUrl}/__mock/requests`)).json()).requests;
}

async function browse(urls, vite) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const before = (await received(urls)).length;
    const plain = await renders(
      await browser.newPage(),
      `${urls.mockUrl}/plain.html?endpoint=${urls.proxyUrl}`,
    );
    if (!plain.requested.some((u) => u.endsWith('/node_modules/adpx-offers/dist/adpx-offers.iife.js'))) {
      fail('the plain page did not load the IIFE from node_modules');
    }
    if (!plain.requested.some((u) => u.startsWith(`${urls.proxyUrl}/native/`))) {
      fail('the plain page did not ask the proxy');
    }
    const fromPage = (await received(urls)).slice(before);
    if (fromPage.length === 0 || fromPage.some((r) => r.query.api_key !== 'demo-key')) {
      fail(`through the proxy the mock received keys: ${fromPage.map((r) => r.query.api_key).join()}`);
    }
    const app = await renders(await browser.newPage(), `${urls.mockUrl}/web-dist/index.html`);
    if (app.requested.some((u) => u.endsWith(`/assets/${vite.sanitizer}`))) {
      fail('the Vite app loaded the sanitiser chunk before any terms were opened');
    }
    if (app.requested.some((u) => u.endsWith(`/assets/${vite.takeOver}`))) {
      fail('the Vite app, with no server-rendered unit, loaded the take-over chunk');
    }
    return { plain: plain.title, vite: app.title };
  } finally {
    await browser.close();
  }
}

/** The optional peer: once the project installs qrcode, the mock draws QR codes. */
function withQrcode(app) {
  const qrcode = JSON.parse(readFileSync(join(ROOT, 'node_modules/qrcode/package.json'), 'utf8')).version;
  run(
    'npm',
    ['install', `qrcode@${qrcode}`, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'],
    app,
  );
  return JSON.parse(run(process.execPath, ['qr.mjs'], app)).qrCodes;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'adpx-pack-'));
  const app = join(dir, 'app');
  let server;
  try {
    const tarball = await step('npm pack', () => pack(dir));
    await step('publint: all good (strict)', () => publint(tarball.file));
    const entrypoints = await step('attw --profile esm-only: 0 problems', () => attw(tarball.file));
    await step('install the tarball into a fresh project', () => install(app, tarball.file));
    const tree = await step('npm ls --omit=dev: lit and dompurify trees only', () => productionTree(app));
    const vite = await step('Vite app: DOMPurify and the take-over in chunks of their own', () =>
      viteBuild(app),
    );
    server = serve(app);
    const urls = await step('Node: adpx-offers/mock and adpx-offers/proxy run', () => server.ready);
    const titles = await step('Chromium: plain page (IIFE) and Vite app render offers', () =>
      browse(urls, vite),
    );
    server.child.stdin.end();
    const qrCodes = await step('npm install qrcode (the optional peer): the mock draws QR codes', () =>
      withQrcode(app),
    );
    console.log(
      JSON.stringify(
        {
          tarball: { bytes: tarball.size, unpackedBytes: tarball.unpacked, files: tarball.files },
          attwEntrypoints: entrypoints,
          production: { packages: tree.names, bytes: tree.bytes },
          vite,
          node: { offers: urls.offers, qrWarning: urls.qrWarning, qrCodesWithQrcode: qrCodes },
          rendered: titles,
          timingsMs: timings,
          totalMs: Math.round(performance.now() - started),
        },
        null,
        2,
      ),
    );
    console.log(`pack: ${Object.keys(timings).length} passed, 0 failed`);
  } catch (error) {
    // One summary line for .ci/run, like the engine suite's; the error itself follows.
    console.log(`pack: ${Object.keys(timings).length} passed, 1 failed`);
    throw error;
  } finally {
    if (server) {
      server.child.stdin.end();
      server.child.kill('SIGTERM');
    }
    if (process.argv.includes('--keep')) console.log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

await main();
