// The pattern list under load: seeds 100,000 patterns into an embedded PGlite (and 1,000,000 into a
// scratch PostgreSQL database when TEST_DATABASE_URL is set or --pg[=URL] is given), starts the
// portal on it as a separate process, and measures GET /api/patterns over HTTP: latency p50/p99
// (one request at a time) and requests per second (several at once), checking every answer's
// total against count(*). Benchmarks measure; they never fail on a number.
//   node scripts/bench-list.mjs [--pg[=postgres://…]] [--rows=N] [--pg-rows=N] [--no-pglite]
//   The scenarios assume the default sizes (100,000 and more): far fewer rows leave some of their pages empty.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { waitUntilHealthy } from './portal-process.mjs';
import { seed } from './seed-patterns.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const arg = (name) =>
  process.argv
    .find((a) => a === `--${name}` || a.startsWith(`--${name}=`))
    ?.split('=')
    .slice(1)
    .join('=');
const pgArg = arg('pg');
const pgUrl =
  pgArg ||
  process.env.TEST_DATABASE_URL ||
  (pgArg === '' ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);
const PGLITE_ROWS = Number(arg('rows') || 100_000);
const PG_ROWS = Number(arg('pg-rows') || 1_000_000);
const SAMPLES = Number(arg('samples') || 300);
const CONCURRENCY = 8;

const mod = (p) => tsImport(path.join(root, p), import.meta.url);
const { parseEnv } = await mod('src/server/config/env.ts');
const { createDeps } = await mod('src/server/deps.ts');
const { openPostgres } = await mod('src/server/db/client.ts');
const { seedBrands } = await mod('src/server/features/brands/brands.service.ts');
const { insertUser } = await mod('src/server/features/auth/auth.repo.ts');
const { createSession } = await mod('src/server/features/auth/auth.service.ts');
const { sql } = await import('drizzle-orm');
const silent = (await import('pino')).default({ level: 'silent' });

async function prepare(deps, rows) {
  const db = deps.database.db;
  await seedBrands(db);
  const t0 = performance.now();
  await seed(db, rows);
  console.log(`  seed + indexes + vacuum: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const [ditto] = (await db.execute(sql`select id from brands where slug = 'ditto'`)).rows;
  const mk = async (role, brandId) => {
    const id = await insertUser(db, {
      fullName: `Bench ${role}`,
      email: `bench-${role}-${crypto.randomBytes(3).toString('hex')}@example.com`,
      passwordHash: 'x',
      role,
      brandId,
    });
    return createSession(deps, id);
  };
  const admin = await mk('admin', null);
  const user = await mk('user', ditto.id);
  const count = async (where) =>
    (await db.execute(sql.raw(`select count(*)::int as n from patterns where ${where}`))).rows[0].n;
  const total = await count('true');
  const scenarios = [
    { name: 'first page, sorted by updated', token: admin, query: {}, total },
    {
      name: 'one brand (a user, first page)',
      token: user,
      query: {},
      total: await count(`brand_id = ${ditto.id}`),
    },
    {
      name: 'search "dress 123" (part of a name)',
      token: admin,
      query: { search: 'dress 123' },
      total: await count(`("SFCC_Pattern_ID" || ' ' || "Pattern_Name") ilike '%dress 123%'`),
    },
    {
      name: `deep page ${Math.ceil(total / 20).toLocaleString('en-US')} (middle, by number)`,
      token: admin,
      query: { page: Math.ceil(total / 20) },
      total,
    },
    {
      name: 'deep page, Next from the middle (anchor)',
      token: admin,
      query: { page: Math.ceil(total / 20) + 1, after: 'MIDDLE' },
      total,
    },
    { name: 'last page', token: admin, query: { page: Math.ceil(total / 10) }, total },
    {
      name: 'status In review, sorted by name',
      token: admin,
      query: { status: 'in_review', sort: 'Pattern_Name', dir: 'asc' },
      total: await count(`"SFCC_Status" = 'in_review'`),
    },
    {
      name: 'one brand, by price, page 100',
      token: user,
      query: { sort: 'Price', dir: 'desc', page: 100 },
      total: await count(`brand_id = ${ditto.id}`),
    },
    {
      name: 'sorted by brand, page 1,000',
      token: admin,
      query: { sort: 'brand', page: 1000 },
      total,
    },
    {
      name: 'search by Pattern ID "PP-00512"',
      token: admin,
      query: { search: 'PP-00512' },
      total: await count(`("SFCC_Pattern_ID" || ' ' || "Pattern_Name") ilike '%PP-00512%'`),
    },
    {
      name: 'broad search "dress" (5% of rows)',
      token: admin,
      query: { search: 'dress' },
      total: await count(`("SFCC_Pattern_ID" || ' ' || "Pattern_Name") ilike '%dress%'`),
    },
  ];
  return scenarios;
}

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function startServer(env) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'src/server/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(base, { child });
  return { base, stop: () => new Promise((r) => (child.kill('SIGTERM'), child.on('exit', r))) };
}

async function call(base, s) {
  const qs = new URLSearchParams(Object.entries(s.query).map(([k, v]) => [k, String(v)]));
  const t0 = performance.now();
  const res = await fetch(`${base}/api/patterns?${qs}`, {
    headers: { authorization: `Bearer ${s.token}` },
  });
  const body = await res.json();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${s.name}: ${res.status} ${JSON.stringify(body)}`);
  if (body.totalCountData !== s.total)
    throw new Error(`${s.name}: total ${body.totalCountData}, expected ${s.total}`);
  if (body.data.length === 0) throw new Error(`${s.name}: empty page`);
  return { ms, body };
}

const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(base, scenarios) {
  const mid = scenarios.find((s) => s.query.after === 'MIDDLE');
  const prev = scenarios.find(
    (s) => s.query.page === mid.query.page - 1 && !s.query.sort && s.token === mid.token,
  );
  const { body } = await call(base, prev);
  mid.query.after = body.data[body.data.length - 1].ID;
  const results = [];
  for (const s of scenarios) {
    for (let i = 0; i < 20; i++) await call(base, s); // warm-up
    const times = [];
    for (let i = 0; i < SAMPLES; i++) times.push((await call(base, s)).ms);
    times.sort((a, b) => a - b);
    const n = SAMPLES;
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < n) await call(base, s);
      }),
    );
    const rps = n / ((performance.now() - t0) / 1000);
    results.push({
      scenario: s.name,
      total: s.total.toLocaleString('en-US'),
      'p50 ms': pct(times, 50).toFixed(1),
      'p99 ms': pct(times, 99).toFixed(1),
      [`req/s (${CONCURRENCY} at once)`]: rps.toFixed(0),
    });
  }
  return results;
}

async function benchPglite() {
  console.log(`\nPGlite (embedded), ${PGLITE_ROWS.toLocaleString('en-US')} patterns`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-bench-list-'));
  try {
    const deps = await createDeps(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), silent);
    const scenarios = await prepare(deps, PGLITE_ROWS);
    await deps.closeAll();
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      console.table(await measure(server.base, scenarios));
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres() {
  const name = `ppp_bench_${crypto.randomBytes(4).toString('hex')}`;
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  console.log(
    `\nPostgreSQL (${url.host}, scratch database ${name}), ${PG_ROWS.toLocaleString('en-US')} patterns`,
  );
  const admin = await openPostgres(pgUrl, 1);
  await admin.db.execute(sql.raw(`create database ${name}`));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-bench-list-'));
  try {
    const deps = await createDeps(
      parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: url.toString() }),
      silent,
    );
    const scenarios = await prepare(deps, PG_ROWS);
    await deps.closeAll();
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
    try {
      console.table(await measure(server.base, scenarios));
    } finally {
      await server.stop();
    }
  } finally {
    await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    await admin.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `List benchmark: ${SAMPLES} sequential requests per scenario for p50/p99 (after 20 warm-up), then ${SAMPLES} with ${CONCURRENCY} at once for req/s.`,
);
console.log(
  `Machine: ${os.cpus().length} CPU(s), Node ${process.version}. Each answer's total is checked against count(*).`,
);
if (!process.argv.includes('--no-pglite')) await benchPglite();
if (pgUrl) await benchPostgres();
else
  console.log(
    '\n(PostgreSQL skipped: set TEST_DATABASE_URL or pass --pg[=URL] to run it with 1,000,000 patterns.)',
  );
