import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { ConsoleMessage, Page } from '@playwright/test';
import type { MockOffersService } from '../src/server/mock/index.js';
import { test as base, expect, expectHits, hits } from './fixtures.js';

/**
 * The Next.js App Router example (demo/frameworks/next, built by `npm run build:frameworks` with
 * `next build`), run by `next start`: a server component renders a client component that holds
 * `AdpxOffers` from `adpx-offers/react`. React 19 hydrates the server's `<adpx-offers>` without
 * setting its properties or listeners; the wrapper does, and the unit waits for it
 * (`defer-hydration`). The mock service tells what reached it.
 */

interface NextServer {
  url: string;
  /** What the server printed. */
  output: string[];
}

const NEXT_BIN = 'node_modules/next/dist/bin/next';
const APP = 'demo/frameworks/next';
/** As demo/frameworks/build.mjs runs `next build`: no telemetry, nothing off the machine. */
const NEXT_ENV = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  NODE_OPTIONS: `--require ${resolve(APP, 'offline.cjs')}`,
};

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** `next start` or `next dev` on a free loopback port, resolved once it says it is ready. */
async function startNext(mode: 'start' | 'dev'): Promise<NextServer & { child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [NEXT_BIN, mode, APP, '--port', String(port), '--hostname', '127.0.0.1'],
    {
      env: NEXT_ENV,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group: stopped with the workers Next starts
    },
  );
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (/Ready in/.test(chunk.toString())) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`next ${mode} exited (${code}):\n${output.join('')}`)));
  });
  return { url: `http://127.0.0.1:${port}`, output, child };
}

function stopNext(child: ChildProcess): void {
  if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
}

const test = base.extend<object, { next: NextServer }>({
  next: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take the other fixtures first.
    async ({}, use) => {
      const { child, ...server } = await startNext('start');
      await use(server);
      stopNext(child);
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

/** Every console error and warning of the page, its uncaught errors and failed responses. */
function problems(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) seen.push(`${response.status()} ${response.url()}`);
  });
  page.on('pageerror', (error) => seen.push(`pageerror: ${error.message}`));
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning')
      seen.push(`${message.type()}: ${message.text()}`);
  });
  return seen;
}

/** The page's flow: the request with its payload, ads_found and impression, then Close. */
async function checkoutFlow(page: Page, mock: MockOffersService): Promise<void> {
  const card = page.locator('adpx-offers [part~="offer"]');
  await expect(card.getByRole('heading').first()).toBeVisible();

  // The payload the server component gave the client component reached the service.
  await expect.poll(() => mock.requests().length).toBe(1);
  expect(mock.requests()[0]?.query.api_key).toBe('test-key');
  expect(mock.requests()[0]?.body).toMatchObject({
    placement: 'checkout',
    order_id: 'next-1001',
    framework: 'next',
  });

  // ads_found and impression reached the React handlers (onAdsFound, onImpression).
  await expectHits(mock, 'pixel', 1);
  await expect(page.locator('#status')).toHaveText('3 offers, 1 seen');

  // closed_ads too (onClosedAds): the page replaces the unit.
  await page.getByRole('button', { name: 'Close' }).click();
  await expectHits(mock, 'close', 1);
  await expect(page.locator('#status')).toHaveText('Offers closed (user)');
  await expect(page.locator('adpx-offers')).toHaveCount(0);
  expect(hits(mock, 'close')[0]?.offerId).toBe(hits(mock, 'pixel')[0]?.offerId);
  expect(mock.requests()).toHaveLength(1);
}

test('server-rendered page: the unit is in the HTML, then gets its payload and handlers', async ({
  page,
  mock,
  next,
}) => {
  const url = `${next.url}/?endpoint=${encodeURIComponent(mock.url)}`;
  const html = await (await fetch(url)).text();
  expect(html).toContain(
    `<adpx-offers api-key="test-key" endpoint="${mock.url}" placement="checkout" defer-hydration="">`,
  );
  expect(html).not.toContain('next-1001"'); // no payload attribute: it is a property

  const seen = problems(page);
  await page.goto(url);
  await expect(page.locator('main[data-render="server"]')).toBeVisible();
  await checkoutFlow(page, mock);
  expect(seen).toEqual([]);
});

test('client-only page: the unit is created in the browser, with its payload and handlers', async ({
  page,
  mock,
  next,
}) => {
  const url = `${next.url}/client-only?endpoint=${encodeURIComponent(mock.url)}`;
  expect(await (await fetch(url)).text()).not.toContain('<adpx-offers');

  const seen = problems(page);
  await page.goto(url);
  await expect(page.locator('main[data-render="client"]')).toBeVisible();
  await checkoutFlow(page, mock);
  expect(seen).toEqual([]);
});

base('next dev: the server-rendered page hydrates without a warning', async ({ page, mock }) => {
  // `next dev` compiles the page on its first request: minutes on a loaded machine.
  base.setTimeout(300_000);
  const { child, url, output } = await startNext('dev');
  try {
    const seen = problems(page);
    await page.goto(`${url}/?endpoint=${encodeURIComponent(mock.url)}`, { timeout: 240_000 });
    await expect(page.locator('#status')).toHaveText('3 offers, 1 seen', { timeout: 30_000 });
    expect(mock.requests()[0]?.body).toMatchObject({ order_id: 'next-1001' });
    // React 19 reports a hydration mismatch with console.error in development; Lit says it is in
    // dev mode with a warning, which is all there may be.
    expect(seen.filter((line) => !line.includes('Lit is in dev mode'))).toEqual([]);
    expect(output.join('')).not.toMatch(/hydrat/i);
  } finally {
    stopNext(child);
  }
});
