// `npm test`: type check, API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then the
// end-to-end journeys in Chromium. Ends with one plain line of totals over every suite: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, '.test-results');
fs.mkdirSync(out, { recursive: true });
const only = process.argv[2]; // optional: typecheck | lint | api | e2e
let passed = 0;
let failed = 0;

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  return r.status ?? 1;
}

function vitestSuite(name, args) {
  const file = path.join(out, `${name}.json`);
  fs.rmSync(file, { force: true });
  const code = run('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  if (fs.existsSync(file)) {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    // A file that failed to load counts as one failure even though it ran no test.
    failed += report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  } else if (code !== 0) failed += 1;
  if (code !== 0 && failed === 0) failed += 1;
}

if (!only || only === 'typecheck') {
  console.log('\n== Type check ==');
  if (run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) === 0) passed += 1;
  else failed += 1;
}
if (!only || only === 'lint') {
  console.log('\n== Lint (dependency direction) ==');
  if (run('npx', ['eslint', '.']) === 0) passed += 1;
  else failed += 1;
}
if (!only || only === 'api') {
  console.log(`\n== API tests (PGlite${process.env.TEST_DATABASE_URL ? ' and PostgreSQL' : ''}) ==`);
  vitestSuite('api', []);
}
if (!only || only === 'e2e') {
  console.log('\n== End-to-end tests (Chromium) ==');
  vitestSuite('e2e', ['-c', 'vitest.e2e.config.ts']);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
