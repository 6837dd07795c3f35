/**
 * The small surface every flow drives, whatever the engine: open a page, run a function in it,
 * click at a point, read the URL. Firefox is driven through WebDriver BiDi (puppeteer-core),
 * WebKit through W3C WebDriver (webkit.ts). Each page starts at the viewport the flows assume.
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { launchWebKit } from './webkit.js';

export const ENGINE_NAMES = ['firefox', 'webkit'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

export const VIEWPORT = { width: 1280, height: 800 } as const;

/** A function run in the page: it gets one JSON argument and returns JSON (or a promise of it). */
export type PageFunction<A, R> = (arg: A) => R | Promise<R>;

export interface EnginePage {
  /** Navigates and resolves once the page has loaded. */
  goto(url: string): Promise<void>;
  /**
   * Navigates without waiting for the load event (a page whose script the test server holds back
   * never fires it): resolves once the new document at `url` answers, parsed or still parsing.
   */
  open(url: string): Promise<void>;
  evaluate<R, A = null>(fn: PageFunction<A, R>, arg?: A): Promise<R>;
  /** A real pointer click (user activation) at viewport coordinates. */
  click(x: number, y: number): Promise<void>;
  url(): Promise<string>;
}

export interface EngineBrowser {
  readonly name: EngineName;
  /** The engine's version as it reports it. */
  readonly version: string;
  newPage(): Promise<EnginePage>;
  /** Closes every page opened since the last call, so the next test starts clean. */
  closePages(): Promise<void>;
  close(): Promise<void>;
}

/** Debian's Firefox ESR, or `ADPX_FIREFOX`. */
export function firefoxPath(): string {
  const path = process.env.ADPX_FIREFOX ?? '/usr/bin/firefox-esr';
  if (!existsSync(path)) throw new Error(`Firefox not found at ${path} (apt-get install firefox-esr)`);
  return path;
}

class PuppeteerPage implements EnginePage {
  constructor(private readonly page: Page) {}

  async goto(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: 'load' });
  }

  async open(url: string): Promise<void> {
    // The navigation's own promise settles at the load event, after the test has let the script
    // through; whatever it ends with, the test reads the page itself.
    void this.page.goto(url, { waitUntil: 'load', timeout: 0 }).catch(() => undefined);
    await arrived(this, url);
  }

  evaluate<R, A = null>(fn: PageFunction<A, R>, arg?: A): Promise<R> {
    return this.page.evaluate(fn as (a: unknown) => Promise<R>, (arg ?? null) as unknown) as Promise<R>;
  }

  async click(x: number, y: number): Promise<void> {
    await this.page.mouse.click(x, y);
  }

  url(): Promise<string> {
    return Promise.resolve(this.page.url());
  }
}

/**
 * Resolves once the page's document is the one at `url` (polled, frame by frame of the runner's
 * event loop, while the navigation replaces the old document: a call that hits the old one or
 * none answers false or throws, and is tried again).
 */
export async function arrived(page: EnginePage, url: string, timeout = 30_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const here = await page.evaluate((u) => location.href === u, url).catch(() => false);
    if (here) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the page did not arrive at ${url} within ${timeout} ms`);
}

/**
 * Sets the viewport the flows assume. Puppeteer sends BiDi's `browsingContext.setViewport` together
 * with `emulation.setScreenOrientationOverride`, which Firefox ESR 140.12 does not know ("unknown
 * command"): that one error is tolerated, and the viewport is then read in the page, frame by frame
 * until it applies, so a viewport that did not apply still fails the test.
 */
async function setFirefoxViewport(page: Page): Promise<void> {
  try {
    await page.setViewport({ ...VIEWPORT });
  } catch (error) {
    if (!String(error).includes('setScreenOrientationOverride')) throw error;
  }
  let size: number[] = [];
  for (let frame = 0; frame < 60; frame++) {
    size = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) => requestAnimationFrame(() => resolve([innerWidth, innerHeight]))),
    );
    if (size[0] === VIEWPORT.width && size[1] === VIEWPORT.height) return;
  }
  throw new Error(`Firefox viewport is ${size.join('×')}, not ${VIEWPORT.width}×${VIEWPORT.height}`);
}

async function launchFirefox(): Promise<EngineBrowser> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: true,
    protocolTimeout: 60_000,
    extraPrefsFirefox: {
      // A closed network: no updates, no telemetry, no remote settings.
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'network.connectivity-service.enabled': false,
    },
  });
  const version = await browser.version();
  return {
    name: 'firefox',
    version,
    async newPage() {
      const page = await browser.newPage();
      await setFirefoxViewport(page);
      return new PuppeteerPage(page);
    },
    async closePages() {
      const pages = await browser.pages();
      // Keep one blank page: Firefox closes itself with its last window.
      await Promise.all(pages.slice(1).map((p) => p.close()));
      await pages[0]?.goto('about:blank');
    },
    close: () => browser.close(),
  };
}

export function launchEngine(name: EngineName): Promise<EngineBrowser> {
  return name === 'firefox' ? launchFirefox() : launchWebKit();
}
