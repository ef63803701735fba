// The pattern list under load: seeds 100,000 patterns into an embedded PGlite (and 1,000,000 into a
// scratch PostgreSQL database when TEST_DATABASE_URL is set or --pg[=URL] is given), starts the
// portal on it as a separate process, and measures GET /api/patterns over HTTP: latency p50/p99
// (one request at a time) and requests per second (several at once), checking every answer's
// total against count(*). Benchmarks measure; they never fail on a number.
//   node scripts/bench/bench-list.mjs [--pg[=postgres://…]] [--rows=N] [--pg-rows=N] [--no-pglite]
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
//   --warm-up=N         requests per read and target under load before the rounds (200)
//   --reads=1,2,6       only these of the six reads (1-based, in the table's order), e.g. to
//                       profile the plain reads alone
//   --processes=N       on PostgreSQL, ours runs as N server processes (SERVER_PROCESSES); the
//                       before checkout and PGlite as one
//   --client=node       the rounds' load from this process instead of wrk (scripts/bench/wrk-load.mjs)
//   --six-seconds=N     seconds of wrk load per read, target and round (2)
//   --profile=DIR       the portal processes write V8 CPU profiles into DIR (every thread, read
//                       with `node scripts/bench/profile-summary.mjs DIR`): where a request's CPU goes
//   LIST_ANSWERS_KEPT=off (in the environment): ours asks the database on every read; by default
//                       an answer asked again while no data changed is sent from memory
//                       (docs/decisions/002, "Answers kept"), as users run the portal
//   DIRECTUS_URL + DIRECTUS_TOKEN: the peer of docs/benchmarks.md (scripts/bench/directus-peer.mjs),
//                       seeded with the same rows, run interleaved with ours, and the ratio
//                       ours ÷ Directus printed per read; DIRECTUS_DB (its SQLite file) lets the
//                       bench add the indexes, DIRECTUS_PID lets it print Directus' idle RSS
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { cpuMs, directusPeer, pidsNamed, rssMb } from './directus-peer.mjs';
import { childrenOf, freePort, getJson, waitUntilHealthy } from '../portal-process.mjs';
import { findWrk, wrkLoad } from './wrk-load.mjs';
import { seed, seedHeroFiles } from './seed-patterns.mjs';
import { serverEnvOf, serverFlagsOf } from '../server-flags.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
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
const PROFILE = arg('profile');
const CONNECTIONS = 10;
const SIX_REQUESTS = Number(arg('six-requests') || 300);
// The load of the rounds comes from wrk when it is installed (`--client=node` to use this
// process, as the bench once did): scripts/bench/wrk-load.mjs says why. Each round gives every target and
// read `--six-seconds` of load with wrk, `--six-requests` requests with the Node client.
const WRK = arg('client') === 'node' ? undefined : findWrk();
if (arg('client') === 'wrk' && !WRK) throw new Error('--client=wrk: wrk is not installed');
const SIX_SECONDS = Number(arg('six-seconds') || 2);
const PROCESSES = Number(arg('processes') || 1);
const WARM_UP = Number(arg('warm-up') || 200);
const SIX_PG_ROWS = Number(arg('six-pg-rows') || 100_000);
const READS = arg('reads')
  ?.split(',')
  .map((n) => Number(n) - 1);
const peer = directusPeer(process.env);

const mod = (p) => tsImport(path.join(root, p), import.meta.url);
const { parseEnv } = await mod('src/server/config/env.ts');
const { LIMITS } = await mod('src/shared/limits.ts');
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
      brandUser: ditto.id, // the peer's user holds a policy that reads this brand only
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
  return { scenarios, six: READS ? six.filter((_, i) => READS.includes(i)) : six };
}

const bundles = new Map(); // checkout → its server bundle's entry, or null (no bundler there: tsx)
process.on('exit', () => {
  for (const entry of bundles.values())
    if (entry) fs.rmSync(path.dirname(entry), { recursive: true, force: true });
});

/**
 * What `npm start` runs: the checkout's server bundle, built once into its `.test-data` (where
 * packages resolve from its node_modules), so memory and start-up are those of production.
 */
async function serverArgs(dir) {
  if (!bundles.has(dir)) {
    const helper = path.join(dir, 'scripts/server-bundle.mjs');
    let entry = null;
    if (fs.existsSync(helper)) {
      const out = path.join(
        dir,
        '.test-data',
        `bench-list-${crypto.randomBytes(4).toString('hex')}`,
      );
      await (await import(pathToFileURL(helper).href)).buildServerBundle(out);
      entry = path.join(out, 'main.js');
    }
    bundles.set(dir, entry);
  }
  const entry = bundles.get(dir);
  const profile = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE)}`] : [];
  return entry
    ? [...profile, ...(await serverFlagsOf(dir)), entry]
    : ['--import', 'tsx', path.join(dir, 'src/server/main.ts')];
}

/**
 * The portals this bench started and that are still running: stopped when the bench ends however
 * it ends (a throw skipped the `finally` that stops them and left a portal running for an hour;
 * `timeout` or Ctrl-C ends the bench with a signal).
 */
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});
for (const [signal, status] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
])
  process.once(signal, () => process.exit(status));

async function startServer(env, dir = root) {
  const port = await freePort();
  const child = spawn(process.execPath, await serverArgs(dir), {
    cwd: dir,
    env: {
      ...(await serverEnvOf(dir)),
      ...process.env,
      SERVER_PROCESSES: '', // one process unless the run asks for more (--processes)
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  const base = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(base, { child });
  // With SERVER_PROCESSES the server is a primary and its processes: all of them count.
  const pids = () => [child.pid, ...childrenOf(child.pid)];
  return {
    base,
    rss: () => pids().reduce((mb, pid) => mb + rssMb(pid), 0),
    cpu: () => cpuMs(pids()),
    stop: () => new Promise((r) => (child.kill('SIGTERM'), child.on('exit', r))),
  };
}

/** The total a read answers: a search past the cap answers the cap and says so ("10,000+"). */
function answeredTotal(s) {
  const capped = s.query.search !== undefined && s.total > LIMITS.searchCountCap;
  const expected = capped ? LIMITS.searchCountCap : s.total;
  return { capped, expected, shown: `${expected.toLocaleString('en-US')}${capped ? '+' : ''}` };
}

/** The list request of a read: its URL and headers (for our calls and for wrk). */
function request(base, s) {
  const qs = new URLSearchParams(Object.entries(s.query).map(([k, v]) => [k, String(v)]));
  return { url: `${base}/api/patterns?${qs}`, headers: { authorization: `Bearer ${s.token}` } };
}

async function call(base, s) {
  const { url, headers } = request(base, s);
  const t0 = performance.now();
  const { status, body } = await getJson(url, headers);
  const ms = performance.now() - t0;
  if (status !== 200) throw new Error(`${s.name}: ${status} ${JSON.stringify(body)}`);
  const { capped, expected } = answeredTotal(s);
  if (body.totalCountData !== expected || (body.totalCapped === true) !== capped)
    throw new Error(
      `${s.name}: total ${body.totalCountData}${body.totalCapped ? '+' : ''}, expected ${expected}${capped ? '+' : ''}`,
    );
  if (body.data.length === 0) throw new Error(`${s.name}: empty page`);
  return { ms, body };
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
  const acc = targets.map(() =>
    reads.map(() => ({ n: 0, seconds: 0, times: [], cpu: 0, db: 0, client: 0 })),
  );
  for (const r of reads) {
    // Comparable reads: every target answers the same page (same rows in the same order).
    const pages = [];
    for (const t of targets) {
      pages.push((await t.call(r)).body.data.map((row) => row.SFCC_Pattern_ID).join(' '));
      // Warm-up under the same load as the rounds: with ten calls only, the first read measured
      // still paid for the JIT's work (the server's and PGlite's WebAssembly tiers), about 40 %
      // more CPU a request than in later rounds.
      await underLoad(() => t.call(r), WARM_UP);
    }
    for (const [ti, page] of pages.entries())
      if (page !== pages[0])
        throw new Error(
          `${r.name}: ${targets[ti].label} answers another page than ${targets[0].label}: ${page.slice(0, 60)}… vs ${pages[0].slice(0, 60)}…`,
        );
  }
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
        const t = targets[ti];
        const before = { cpu: t.cpu?.(), db: t.dbCpu?.(), client: process.cpuUsage() };
        const a = acc[ti][ri];
        if (WRK) {
          const m = await wrkLoad(WRK, t.request(r), {
            connections: CONNECTIONS,
            seconds: SIX_SECONDS,
          });
          a.client += m.cpuMs;
          a.n += m.requests;
          a.seconds += m.seconds;
          a.times.push(...m.latencies);
        } else {
          const m = await underLoad(() => t.call(r), SIX_REQUESTS);
          const c = process.cpuUsage(before.client);
          a.client += (c.user + c.system) / 1000;
          a.n += SIX_REQUESTS;
          a.seconds += m.seconds;
          a.times.push(...m.times.map((ms) => [ms, 1]));
        }
        a.cpu += (t.cpu?.() ?? 0) - (before.cpu ?? 0);
        a.db += (t.dbCpu?.() ?? 0) - (before.db ?? 0);
      }
    }
  }
  const table = reads.map((r, ri) => {
    const row = { read: r.name, total: answeredTotal(r).shown };
    for (const [ti, t] of targets.entries()) {
      const a = acc[ti][ri];
      a.rps = a.n / a.seconds;
      row[`${t.label} req/s`] = a.rps.toFixed(0);
      row[`${t.label} p50`] = weightedPct(a.times, 50).toFixed(1);
      row[`${t.label} p99`] = weightedPct(a.times, 99).toFixed(1);
    }
    for (let ti = 1; ti < targets.length; ti++)
      row[`${targets[0].label} ÷ ${targets[ti].label}`] = (
        acc[0][ri].rps / acc[ti][ri].rps
      ).toFixed(2);
    return row;
  });
  console.log(
    `  six reads, page of 25, ${CONNECTIONS} connections, ${ROUNDS} rounds × ${WRK ? `${SIX_SECONDS} s of wrk` : `${SIX_REQUESTS} requests of this process`}; latency under that load (ms); load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.table(table);
  // Where the machine's two cores went: CPU per request of each side (10 ms ticks, summed over
  // every round). The load client runs on the same cores and its share caps every target alike.
  console.log(
    `  CPU per request (ms): the server process (with its threads${targets.some((t) => t.dbCpu) ? "; PostgreSQL's backends apart" : ''}) and the load client (${WRK ? 'wrk' : 'this process'})`,
  );
  console.table(
    reads.map((r, ri) => {
      const row = { read: r.name };
      for (const [ti, t] of targets.entries()) {
        const a = acc[ti][ri];
        if (t.cpu) row[`${t.label} server`] = (a.cpu / a.n).toFixed(2);
        if (t.dbCpu) row[`${t.label} PostgreSQL`] = (a.db / a.n).toFixed(2);
        row[`client for ${t.label}`] = (a.client / a.n).toFixed(2);
      }
      return row;
    }),
  );
}

/**
 * Resident memory (MB) of each target whose process we can see, once idle: 3 s after the last request, and again at 12 s, when the portal's idle
 * collector (lib/idle-gc.ts: every 5 s, after a whole idle period) has given back what the run left.
 */
async function idleRss(targets, when) {
  const mb = (t) => {
    try {
      return t.rss().toFixed(0);
    } catch {
      return '? (no such process)';
    }
  };
  const sample = () =>
    targets
      .filter((t) => t.rss)
      .map((t) => `${t.label} ${mb(t)}`)
      .join(', ');
  await new Promise((r) => setTimeout(r, 3000));
  const early = sample();
  await new Promise((r) => setTimeout(r, 9000));
  console.log(`  idle RSS ${when} (MB): after 3 s ${early}; after 12 s ${sample()}`);
}

/** Ours (and a before checkout, and the Directus peer, when given) on the data in `env`. */
async function runSix(six, env, copyEnv, withPeer) {
  const servers = [];
  try {
    // --processes=N: ours on PostgreSQL as N server processes (SERVER_PROCESSES, docs/operations.md).
    const ours = await startServer(
      env.DATABASE_URL && PROCESSES > 1 ? { ...env, SERVER_PROCESSES: String(PROCESSES) } : env,
    );
    servers.push(ours);
    if (env.DATABASE_URL && PROCESSES > 1)
      console.log(`  ours: ${PROCESSES} server processes (SERVER_PROCESSES=${PROCESSES})`);
    const dbCpu = env.DATABASE_URL
      ? () => cpuMs(backendsOf(new URL(env.DATABASE_URL).pathname.slice(1)))
      : undefined;
    const target = (label, server) => ({
      label,
      call: (s) => call(server.base, s),
      request: (s) => request(server.base, s),
      rss: server.rss,
      cpu: server.cpu,
      dbCpu,
    });
    const targets = [target('ours', ours)];
    if (COMPARE) {
      const before = await startServer(await copyEnv(), path.resolve(COMPARE));
      servers.push(before);
      targets.push(target('before', before));
    }
    if (withPeer) targets.push(peer);
    await idleRss(targets, 'before the run (ours just started on the seeded data)');
    await measureSix(targets, six);
    await idleRss(targets, 'after the run');
  } finally {
    for (const s of servers) await s.stop();
  }
}

/**
 * The PostgreSQL backends serving database `name` (their process title names it: "postgres:
 * [cluster:] user db host(port) state"): the CPU of the server's queries alone, not that of other databases'
 * sessions on a shared server (every `postgres` process counted them too). Without process titles
 * (update_process_title off), every `postgres` process.
 */
function backendsOf(name) {
  const all = pidsNamed('postgres');
  const mine = all.filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(' ').includes(name);
    } catch {
      return false;
    }
  });
  return mine.length ? mine : all;
}

const brandIds = async (deps) =>
  (await deps.database.db.execute(sql`select id from brands order by id`)).rows.map((r) => r.id);

/** The p-th percentile of latencies given as [ms, how many]. */
function weightedPct(latencies, p) {
  const sorted = [...latencies].sort((x, y) => x[0] - y[0]);
  const total = sorted.reduce((n, [, c]) => n + c, 0);
  const rank = Math.min(total - 1, Math.floor((p / 100) * total));
  let seen = 0;
  for (const [ms, c] of sorted) if ((seen += c) > rank) return ms;
  return Number.NaN;
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
      total: answeredTotal(s).shown,
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
    if (peer) await peer.prepare(PGLITE_ROWS, await brandIds(deps), six);
    await deps.closeAll();
    const copies = [];
    const copyEnv = async () => {
      const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-bench-list-'));
      fs.cpSync(dataDir, copy, { recursive: true });
      copies.push(copy);
      return { DATA_DIR: copy, DATABASE_URL: '' };
    };
    await runSix(six, { DATA_DIR: dataDir, DATABASE_URL: '' }, copyEnv, Boolean(peer));
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
    // The peer holds one set of rows: it joins the six reads at their --six size, not at 1,000,000.
    if (peer && SIX_ONLY) await peer.prepare(SIX_PG_ROWS, await brandIds(deps), six);
    else if (peer)
      console.log('  (Directus left out: without --six the six reads run on 1,000,000 rows)');
    await deps.closeAll();
    const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
    await runSix(six, env, async () => env, Boolean(peer && SIX_ONLY));
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
