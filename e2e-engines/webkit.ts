/**
 * WebKit (WebKitGTK's MiniBrowser) through W3C WebDriver classic: `WebKitWebDriver` on a free
 * loopback port, one session, plain HTTP. It needs a display: run under `xvfb-run` (the
 * `test:engines` script does when there is none).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import type { EngineBrowser, EnginePage, PageFunction } from './driver.js';
import { arrived, VIEWPORT } from './driver.js';

const LIB = '/usr/lib/x86_64-linux-gnu';

/** WebKitGTK's MiniBrowser (shipped with libwebkit2gtk), or `ADPX_WEBKIT_BROWSER`. */
export function miniBrowserPath(): string {
  const fromEnv = process.env.ADPX_WEBKIT_BROWSER;
  if (fromEnv) return fromEnv;
  const dirs = existsSync(LIB) ? readdirSync(LIB).filter((d) => d.startsWith('webkit2gtk-')) : [];
  const found = dirs.map((d) => `${LIB}/${d}/MiniBrowser`).find((p) => existsSync(p));
  if (!found) throw new Error('MiniBrowser not found (apt-get install webkit2gtk-driver)');
  return found;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

interface Reply {
  value: unknown;
}

class Session {
  constructor(
    private readonly base: string,
    readonly id: string,
  ) {}

  async send(method: 'GET' | 'POST' | 'DELETE', path: string, body?: object): Promise<unknown> {
    const response = await fetch(`${this.base}/session/${this.id}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const reply = (await response.json()) as Reply;
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${JSON.stringify(reply.value)}`);
    return reply.value;
  }
}

/**
 * The body WebDriver runs for `fn(arg)`: the function's source inline (no `eval` in the page, which
 * a strict CSP forbids), handing back its value or its error, never a WebDriver error. Handed back
 * as JSON text: WebDriver's own serialiser walks `for…in`, so junk on a page's Object.prototype
 * (e2e/pages/hostile/junk.js) would make every answer "cyclic"; the replacer hands arrays back
 * past a page's Array#toJSON (Prototype 1.6), as src/built-ins.ts does.
 */
const asyncBody = (source: string) => `
  const [arg, done] = arguments;
  const json = (value) => JSON.stringify(value, function (key, given) {
    return Array.isArray(this[key]) ? this[key] : given;
  });
  Promise.resolve()
    .then(() => (${source})(arg))
    .then((value) => done(json({ ok: true, value: value === undefined ? null : value })),
          (error) => done(json({ ok: false, error: String(error && error.stack || error) })));
`;

class WebDriverPage implements EnginePage {
  constructor(
    private readonly session: Session,
    private readonly strategy: PageLoadStrategy,
  ) {}

  async goto(url: string): Promise<void> {
    await this.session.send('POST', '/url', { url });
    // Without the driver's wait: until the document at `url` has loaded.
    if (this.strategy === 'none') {
      await arrived(this, url);
      await this.evaluate(
        () =>
          new Promise<void>((resolve) =>
            document.readyState === 'complete' ? resolve() : addEventListener('load', () => resolve()),
          ),
      );
    }
  }

  async open(url: string): Promise<void> {
    // With pageLoadStrategy `normal`, WebKitWebDriver holds every command (a script too) until the
    // load event, which a held-back script keeps from coming: such a page needs a session of its
    // own (`launchWebKit({ pageLoadStrategy: 'none' })`).
    if (this.strategy !== 'none') throw new Error('open() needs a WebKit session with pageLoadStrategy none');
    await this.session.send('POST', '/url', { url });
    await arrived(this, url);
  }

  async evaluate<R, A = null>(fn: PageFunction<A, R>, arg?: A): Promise<R> {
    const text = (await this.session.send('POST', '/execute/async', {
      script: asyncBody(fn.toString()),
      args: [arg ?? null],
    })) as string;
    const result = JSON.parse(text) as { ok: boolean; value?: R; error?: string };
    if (!result.ok) throw new Error(`in the page: ${result.error}`);
    return result.value as R;
  }

  async click(x: number, y: number): Promise<void> {
    const pointer = {
      type: 'pointer',
      id: 'mouse',
      parameters: { pointerType: 'mouse' },
      actions: [
        { type: 'pointerMove', origin: 'viewport', x: Math.round(x), y: Math.round(y), duration: 0 },
        { type: 'pointerDown', button: 0 },
        { type: 'pointerUp', button: 0 },
      ],
    };
    await this.session.send('POST', '/actions', { actions: [pointer] });
    await this.session.send('DELETE', '/actions');
  }

  async url(): Promise<string> {
    return (await this.session.send('GET', '/url')) as string;
  }
}

/** Sizes the window so that the viewport (innerWidth x innerHeight) is VIEWPORT. */
async function fitViewport(session: Session, page: WebDriverPage): Promise<void> {
  await session.send('POST', '/window/rect', { width: VIEWPORT.width, height: VIEWPORT.height });
  const inner = await page.evaluate(() => ({
    w: innerWidth,
    h: innerHeight,
    ow: outerWidth,
    oh: outerHeight,
  }));
  await session.send('POST', '/window/rect', {
    width: VIEWPORT.width + inner.ow - inner.w,
    height: VIEWPORT.height + inner.oh - inner.h,
  });
}

async function waitForDriver(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('WebKitWebDriver did not answer /status within 30 s');
}

/**
 * `normal`: navigation and every command wait for the load event (the suite's session). `none`:
 * nothing waits (`EnginePage.open`, for a page whose script the test server holds back).
 */
export type PageLoadStrategy = 'normal' | 'none';

export async function launchWebKit({
  pageLoadStrategy = 'normal',
}: { pageLoadStrategy?: PageLoadStrategy } = {}): Promise<EngineBrowser> {
  if (!process.env.DISPLAY) throw new Error('WebKit needs a display: run under xvfb-run');
  const binary = miniBrowserPath();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.env.ADPX_WEBKIT_DRIVER ?? 'WebKitWebDriver', [`--port=${port}`], {
    stdio: 'ignore',
  });
  await waitForDriver(base, child);
  const created = await fetch(`${base}/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      capabilities: {
        alwaysMatch: {
          'webkitgtk:browserOptions': { binary, args: ['--automation'] },
          pageLoadStrategy,
        },
      },
    }),
  });
  const reply = (await created.json()) as {
    value: { sessionId?: string; capabilities?: Record<string, unknown> };
  };
  if (!created.ok || !reply.value.sessionId) {
    child.kill();
    throw new Error(`WebKitWebDriver refused the session: ${JSON.stringify(reply.value)}`);
  }
  const session = new Session(base, reply.value.sessionId);
  await session.send('POST', '/timeouts', { script: 60_000, pageLoad: 60_000 });
  const first = (await session.send('GET', '/window')) as string;
  const version = String(reply.value.capabilities?.browserVersion ?? 'unknown');
  return {
    name: 'webkit',
    version: `WebKitGTK ${version}`,
    async newPage() {
      const page = new WebDriverPage(session, pageLoadStrategy);
      await page.goto('about:blank');
      await fitViewport(session, page);
      return page;
    },
    async closePages() {
      const handles = (await session.send('GET', '/window/handles')) as string[];
      for (const handle of handles.filter((h) => h !== first)) {
        await session.send('POST', '/window', { handle });
        await session.send('DELETE', '/window');
      }
      await session.send('POST', '/window', { handle: first });
      await session.send('POST', '/url', { url: 'about:blank' });
    },
    async close() {
      await session.send('DELETE', '').catch(() => undefined);
      child.kill();
    },
  };
}
