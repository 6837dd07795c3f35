import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Real Chromium. Playwright's own browser download is not reachable everywhere, so Debian's
 * Chromium is used when present; `ADPX_CHROMIUM` (or Playwright's usual variable) overrides it, and
 * with neither set nor /usr/bin/chromium present Playwright's own browser is used.
 */
export function chromiumPath(): string | undefined {
  const fromEnv = process.env.ADPX_CHROMIUM ?? process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH;
  if (fromEnv) return fromEnv;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    trace: 'off',
  },
});
