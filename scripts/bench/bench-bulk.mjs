// Bulk actions at scale (docs/bulk.md): a bulk publish of 1,000 patterns in review and a bulk Edit
// fields of 1,000 prices, each one API call, on PGlite (and PostgreSQL with TEST_DATABASE_URL).
// Runs src/server/features/bulk/bulk-scale.test.ts with BULK_SCALE_N and prints its lines: seconds,
// statements (drizzle's logger, BEGIN/COMMIT left out) and storefront archives (deliver jobs of the
// batch window). Benchmarks measure; they never fail on a number.
//   node scripts/bench/bench-bulk.mjs [--n=1000]
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const n = process.argv.find((a) => a.startsWith('--n='))?.slice(4) ?? '1000';
const test = 'src/server/features/bulk/bulk-scale.test.ts';
const r = spawnSync(process.execPath, [path.join(root, 'scripts/test.mjs'), 'api', test], {
  cwd: root,
  env: { ...process.env, BULK_SCALE_N: n },
  encoding: 'utf8',
});
const lines = [
  ...(r.stdout ?? '').matchAll(/bulk (publish|edit fields) \((pglite|postgres)\):[^\n]*/g),
].map((m) => m[0]);
for (const l of lines) console.log(l);
if (!lines.length || r.status !== 0) {
  console.log(`bulk: no figures (${test} exited ${r.status})`);
  console.log((r.stdout ?? '').slice(-2000), (r.stderr ?? '').slice(-2000));
}
process.exit(r.status ?? 1);
