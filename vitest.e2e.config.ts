import { defineConfig } from 'vitest/config';

/** End-to-end journeys: Debian's Chromium through playwright-core against the app started as `npm start` starts it. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    includeTaskLocation: true,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
