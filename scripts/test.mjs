// `npm test`: type check, lint, API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then the
// end-to-end journeys in Chromium. Its last line counts every test once: "N passed, N failed, N skipped".
// An API test runs in two projects (api-pglite, api-postgres) and passes only if it passed in each;
// every skip is listed above the totals with its reason (scripts/tally-reporter.mjs reads them).
//
// Time (issue 32 item 12): the type check, the lint and the two API halves run side by side (each
// half its own Vitest with workers sized to the machine; every test app has its own database copy,
// every server a free port); the end-to-end files start when the type check ends. Each part prints its output under its
// heading when it ends, and its time (wall and CPU) above the totals.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { merge } from './tally-merge.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, '.test-results');
fs.mkdirSync(out, { recursive: true });
// Optional: typecheck | lint | api | e2e, then (for api or e2e) test files to run instead of all of them.
const [only, ...files] = process.argv.slice(2);
const want = (part) => !only || only === part;
// Test files side by side: each API half and the e2e files run one file per core (the halves
// always did: a --maxWorkers on Vitest's command line does not reach its projects, which inherit
// the root config's count, so it is passed as VITEST_MAX_WORKERS, vitest.config.ts). The machine
// stays busy throughout (vmstat: no idle and no I/O wait, docs/benchmarks.md "Test suite").
// TEST_WORKERS=N sets every part's count.
const cores = os.availableParallelism();
const workers = Number(process.env.TEST_WORKERS) || cores;
const pgWorkers = Number(process.env.TEST_WORKERS) || cores;
const e2eWorkers = Number(process.env.TEST_WORKERS) || cores;
const vitestBin = path.join(root, 'node_modules/vitest/vitest.mjs');
// The server bundle the portal-process tests start, built once for both API halves (the first
// file to need it builds it: src/server/test/portal-process.ts) and removed at the end.
const portalBundle = path.join(root, '.test-data', `portal-run-${process.pid}`);
const pg = Boolean(process.env.TEST_DATABASE_URL);

let passed = 0;
const failures = [];
const skips = []; // [name, reason]
const times = []; // [part, wall s, cpu s | undefined]
const slowest = []; // [file, project, s]: each Vitest file's time, the slowest printed at the end

/**
 * CPU seconds (user + system) of this process's finished children, from /proc/self/stat (Linux;
 * undefined elsewhere). Read as each part ends, the difference is that part's CPU, its workers and
 * browsers included (not the PostgreSQL server's own processes).
 */
function childrenCpu() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100; // cutime + cstime, in USER_HZ (100)
  } catch {
    return undefined;
  }
}
let cpuSeen = childrenCpu();

/**
 * Runs one part; resolves when it ends with its exit code and output (kept, printed by the caller,
 * and written as it comes to .test-results/<log>.log, to follow a long run or read a stopped one).
 */
function runPart(title, log, cmd, args, env = {}) {
  const started = performance.now();
  const file = fs.createWriteStream(path.join(out, `${log}.log`));
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let output = '';
    const take = (d) => {
      output += d;
      file.write(d);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (err) => take(`\n${err.message}\n`));
    child.on('close', (code) => {
      file.end();
      const now = childrenCpu();
      const cpu = now !== undefined && cpuSeen !== undefined ? now - cpuSeen : undefined;
      cpuSeen = now;
      times.push([title, (performance.now() - started) / 1000, cpu]);
      resolve({ title, code: code ?? 1, output });
    });
  });
}

/** A Vitest run as one part; its tally (scripts/tally-reporter.mjs) is read by `count`. */
function vitestPart(title, name, args, maxWorkers) {
  const tally = path.join(out, `${name}.tally.json`);
  fs.rmSync(tally, { force: true });
  return runPart(
    title,
    name,
    process.execPath,
    [vitestBin, 'run', ...args, '--reporter=default', '--reporter=./scripts/tally-reporter.mjs'],
    { TALLY_FILE: tally, VITEST_MAX_WORKERS: String(maxWorkers), PORTAL_BUNDLE_DIR: portalBundle },
  ).then((r) => ({ ...r, tally, name }));
}

/** Counts the tests of Vitest runs together: a test run in several projects (and runs) counts once. */
function count(runs) {
  const byKey = new Map();
  for (const { name, code, tally } of runs) {
    if (!fs.existsSync(tally)) {
      failures.push(`${name}: Vitest ended (exit ${code}) before reporting`);
      continue;
    }
    const report = JSON.parse(fs.readFileSync(tally, 'utf8'));
    slowest.push(...(report.files ?? []));
    for (const t of report.tests) byKey.set(t.key, [...(byKey.get(t.key) ?? []), t]);
    for (const file of report.broken)
      failures.push(`${file}: failed outside its tests (load error or hook)`);
    if (report.unhandledErrors > 0)
      failures.push(`${name}: ${report.unhandledErrors} unhandled error(s)`);
    const explained =
      report.tests.some((t) => t.state === 'failed') ||
      report.broken.length > 0 ||
      report.unhandledErrors > 0;
    if (code !== 0 && !explained) failures.push(`${name}: Vitest exited with ${code}`);
  }
  for (const occurrences of byKey.values()) {
    const r = merge(occurrences);
    if (r.state === 'passed') passed += 1;
    else if (r.state === 'failed')
      failures.push(r.error ? `${r.name}\n      ${r.error.replaceAll('\n', '\n      ')}` : r.name);
    else skips.push([r.name, r.reason]);
  }
}

function print({ title, output }) {
  console.log(`\n== ${title} ==`);
  process.stdout.write(output);
}

// Side by side: the type check and the lint (one core each, no timeouts), and the API tests, the
// PGlite half (with the component tests) and the PostgreSQL half each in its own Vitest, so each
// half's time is its own. Every test app starts from one migrated template's state.
const first = [];
let typecheckRun = Promise.resolve();
if (want('typecheck')) {
  // TypeScript 7, the native compiler (tsgo, @typescript/native-preview): the same errors as tsc 5
  // (which typescript-eslint still needs) for half its CPU (docs/benchmarks.md "Test suite"). Three
  // programs, one per side (`npm run typecheck`): the server without the DOM, the web app without
  // Node, the journeys with both.
  typecheckRun = runPart('Type check', 'typecheck', 'npm', ['run', '--silent', 'typecheck']).then(
    (r) => ({ ...r, step: 'type check' }),
  );
  first.push(typecheckRun);
}
if (want('lint'))
  first.push(
    runPart('Lint (npm run lint)', 'lint', 'npm', ['run', '--silent', 'lint']).then((r) => ({
      ...r,
      step: 'lint',
    })),
  );
const api = [];
if (want('api')) {
  if (!pg)
    skips.push([
      'API tests on PostgreSQL (the api-postgres project)',
      'TEST_DATABASE_URL is not set',
    ]);
  api.push(
    vitestPart(
      'API tests (PGlite) and component tests',
      'api-pglite',
      ['--project=web', '--project=api-pglite', ...files],
      workers,
    ),
  );
  if (pg)
    api.push(
      vitestPart(
        'API tests (PostgreSQL)',
        'api-postgres',
        ['--project=api-postgres', ...files],
        pgWorkers,
      ),
    );
}
// The end-to-end tests (their build first) start as soon as the type check ends, beside the lint
// and the API halves: they are the longest part, and started after the lint too they ended alone,
// the cores part idle meanwhile (docs/benchmarks.md "Test suite").
const firstEnded = Promise.all(first);
const e2eRun = want('e2e')
  ? typecheckRun.then(() =>
      vitestPart(
        'End-to-end tests (Chromium)',
        'e2e',
        ['-c', 'vitest.e2e.config.ts', ...files],
        e2eWorkers,
      ),
    )
  : undefined;
const firstDone = await firstEnded;
for (const r of firstDone) {
  print(r);
  if (r.code === 0) passed += 1;
  else failures.push(r.step);
}
const apiDone = await Promise.all(api);
apiDone.forEach(print);
// A file given for one half only (say, a .test.tsx) leaves the other with no file: not a failure.
count(apiDone.filter((r) => !(files.length && /No test files found/.test(r.output))));

if (e2eRun) {
  const e2e = await e2eRun;
  print(e2e);
  count([e2e]);
}

fs.rmSync(portalBundle, { recursive: true, force: true });
if (failures.length)
  console.log(`\nFailed (${failures.length}):\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
if (skips.length) {
  const byReason = new Map();
  for (const [name, reason] of skips) byReason.set(reason, [...(byReason.get(reason) ?? []), name]);
  console.log(`\nSkipped (${skips.length}):`);
  for (const [reason, names] of byReason)
    console.log(`  because ${reason}:\n${names.map((n) => `    - ${n}`).join('\n')}`);
}
const s = (x) => `${Math.round(x)} s`;
if (slowest.length) {
  // Where the time goes (a file's import, set-up and tests, as its worker saw them): the next lever.
  const top = slowest.sort((a, b) => b[2] - a[2]).slice(0, 12);
  console.log('\nSlowest test files (wall, in their worker):');
  for (const [file, project, secs] of top) console.log(`  ${s(secs)}  ${project}  ${file}`);
}
console.log(
  `\nTime (wall, and CPU of the part's processes; ${workers} + ${pgWorkers} API workers, ${e2eWorkers} e2e; the type check,` +
    ' the lint and the API halves side by side, the end-to-end tests from the end of the type check):',
);
for (const [part, wall, cpu] of times)
  console.log(`  ${part}: ${s(wall)}${cpu === undefined ? '' : `, CPU ${s(cpu)}`}`);
console.log(`  whole run: ${s(performance.now() / 1000)}`);
console.log(`\n${passed} passed, ${failures.length} failed, ${skips.length} skipped`);
process.exit(failures.length > 0 ? 1 : 0);
