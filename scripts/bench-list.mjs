// The pattern list under load: seeds 100,000 patterns into an embedded PGlite (and 1,000,000 into a
// scratch PostgreSQL database when TEST_DATABASE_URL is set or --pg[=URL] is given), starts the
// portal on it as a separate process, and measures GET /api/patterns over HTTP: latency p50/p99
// (one request at a time) and requests per second (several at once), checking every answer's
// total against count(*). Benchmarks measure; they never fail on a number.
//   node scripts/bench-list.mjs [--pg[=postgres://…]] [--rows=N] [--pg-rows=N] [--no-pglite]
//   The scenarios assume the default sizes (100,000 and more): far fewer rows leave some of their pages empty.
//
// First it prints the six reads of issue 15 (page of 25, exact total) under 10 connections, in
// interleaved rounds: req/s and latency p50/p99 under that load, PGlite and PostgreSQL at 100,000.
//   --six               only the six reads (skip the detailed scenarios)
//   --rounds=N          rounds of the six reads (default 3)
//   --compare=DIR       also run the portal checked out in DIR (e.g. the main branch) on a copy of
//                       the same data, interleaved, and print new ÷ DIR (before/after)
//   --heroes            every pattern also gets a main hero photo with its check and a PDF (rows
//                       only): the list's hero thumbnail then always has one to read (issue 17)
//   DIRECTUS_URL + DIRECTUS_TOKEN: the peer of docs/benchmarks.md, run interleaved with ours,
//                       and the ratio ours ÷ Directus printed per read
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { waitUntilHealthy } from './portal-process.mjs';
import { seed, seedHeroFiles } from './seed-patterns.mjs';

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
const SIX_ONLY = process.argv.includes('--six');
const ROUNDS = Number(arg('rounds') || 3);
const COMPARE = arg('compare');
const CONNECTIONS = 10;
const SIX_REQUESTS = Number(arg('six-requests') || 300);
const SIX_PG_ROWS = Number(arg('six-pg-rows') || 100_000);
const DIRECTUS_URL = process.env.DIRECTUS_URL?.replace(/\/$/, '');
const DIRECTUS_TOKEN = process.env.DIRECTUS_TOKEN;

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
  if (process.argv.includes('--heroes')) await seedHeroFiles(db);
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
  const six = [
    { name: 'newest first, admin (all brands)', token: admin, query: {}, total },
    {
      name: "newest first, a brand's user",
      token: user,
      query: {},
      total: await count(`brand_id = ${ditto.id}`),
      brandId: ditto.id,
    },
    {
      name: 'one brand filter',
      token: admin,
      query: { brand: ditto.id },
      total: await count(`brand_id = ${ditto.id}`),
      brandId: ditto.id,
    },
    {
      name: 'search matching 1 row',
      token: admin,
      query: { search: 'PP-0051234' },
      total: await count(`("SFCC_Pattern_ID" || ' ' || "Pattern_Name") ilike '%PP-0051234%'`),
    },
    {
      name: 'search "jacket" (broad)',
      token: admin,
      query: { search: 'jacket' },
      total: await count(`("SFCC_Pattern_ID" || ' ' || "Pattern_Name") ilike '%jacket%'`),
    },
    { name: 'page 2000 by number', token: admin, query: { page: 2000 }, total },
  ];
  for (const r of six) r.query.pageSize = 25;
  return { scenarios, six };
}

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function startServer(env, dir = root) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(dir, 'src/server/main.ts')], {
    cwd: dir,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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

/** The same read on the Directus peer (docs/benchmarks.md): items of the `patterns` collection. */
async function callDirectus(s) {
  const qs = new URLSearchParams({
    limit: '25',
    page: String(s.query.page ?? 1),
    sort: '-updated_at,-id',
    meta: 'filter_count',
    fields:
      'id,SFCC_Pattern_ID,Pattern_Name,brand_id,Type,Gender,Price,Fabric_type,Is_Printable,SFCC_Status,IS_SFCC_TESTING,updated_at',
  });
  if (s.brandId !== undefined) qs.set('filter[brand_id][_eq]', String(s.brandId));
  if (s.query.search) qs.set('filter[search_text][_icontains]', s.query.search);
  const t0 = performance.now();
  const res = await fetch(`${DIRECTUS_URL}/items/patterns?${qs}`, {
    headers: { authorization: `Bearer ${DIRECTUS_TOKEN}` },
  });
  const body = await res.json();
  const ms = performance.now() - t0;
  if (res.status !== 200)
    throw new Error(`Directus ${s.name}: ${res.status} ${JSON.stringify(body)}`);
  if (body.meta?.filter_count !== s.total && !s.warned) {
    s.warned = true;
    console.warn(`  Directus ${s.name}: total ${body.meta?.filter_count}, expected ${s.total}`);
  }
  return { ms, body };
}

const PEER_FIELDS = [
  ['SFCC_Pattern_ID', 'string'],
  ['Pattern_Name', 'string'],
  ['brand_id', 'integer'],
  ['Type', 'string'],
  ['Gender', 'string'],
  ['Price', 'decimal'],
  ['Fabric_type', 'string'],
  ['Is_Printable', 'string'],
  ['SFCC_Status', 'string'],
  ['IS_SFCC_TESTING', 'boolean'],
  ['updated_at', 'timestamp'],
  ['search_text', 'string'],
];

/**
 * Gives the Directus peer the rows `seed` gave ours (same formulas, same brand ids), through its
 * REST API, when its `patterns` collection is missing or holds another number of rows.
 */
async function seedPeer(db, rows) {
  const api = (p, init = {}) =>
    fetch(`${DIRECTUS_URL}${p}`, {
      ...init,
      headers: { authorization: `Bearer ${DIRECTUS_TOKEN}`, 'content-type': 'application/json' },
    });
  const have = await api('/items/patterns?limit=0&meta=total_count');
  if (have.ok && (await have.json()).meta?.total_count === rows) return;
  if (have.ok) await api('/collections/patterns', { method: 'DELETE' });
  const created = await api('/collections', {
    method: 'POST',
    body: JSON.stringify({
      collection: 'patterns',
      schema: {},
      meta: {},
      fields: [
        {
          field: 'id',
          type: 'integer',
          schema: { is_primary_key: true, has_auto_increment: true },
        },
        ...PEER_FIELDS.map(([field, type]) => ({ field, type, schema: {} })),
      ],
    }),
  });
  if (!created.ok) throw new Error(`Directus: cannot create patterns: ${await created.text()}`);
  const brandIds = (await db.execute(sql`select id from brands order by id`)).rows.map((r) => r.id);
  const types = [
    'Women Patterns',
    'Men Patterns',
    'Kids Patterns',
    'Gender Neutral Patterns',
    'Craft Patterns',
  ];
  const genders = [
    'Women',
    'Men',
    'Kids',
    'Boys',
    'Girls',
    'Gender Neutral Kids',
    'Gender Neutral Adults',
  ];
  const fabrics = ['Knit', 'Woven', 'Knit/Woven', 'Other'];
  const statuses = ['draft', 'draft', 'draft', 'in_review', 'published', 'published'];
  const now = Date.now();
  for (let from = 1; from <= rows; from += 1000) {
    const batch = [];
    for (let i = from; i < Math.min(rows + 1, from + 1000); i++) {
      const id = `PP-${String(i).padStart(7, '0')}`;
      const name = `${ADJ[(i * 7) % 20]} ${NOUN[(i * 13) % 20]} ${i % 9973}`;
      batch.push({
        id: i,
        SFCC_Pattern_ID: id,
        Pattern_Name: name,
        brand_id: brandIds[(i * 31) % brandIds.length],
        Type: types[i % 5],
        Gender: genders[i % 7],
        Price: ((i * 7919) % 9000) / 100 + 5,
        Fabric_type: fabrics[i % 4],
        Is_Printable: i % 2 === 0 ? 'Yes' : 'No',
        SFCC_Status: statuses[i % 6],
        IS_SFCC_TESTING: i % 6 >= 3,
        updated_at: new Date(now - ((rows - i) * 37 + ((i * 7919) % 37)) * 1000).toISOString(),
        search_text: `${id} ${name}`,
      });
    }
    const res = await api('/items/patterns', { method: 'POST', body: JSON.stringify(batch) });
    if (!res.ok) throw new Error(`Directus: seeding failed: ${await res.text()}`);
    process.stdout.write(
      `\r  Directus seeded ${Math.min(rows, from + 999).toLocaleString('en-US')}`,
    );
  }
  process.stdout.write('\n  Directus: add the indexes of docs/benchmarks.md, then run again\n');
}

/** `n` requests, `CONNECTIONS` at a time: req/s and each request's latency under that load. */
async function underLoad(fn, n) {
  const times = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next++ < n) times.push((await fn()).ms);
    }),
  );
  return { seconds: (performance.now() - t0) / 1000, times };
}

/**
 * The six reads of issue 15 on every target (ours, and a before checkout or Directus), in
 * interleaved rounds (the order of targets alternates); prints req/s, p50, p99 and the ratios.
 */
async function measureSix(targets, reads) {
  const acc = targets.map(() => reads.map(() => ({ n: 0, seconds: 0, times: [] })));
  for (const t of targets) for (const r of reads) for (let i = 0; i < 10; i++) await t.call(r); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    process.stdout.write(
      `  round ${round + 1} of ${ROUNDS} (load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})\n`,
    );
    for (const [ri, r] of reads.entries()) {
      const order = round % 2 ? [...targets.keys()].reverse() : [...targets.keys()];
      for (const ti of order) {
        const m = await underLoad(() => targets[ti].call(r), SIX_REQUESTS);
        const a = acc[ti][ri];
        a.n += SIX_REQUESTS;
        a.seconds += m.seconds;
        a.times.push(...m.times);
      }
    }
  }
  const table = reads.map((r, ri) => {
    const row = { read: r.name, total: r.total.toLocaleString('en-US') };
    for (const [ti, t] of targets.entries()) {
      const a = acc[ti][ri];
      a.times.sort((x, y) => x - y);
      a.rps = a.n / a.seconds;
      row[`${t.label} req/s`] = a.rps.toFixed(0);
      row[`${t.label} p50`] = pct(a.times, 50).toFixed(1);
      row[`${t.label} p99`] = pct(a.times, 99).toFixed(1);
    }
    for (let ti = 1; ti < targets.length; ti++)
      row[`${targets[0].label} ÷ ${targets[ti].label}`] = (
        acc[0][ri].rps / acc[ti][ri].rps
      ).toFixed(2);
    return row;
  });
  console.log(
    `  six reads, page of 25, ${CONNECTIONS} connections, ${ROUNDS} rounds × ${SIX_REQUESTS} requests; latency under that load (ms); load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.table(table);
}

/** Ours (and a before checkout, and the Directus peer, when given) on the data in `env`. */
async function runSix(six, env, copyEnv) {
  const servers = [];
  try {
    const ours = await startServer(env);
    servers.push(ours);
    const targets = [{ label: 'ours', call: (s) => call(ours.base, s) }];
    if (COMPARE) {
      const before = await startServer(await copyEnv(), path.resolve(COMPARE));
      servers.push(before);
      targets.push({ label: 'before', call: (s) => call(before.base, s) });
    }
    if (DIRECTUS_URL && DIRECTUS_TOKEN) targets.push({ label: 'Directus', call: callDirectus });
    await measureSix(targets, six);
  } finally {
    for (const s of servers) await s.stop();
  }
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
    const { scenarios, six } = await prepare(deps, PGLITE_ROWS);
    if (DIRECTUS_URL && DIRECTUS_TOKEN) await seedPeer(deps.database.db, PGLITE_ROWS);
    await deps.closeAll();
    const copies = [];
    await runSix(six, { DATA_DIR: dataDir, DATABASE_URL: '' }, async () => {
      const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-bench-list-'));
      fs.cpSync(dataDir, copy, { recursive: true });
      copies.push(copy);
      return { DATA_DIR: copy, DATABASE_URL: '' };
    });
    for (const c of copies) fs.rmSync(c, { recursive: true, force: true });
    if (SIX_ONLY) return;
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
    `\nPostgreSQL (${url.host}, scratch database ${name}), ${(SIX_ONLY ? SIX_PG_ROWS : PG_ROWS).toLocaleString('en-US')} patterns`,
  );
  const admin = await openPostgres(pgUrl, 1);
  await admin.db.execute(sql.raw(`create database ${name}`));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-bench-list-'));
  try {
    const deps = await createDeps(
      parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: url.toString() }),
      silent,
    );
    const { scenarios, six } = await prepare(deps, SIX_ONLY ? SIX_PG_ROWS : PG_ROWS);
    await deps.closeAll();
    const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
    await runSix(six, env, async () => env);
    if (SIX_ONLY) return;
    const server = await startServer(env);
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
