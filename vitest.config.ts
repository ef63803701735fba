import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const postgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * API files that open no database (no test app, no PGlite, no PostgreSQL): running them in both
 * projects tests nothing more, so they run once, in api-postgres when it runs (the lighter half),
 * else in api-pglite. A file that opens a database belongs in both.
 */
const DATABASE_FREE = [
  'src/server/compose.test.ts',
  'src/server/config/env.test.ts',
  'src/server/features/imports/csv-text.test.ts',
  'src/server/features/imports/sheet-number.test.ts',
  'src/server/features/imports/zip-reader.test.ts',
  'src/server/features/patterns/pattern-shape.test.ts',
  'src/server/features/preflight/pdf-facts.test.ts',
  'src/server/features/preflight/photo-check.test.ts',
  'src/server/features/preflight/preflight-rules.test.ts',
  'src/server/lib/counter.test.ts',
  'src/server/lib/csv.test.ts',
  'src/server/lib/fast-serializer.test.ts',
  'src/server/lib/idle-gc.test.ts',
  'src/server/lib/outbound-address.test.ts',
  'src/server/lib/password.test.ts',
  'src/server/storage/file-store.test.ts',
  'src/server/storage/multipart.test.ts',
  'src/server/storage/upload.test.ts',
  'src/server/test/tally-merge.test.ts',
  'src/shared/variation-id.test.ts',
  'src/web/lib/chunk-load.test.ts',
  'src/web/lib/format.test.ts',
];

const api = (name: string, dbKind: 'pglite' | 'postgres', exclude: string[] = []) => ({
  extends: true as const,
  test: {
    name,
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...exclude],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    setupFiles: ['src/server/test/setup-file.ts'],
    env: { TEST_DB_KIND: dbKind },
    // Files share their worker's modules (not a fresh module graph each, ~2.6 s of CPU a file):
    // state a module keeps is per database or per process, never per file (ADR 011;
    // what leaked before, and how it was fixed, is in git history).
    isolate: false,
    // Generous for loaded machines: outcomes are awaited with bounded polls, never timed.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll's own default (1 s) is a timed test in disguise: a fire-and-forget write (a
    // session's "last seen") took longer at load 27 and failed CI. A poll still fails, later.
    expect: { poll: { timeout: 20_000 } },
  },
});

/** Component tests: React in happy-dom, no server and no database (docs/conventions.md rule 7). */
const web = {
  extends: true as const,
  test: {
    name: 'web',
    include: ['src/**/*.test.tsx'],
    environment: 'happy-dom',
    setupFiles: ['src/web/test/setup.ts'],
    // Files share their worker's modules and happy-dom, as the API files do: 53 s of CPU for the
    // 21 files became 20 s. What the app keeps in modules (toasts, the query client) is emptied
    // after every test (src/web/test/setup.ts); the files pass in any order (--sequence.shuffle).
    isolate: false,
    // As the API files: generous for loaded machines (5 s, Vitest's default, timed out three
    // screen tests at load 10).
    testTimeout: 30_000,
  },
};

/**
 * Files that take long for their size (processes started, portals, waits on a real clock): run
 * first. Vitest's own order runs the largest files first when it has no durations recorded (a
 * clean clone, as CI is); these are small, so they started last and ran alone on one core while
 * the other idled (docs/benchmarks.md, "Test suite").
 */
const LONG_FIRST = [
  'src/server/backup/backup.cli.test.ts',
  'src/server/backup/backup.drill.test.ts',
  'src/server/features/releases/releases.processes.test.ts',
  'src/server/features/storefront/archive.routes.test.ts',
  'src/server/features/integrations/changes.routes.test.ts',
  'src/server/features/integrations/delivery.processes.test.ts',
  'src/server/features/preflight/pdf-memory.processes.test.ts',
  'src/server/features/storefront/delivery.processes.test.ts',
  'src/server/db/previous-release.test.ts',
];
const rank = (spec: TestSpecification) => {
  const i = LONG_FIRST.findIndex((f) => spec.moduleId.endsWith(f));
  return i === -1 ? LONG_FIRST.length : i;
};
class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, at) => ({ spec, at }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.at - b.at)
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    pool: 'forks',
    sequence: { sequencer: LongFirstSequencer },
    // Files side by side, one per core: each test app has its own database copy (cloned from one
    // migrated template, src/server/test/helper.ts) and every server listens on a free port.
    // Each project inherits this (a --maxWorkers on the command line does not reach the projects):
    // scripts/test.mjs sets VITEST_MAX_WORKERS for each part (TEST_WORKERS overrides it).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || os.availableParallelism(),
    // Test places in the source let scripts/test.mjs count a test that runs in both projects once.
    includeTaskLocation: true,
    projects: [
      web,
      api('api-pglite', 'pglite', postgres ? DATABASE_FREE : []),
      ...(postgres ? [api('api-postgres', 'postgres')] : []),
    ],
  },
});
