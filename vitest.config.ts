import { defineConfig } from 'vitest/config';

const api = (name: string, dbKind: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    setupFiles: ['src/server/test/setup-file.ts'],
    env: { TEST_DB_KIND: dbKind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    pool: 'forks',
    // Test places in the source let scripts/test.mjs count a test that runs in both projects once.
    includeTaskLocation: true,
    projects: [api('api-pglite', 'pglite'), ...(process.env.TEST_DATABASE_URL ? [api('api-postgres', 'postgres')] : [])],
  },
});
