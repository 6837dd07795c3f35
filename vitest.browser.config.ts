import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';
import { commands } from './test/components/commands.js';

/**
 * Component tests (`npm run test:components`): the public elements rendered straight into the page
 * Vitest's browser mode gives each test file, in the same headless Chromium as the end-to-end tests
 * (scripts/chromium.mjs), from the sources. For a rendering fact that needs a layout engine but not a
 * whole page: container queries, geometry, computed styles, `::part()` from outside, dialogs.
 * Flows (the service, beacons, navigation) stay in e2e/. `test/components/setup.ts` starts one mock
 * offers service for the run: its offers response is what the tests render, and it serves the
 * images they ask for.
 */
export default defineConfig({
  // Pre-bundled before the first test file runs, so no mid-run re-optimisation reloads the page.
  optimizeDeps: {
    include: [
      'lit',
      'lit/directive.js',
      'lit/directives/if-defined.js',
      'dompurify',
      'react',
      'react-dom',
      'react-dom/client',
      'react-dom/server',
    ],
  },
  test: {
    include: ['src/**/*.browser.test.ts'],
    globalSetup: ['test/components/setup.ts'],
    restoreMocks: true,
    // A state waited for (a rendered part, a loaded image) may take a while on a loaded machine.
    expect: { poll: { timeout: 5_000 } },
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: { executablePath: chromiumPath(), args: chromiumArgs } }),
      instances: [{ browser: 'chromium' }],
      viewport: { width: 1280, height: 800 },
      screenshotFailures: false,
      commands,
    },
  },
});
