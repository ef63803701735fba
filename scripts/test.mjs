// `npm test`: type check, lint, API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then the
// end-to-end journeys in Chromium. Its last line counts every test once: "N passed, N failed, N skipped".
// An API test runs in two projects (api-pglite, api-postgres) and passes only if it passed in each;
// every skip is listed above the totals with its reason (scripts/tally-reporter.mjs reads them).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { merge } from './tally-merge.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, '.test-results');
fs.mkdirSync(out, { recursive: true });
// Optional: typecheck | lint | api | e2e, then (for api or e2e) test files to run instead of all of them.
const [only, ...files] = process.argv.slice(2);
let passed = 0;
const failures = [];
const skips = []; // [name, reason]

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function vitestSuite(name, args) {
  const tally = path.join(out, `${name}.tally.json`);
  fs.rmSync(tally, { force: true });
  const code = run(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=./scripts/tally-reporter.mjs'],
    { TALLY_FILE: tally },
  );
  if (!fs.existsSync(tally)) {
    failures.push(`${name}: Vitest ended (exit ${code}) before reporting`);
    return;
  }
  const report = JSON.parse(fs.readFileSync(tally, 'utf8'));
  const byKey = new Map();
  for (const t of report.tests) byKey.set(t.key, [...(byKey.get(t.key) ?? []), t]);
  const before = failures.length;
  for (const occurrences of byKey.values()) {
    const r = merge(occurrences);
    if (r.state === 'passed') passed += 1;
    else if (r.state === 'failed') failures.push(r.name);
    else skips.push([r.name, r.reason]);
  }
  for (const file of report.broken)
    failures.push(`${file}: failed outside its tests (load error or hook)`);
  if (report.unhandledErrors > 0)
    failures.push(`${name}: ${report.unhandledErrors} unhandled error(s)`);
  if (code !== 0 && failures.length === before)
    failures.push(`${name}: Vitest exited with ${code}`);
}

/** Runs commands side by side (one core each), then prints each one's output under its heading, in order. */
async function steps(list) {
  const results = await Promise.all(
    list.map(
      ([, cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('close', (code) => resolve({ code: code ?? 1, output }));
        }),
    ),
  );
  list.forEach(([title, , , name], i) => {
    console.log(`\n== ${title} ==`);
    process.stdout.write(results[i].output);
    if (results[i].code === 0) passed += 1;
    else failures.push(name);
  });
}

// The type check and the lint read the same sources and need one core each: side by side.
await steps(
  [
    ['Type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], 'type check'],
    ['Lint (npm run lint)', 'npm', ['run', '--silent', 'lint'], 'lint'],
  ].filter(([, , , name]) => !only || only === (name === 'type check' ? 'typecheck' : name)),
);
if (!only || only === 'api') {
  const pg = Boolean(process.env.TEST_DATABASE_URL);
  console.log(`\n== API tests (PGlite${pg ? ' and PostgreSQL' : ''}) ==`);
  if (!pg)
    skips.push([
      'API tests on PostgreSQL (the api-postgres project)',
      'TEST_DATABASE_URL is not set',
    ]);
  vitestSuite('api', files);
}
if (!only || only === 'e2e') {
  console.log('\n== End-to-end tests (Chromium) ==');
  vitestSuite('e2e', ['-c', 'vitest.e2e.config.ts', ...files]);
}

if (failures.length)
  console.log(`\nFailed (${failures.length}):\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
if (skips.length) {
  const byReason = new Map();
  for (const [name, reason] of skips) byReason.set(reason, [...(byReason.get(reason) ?? []), name]);
  console.log(`\nSkipped (${skips.length}):`);
  for (const [reason, names] of byReason)
    console.log(`  because ${reason}:\n${names.map((n) => `    - ${n}`).join('\n')}`);
}
console.log(`\n${passed} passed, ${failures.length} failed, ${skips.length} skipped`);
process.exit(failures.length > 0 ? 1 : 0);
