import { defineConfig } from 'vitest/config';

/** End-to-end journeys: Debian's Chromium through playwright-core against the app started as `npm start` starts it. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    // Fails every test whose pages logged an uncaught error or a console error (e2e/browser.ts).
    setupFiles: ['e2e/setup.ts'],
    fileParallelism: false,
    includeTaskLocation: true,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
