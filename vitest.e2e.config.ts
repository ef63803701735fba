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
    // Two files at a time against the one portal: each journey makes its own patterns, accounts and
    // brands' data (unique names), so files do not see each other's; the scaled-out and restart
    // files start their own portals. 413 s one at a time against 278 s two at a time (this machine).
    fileParallelism: true,
    // A worker keeps the modules it imported from one file to the next (the helpers, the contracts,
    // the sample files): imported once per worker, 45 s of the workers' CPU became 25 s. The one
    // module state, the page errors of e2e/browser.ts, is emptied after every test (e2e/setup.ts)
    // and each file closes its browser when it ends.
    isolate: false,
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 2,
    includeTaskLocation: true,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // expect.poll waits for what a page shows next; Vitest's default (1 s) is too short on a loaded
    // machine (a publish shown after 1 s failed "storefront in the browser"). Passing polls return
    // as soon as they hold.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
