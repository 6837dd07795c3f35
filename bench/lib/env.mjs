// The benchmark's environment: the mock offers service serving the built SDK, the benchmark pages
// and the demo, and Chromium launched the way the end-to-end tests launch it (playwright.config.ts).
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export { chromiumArgs, chromiumPath };

export const VIEWPORT = { width: 1280, height: 800 };

export function launchBrowser() {
  return chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs, headless: true });
}

/**
 * The mock offers service from the build (`dist/server/mock`), serving `/dist/` (the SDK),
 * `/bench/` (bench/pages) and `/` (the demo checkout page) from `distDir`, bench/pages and demo.
 */
export async function startService(distDir) {
  const mockModule = new URL(`file://${distDir}/server/mock/index.js`);
  const { createMockOffersService } = await import(mockModule.href);
  return createMockOffersService({
    port: 0,
    static: [
      { prefix: '/dist/', dir: distDir },
      { prefix: '/bench/', dir: `${ROOT}bench/pages` },
      { prefix: '/', dir: `${ROOT}demo` },
    ],
  });
}

/**
 * A fresh context and page for one measured run; `close()` disposes of both. `options` are the
 * context's (Playwright's `newContext`), the viewport 1280×800 unless given.
 */
export async function freshPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, ...options });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  return { context, page, close: () => context.close() };
}

export function machine() {
  return { cores: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', loadavg: loadavg() };
}
