import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // The component tests run in Chromium: vitest.browser.config.ts (`npm run test:components`).
    exclude: ['**/node_modules/**', 'src/**/*.browser.test.ts'],
    restoreMocks: true,
  },
});
