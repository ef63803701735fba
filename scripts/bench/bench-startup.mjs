// Start-up of the portal on the embedded default (PGlite, files on disk), started as `npm start`
// starts it (scripts/server-flags.mjs: its Node flags and environment): time until /api/health answers, and resident memory (the
// whole process: the main thread and PGlite's worker thread) at that moment, at its peak (VmHWM),
// and idle once start-up has settled (`--idle` seconds after health: the idle collector,
// lib/idle-gc.ts, looks every 5 s). Three starts, each a process of its own:
//   first  : an empty DATA_DIR (initdb, migrations, brands, first admin)
//   later  : the same DATA_DIR again
//   seeded : a DATA_DIR with `--rows` patterns (seed-patterns.mjs), when --rows is above 0
// Benchmarks measure; they never fail on a number.
//   node scripts/bench/bench-startup.mjs [--rounds=N] [--idle=S] [--rows=N] [--compare=DIR]
//   --rounds=N    rounds (default 3); each figure printed is the median, with the range
//   --idle=S      seconds idle after health before the idle figure (default 25)
//   --rows=N      patterns in the seeded start's data (default 100,000; 0 skips that start)
//   --compare=DIR also start the portal checked out in DIR (e.g. the main branch, built from its
//                 sources into DIR/.test-data) with its own flags, interleaved round by round,
//                 on copies of the same data: before/after in one run
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { buildAll, root } from '../build.mjs';
import { freePort, waitUntilHealthy } from '../portal-process.mjs';
import { serverEnvOf, serverFlagsOf } from '../server-flags.mjs';
import { seed } from './seed-patterns.mjs';

const arg = (name, dflt) =>
  process.argv
    .find((a) => a.startsWith(`--${name}=`))
    ?.split('=')
    .slice(1)
    .join('=') ?? dflt;
const ROUNDS = Number(arg('rounds', 3));
const IDLE_S = Number(arg('idle', 25));
const ROWS = Number(arg('rows', 100_000));
const COMPARE = arg('compare');

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-bench-start-'));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The server entry and Node flags of a checkout: this one as `npm start` builds it; another built from its sources. */
async function serverOf(dir) {
  const flags = await serverFlagsOf(dir);
  const env = await serverEnvOf(dir);
  if (dir === root) {
    await buildAll({ quiet: true, ifNeeded: true });
    return { label: 'ours', flags, env, main: path.join(root, 'dist/server/main.js') };
  }
  const out = path.join(
    dir,
    '.test-data',
    `bench-startup-${crypto.randomBytes(4).toString('hex')}`,
  );
  const helper = path.join(dir, 'scripts/server-bundle.mjs');
  await (await import(pathToFileURL(helper).href)).buildServerBundle(out);
  return { label: 'before', flags, env, main: path.join(out, 'main.js'), cleanup: out };
}

const status = (pid, field) =>
  Number(
    new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ??
      0,
  ) / 1024;

/** One start on `dataDir`: ms until healthy, RSS then, peak, and RSS after IDLE_S idle seconds. */
async function startOnce(server, dataDir) {
  const port = await freePort(); // a port the system says is free (a random one in a range hit RabbitMQ's epmd, 4369)
  const t0 = performance.now();
  const child = spawn(process.execPath, [...server.flags, server.main], {
    env: {
      ...server.env,
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATABASE_URL: '',
      SERVER_PROCESSES: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitUntilHealthy(`http://127.0.0.1:${port}`, { child, pollMs: 50 });
    const ms = performance.now() - t0;
    const atHealth = status(child.pid, 'VmRSS');
    await new Promise((r) => setTimeout(r, IDLE_S * 1000));
    return { ms, atHealth, idle: status(child.pid, 'VmRSS'), peak: status(child.pid, 'VmHWM') };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.on('exit', r)));
  }
}

/** A DATA_DIR holding a migrated database with `rows` patterns, opened by this checkout's code in this process. */
async function seededDir(rows) {
  const mod = (p) => tsImport(path.join(root, p), import.meta.url);
  const { openPglite, migrate } = await mod('src/server/db/client.ts');
  const { seedBrands } = await mod('src/server/features/brands/brands.service.ts');
  const dir = path.join(scratch, 'seeded');
  const database = await openPglite(path.join(dir, 'db'));
  await migrate(database);
  await seedBrands(database.db);
  const t0 = performance.now();
  await seed(database.db, rows);
  await database.close();
  console.log(
    `  seeded ${rows.toLocaleString('en-US')} patterns in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  return dir;
}

const servers = [await serverOf(root)];
if (COMPARE) servers.push(await serverOf(path.resolve(COMPARE)));
const seeded = ROWS > 0 ? await seededDir(ROWS) : undefined;
const kinds = ['first', 'later', ...(seeded ? ['seeded'] : [])];
/** results[server label][kind] = [{ ms, atHealth, idle, peak, load }] */
const results = Object.fromEntries(
  servers.map((s) => [s.label, Object.fromEntries(kinds.map((k) => [k, []]))]),
);

console.log(
  `start-up on embedded PGlite, ${ROUNDS} round(s), idle figure ${IDLE_S} s after health; load before: ${load()}`,
);
for (let round = 0; round < ROUNDS; round++) {
  // Interleaved: each round starts every checkout in turn, the order alternating.
  const order = round % 2 ? [...servers].reverse() : servers;
  for (const server of order) {
    const dir = path.join(scratch, `${server.label}-${round}`);
    const runs = [
      ['first', dir],
      ['later', dir],
    ];
    if (seeded) {
      const copy = path.join(scratch, `${server.label}-${round}-seeded`);
      fs.cpSync(seeded, copy, { recursive: true });
      runs.push(['seeded', copy]);
    }
    for (const [kind, dataDir] of runs) {
      const r = await startOnce(server, dataDir);
      results[server.label][kind].push({ ...r, load: os.loadavg()[0] });
      console.log(
        `  round ${round + 1} ${server.label.padEnd(6)} ${kind.padEnd(6)}: ${r.ms.toFixed(0)} ms, RSS at health ${r.atHealth.toFixed(0)} MB, peak ${r.peak.toFixed(0)} MB, idle ${r.idle.toFixed(0)} MB (load ${load()})`,
      );
    }
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(`${dir}-seeded`, { recursive: true, force: true });
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fig = (rs, key, unit, digits = 0) => {
  const xs = rs.map((r) => r[key]);
  const range =
    xs.length > 1 ? ` (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})` : '';
  return `${median(xs).toFixed(digits)}${unit}${range}`;
};
console.log(
  `\nmedians (range) over ${ROUNDS} round(s); the whole process's resident memory (main and worker threads):`,
);
const table = [];
for (const s of servers)
  for (const k of kinds) {
    const rs = results[s.label][k];
    table.push({
      portal: s.label,
      start: k === 'seeded' ? `seeded (${ROWS.toLocaleString('en-US')} patterns)` : k,
      'until healthy': fig(rs, 'ms', ' ms'),
      'RSS at health': fig(rs, 'atHealth', ' MB'),
      'peak RSS': fig(rs, 'peak', ' MB'),
      [`idle RSS (${IDLE_S} s)`]: fig(rs, 'idle', ' MB'),
      'load (1 min)': fig(rs, 'load', '', 1),
    });
  }
console.table(table);
console.log(`load after: ${load()}`);
fs.rmSync(scratch, { recursive: true, force: true });
for (const s of servers) if (s.cleanup) fs.rmSync(s.cleanup, { recursive: true, force: true });
