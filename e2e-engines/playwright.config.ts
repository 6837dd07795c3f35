import { defineConfig } from '@playwright/test';
import { ENGINE_NAMES, type EngineName } from './driver.js';
import type { EngineOptions } from './fixtures.js';

/**
 * The core flows in Firefox (WebDriver BiDi) and WebKit (W3C WebDriver): `npm run test:engines`.
 * `ADPX_ENGINES=firefox` (comma-separated) limits the engines. One worker: each engine is a heavy
 * process and the suite shares the machine with the Chromium suite in CI.
 */
const wanted = (process.env.ADPX_ENGINES ?? ENGINE_NAMES.join(','))
  .split(',')
  .filter((n): n is EngineName => (ENGINE_NAMES as readonly string[]).includes(n));

export default defineConfig<EngineOptions>({
  testDir: '.',
  testMatch: '**/*.flow.ts',
  outputDir: '../test-results/engines',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['./summary-reporter.ts']],
  projects: wanted.map((engine) => ({ name: engine, use: { engine } })),
});
