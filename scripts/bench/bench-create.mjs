import { freshPgDatabase } from './fresh-pg.mjs';
// Form-create benchmark (issue 31): one pattern through the Pattern Submission Form's request
// (POST /api/patternRecord/addPatternsRecord, multipart, as src/web/features/pattern-create sends it)
// with 3 sizes and 8 files — 3 size PDFs, the instructions and yardage PDFs and 3 photos — posted
// N times to the portal started as `npm start` starts it (scripts/server-flags.mjs), on an empty
// PGlite and then (--pg) on a fresh PostgreSQL database. Every request's files are new bytes.
// Prints, per database: the median (and min/max) server time of the request, read from the server's
// own request log (fastify's `responseTime`, LOG_LEVEL=info), and the client's wall time.
// Statements per request are counted in-process by drizzle's logger in
// src/server/features/patterns/create-statements.test.ts (pg_stat_statements is not preloaded on
// this machine's PostgreSQL); with --statements this script runs that test and prints its count.
//
//   node scripts/bench/bench-create.mjs [--n=30] [--pg[=postgres://…/db]] [--no-pglite] [--statements]
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { tsImport } from 'tsx/esm/api';
import { buildAll, root } from '../build.mjs';
import { freePort, waitUntilHealthy } from '../portal-process.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../server-flags.mjs';

const arg = (name, dflt) => {
  const a = process.argv.find((x) => x === `--${name}` || x.startsWith(`--${name}=`));
  if (!a) return dflt;
  return a.includes('=') ? a.slice(a.indexOf('=') + 1) : true;
};
const N = Number(arg('n', process.env.BENCH_CREATE_N ?? 30));
const pgArg = arg('pg', undefined);
const PG_URL =
  pgArg === undefined
    ? undefined
    : pgArg === true
      ? (process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
      : pgArg;
const PGLITE = !arg('no-pglite', false);
const STATEMENTS = !!arg('statements', false);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const { samplePdf, samplePng } = await tsImport(
  path.join(root, 'src/server/test/sample-files.ts'),
  import.meta.url,
);
const { PATTERN_CREATE_PATH } = await tsImport(
  path.join(root, 'src/shared/contracts/pattern-create.ts'),
  import.meta.url,
);

console.log(
  `create: one pattern, 3 sizes, 8 files (5 PDFs, 3 photos), ${N} requests; ${os.cpus().length} cores, load average ${load()} at the start`,
);
await buildAll({ quiet: true, ifNeeded: true });
const admin = { email: 'bench-admin@localhost', password: 'Bench-pass1!' };

/** The form's multipart body for request `i`: `data` first, then the files (new bytes each time). */
function form(i, brandId) {
  const sizes = ['S', 'M', 'L'];
  const fd = new FormData();
  fd.append(
    'data',
    JSON.stringify({
      SFCC_Pattern_ID: `BC${String(i).padStart(5, '0')}`,
      Pattern_Name: `Bench create ${i}`,
      Brand: brandId,
      Pattern_Description: 'A dress made for the create benchmark',
      Type: 'Women Patterns',
      Gender: 'Women',
      Price: '12.5',
      Size: sizes.map((Size, s) => ({
        pattern_view: 'A',
        Size,
        Pattern_Pdf_File_Name: `size-${s}.pdf`,
        Brand: brandId,
      })),
    }),
  );
  const add = (field, bytes, name, type) =>
    fd.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  sizes.forEach((_, s) =>
    add(
      `pattern_pdf_file${s}`,
      samplePdf(15000 + i, `Size ${s} #${i}`),
      `size-${s}.pdf`,
      'application/pdf',
    ),
  );
  add(
    'Instruction_PDF',
    samplePdf(20000 + i, `Instructions #${i}`),
    'instructions.pdf',
    'application/pdf',
  );
  add('Yardage_PDF', samplePdf(8000 + i, `Yardage #${i}`), 'yardage.pdf', 'application/pdf');
  const c = i % 250;
  add('Main_Hero_Image', samplePng(600, 800, [200, 10, c]), 'hero.png', 'image/png');
  add('Hero_Images', samplePng(600, 800, [10, 200, c]), 'hero-1.png', 'image/png');
  add('Sketch_Image', samplePng(300, 300, [c, 10, 10]), 'sketch.png', 'image/png');
  return fd;
}

async function startPortal(databaseUrl) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-bench-create-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, path.join(root, 'dist/server/main.js')],
    {
      env: {
        ...SERVER_ENV,
        ...process.env,
        DATA_DIR: path.join(dir, 'portal'),
        PORT: String(port),
        LOG_LEVEL: 'info',
        METRICS_TOKEN: 'bench-create-metrics',
        DATABASE_URL: databaseUrl ?? '',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  // The server's own time of each request, by request id (fastify's "request completed" line).
  const serverMs = new Map();
  readline.createInterface({ input: server.stdout }).on('line', (line) => {
    try {
      const l = JSON.parse(line);
      if (l.reqId && typeof l.responseTime === 'number') serverMs.set(l.reqId, l.responseTime);
    } catch {
      /* not a log line */
    }
  });
  const exited = new Promise((r) => (server.exitCode !== null ? r() : server.on('exit', r)));
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', () => server.exitCode === null && server.kill('SIGKILL'));
  await waitUntilHealthy(base, { child: server });
  return { base, serverMs, stop };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function runOne(label, databaseUrl) {
  const { base, serverMs, stop } = await startPortal(databaseUrl);
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status}`);
    const auth = { authorization: `Bearer ${(await login.json()).token}` };
    const brands = await (await fetch(`${base}/api/brands`, { headers: auth })).json();
    const brandId = (brands.data ?? brands)[0].id ?? (brands.data ?? brands)[0].ID;
    const server = [];
    const wall = [];
    // Two warm-up requests (JIT, the first PDF worker), not counted.
    for (let i = -2; i < N; i++) {
      const body = form(i + 3, brandId);
      const t0 = performance.now();
      const res = await fetch(`${base}${PATTERN_CREATE_PATH}`, {
        method: 'POST',
        headers: auth,
        body,
      });
      const text = await res.text();
      const ms = performance.now() - t0;
      if (res.status !== 201) throw new Error(`create: ${res.status} ${text}`);
      if (i < 0) continue;
      wall.push(ms);
      const id = res.headers.get('x-request-id');
      for (let w = 0; w < 50 && !serverMs.has(id); w++) await new Promise((r) => setTimeout(r, 20));
      if (serverMs.has(id)) server.push(serverMs.get(id));
    }
    const f = (x) => x.toFixed(1);
    // Where the time goes: the preflight's own time per file kind (ppp_preflight_duration_seconds),
    // warm-up requests included (N + 2 requests), summed over the files and divided per request.
    const metrics = await (
      await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer bench-create-metrics' } })
    ).text();
    const sum = (type) =>
      [
        ...metrics.matchAll(
          new RegExp(
            `^ppp_preflight_duration_seconds_sum\\{[^}]*type="${type}"[^}]*\\} (\\S+)`,
            'gm',
          ),
        ),
      ]
        .map((m) => Number(m[1]))
        .reduce((a, b) => a + b, 0);
    const perRequest = (type) => f((sum(type) * 1000) / (N + 2));
    console.log(
      `  ${label}: server time median ${f(median(server))} ms (min ${f(Math.min(...server))}, max ${f(Math.max(...server))}, ${server.length} requests); client wall median ${f(median(wall))} ms; preflight per request (sum over its files, mean): PDFs ${perRequest('pdf')} ms, photos ${perRequest('photo')} ms; load ${load()}`,
    );
  } finally {
    await stop();
  }
}

if (PGLITE) await runOne('embedded PGlite + disk store', undefined);
if (PG_URL) {
  const db = await freshPgDatabase(PG_URL, 'bench_create');
  try {
    await runOne('PostgreSQL + disk store', db.url);
  } finally {
    await db.drop();
  }
}

if (STATEMENTS) {
  const test = 'src/server/features/patterns/create-statements.test.ts';
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/test.mjs'), 'api', test], {
    cwd: root,
    env: PG_URL ? { ...process.env, TEST_DATABASE_URL: PG_URL } : process.env,
    encoding: 'utf8',
  });
  for (const m of (r.stdout ?? '').matchAll(
    /statements for one create \(3 sizes, 8 files, (\w+)\): (\d+)/g,
  ))
    console.log(`  ${m[1]}: statements per request (drizzle logger, ${test}): ${m[2]}`);
}
