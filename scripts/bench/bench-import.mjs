import { freshPgDatabase } from './fresh-pg.mjs';
// Bulk import benchmark (issues 16 and 31): the catalogue of issue 31, made deterministically from
// a seed — an XLSX of 5,000 rows (2,500 patterns × 2 sizes, made with exceljs, the import
// template's columns) and a ~37 MB ZIP of 2,500 PDFs (each pattern's two sizes name ONE PDF) —
// uploaded, checked and imported over HTTP, as a user does, by the portal started as `npm start`
// starts it (scripts/server-flags.mjs), on an empty PGlite and then on an empty PostgreSQL database.
// Prints, per database: rows checked/s, patterns imported/s, file rows/s, the server's peak RSS and
// its growth over idle, and the follow-up work (PDF facts, thumbnails) until every file has them.
//
//   node scripts/bench/bench-import.mjs [--patterns=2500] [--sizes=2] [--zip-mb=37] [--seed=31]
//        [--pg[=postgres://…/db]] [--pg-db=NAME] [--no-pglite] [--profile=DIR] [--no-follow-up] [--no-files]
//   --pg: also PostgreSQL (the default when TEST_DATABASE_URL is set, as under `npm run bench`); the bench creates (and drops again) a fresh database `bench_import` on that
//         server (default TEST_DATABASE_URL's, else postgres://postgres@127.0.0.1:5432/test).
//   --pg-db=NAME: that database's name instead (two runs at once on one server: each drops the
//         other's `bench_import` WITH (FORCE) at its start).
//   --profile=DIR: the server runs with --cpu-prof into DIR (read it with scripts/bench/profile-summary.mjs).
//   DIRECTUS_URL + DIRECTUS_TOKEN: also imports the same patterns' rows, without files, into the
//         Directus peer (scripts/bench/directus-peer.mjs) through POST /utils/import/patterns_import,
//         then updates them the same way, and prints rows/s and ours ÷ Directus.
//   --no-files: ours also imports the sheet's rows alone (no ZIP; a new pattern needs its PDFs, so
//         this re-imports the same sheet without its file column, mode update, one field changed),
//         right after the import on the same server; compared with Directus' update of the same rows.
//         It prints the phase's CPU: the server's main thread (its share of the wall time), its other
//         threads (PGlite's worker, GC, libuv) and PostgreSQL's backends of the bench's database.
//   --single=N: N single updates (default 30; 0: none), after the rows alone: ours a PUT of one
//         pattern's fields with If-Match (the edit form's save), Directus a PATCH of one item,
//         taken in turns; prints the median and p90 of each, client-timed.
//   --against=DIR: the single updates also on the built checkout in DIR (e.g. a clone of main:
//         `npm ci && node scripts/build.mjs` there), started beside ours on a database of its own
//         with the same catalogue imported, its PUT taken in turns with ours (and Directus'); prints
//         ours ÷ DIR's too. With --single and few patterns (`--patterns=200 --no-follow-up`).
// The generated files are kept in $TMPDIR/ppp-bench-import-<seed>-<patterns>x<sizes>-<MB> for the next run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { tsImport } from 'tsx/esm/api';
import yazl from 'yazl';
import { buildAll, root } from '../build.mjs';
import { freePort, waitUntilHealthy } from '../portal-process.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS, serverEnvOf, serverFlagsOf } from '../server-flags.mjs';
import { cpuMs, directusPeer } from './directus-peer.mjs';

const arg = (name, dflt) => {
  const a = process.argv.find((x) => x === `--${name}` || x.startsWith(`--${name}=`));
  if (!a) return dflt;
  return a.includes('=') ? a.slice(a.indexOf('=') + 1) : true;
};
const PATTERNS = Number(arg('patterns', process.env.BENCH_PATTERNS ?? 2500));
const SIZES = Number(arg('sizes', process.env.BENCH_SIZES ?? 2));
// About 14.8 KB a PDF, as issue 31's 36.9 MB for 2,500 PDFs.
const ZIP_MB = Number(
  arg('zip-mb', process.env.BENCH_ZIP_MB ?? +((36.9 * PATTERNS) / 2500).toFixed(2)),
);
const SEED = Number(arg('seed', 31));
const PROFILE = arg('profile', undefined);
const pgArg = arg('pg', undefined);
// Without --pg, PostgreSQL too when TEST_DATABASE_URL is set (`npm run bench` passes no flags).
const PG_URL =
  pgArg === undefined
    ? process.env.TEST_DATABASE_URL || undefined
    : pgArg === true
      ? (process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
      : pgArg;
const PGLITE = !arg('no-pglite', false);
const NO_FILES = arg('no-files', false);
const SINGLE = Number(arg('single', 30));
const AGAINST = arg('against', undefined) && path.resolve(arg('against'));
if (AGAINST && !fs.existsSync(path.join(AGAINST, 'dist/server/main.js')))
  throw new Error(`--against: no build in ${AGAINST} (run node scripts/build.mjs there)`);
const MB = 1024 * 1024;

const { TEMPLATE_HEADERS } = await tsImport(
  path.join(root, 'src/server/features/imports/template.ts'),
  import.meta.url,
);
const { IMPORT_COLUMNS } = await tsImport(
  path.join(root, 'src/shared/contracts/imports.ts'),
  import.meta.url,
);
const { PATTERN_LABELS } = await tsImport(
  path.join(root, 'src/shared/contracts/patterns.ts'),
  import.meta.url,
);
const { PATTERN_TYPES, GENDERS, FABRIC_TYPES } = await tsImport(
  path.join(root, 'src/shared/options.ts'),
  import.meta.url,
);

/** mulberry32: the same seed gives the same catalogue on every machine. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(SEED);
const pick = (list) => list[Math.floor(rand() * list.length)];
const id = (p) => `BI${String(p + 1).padStart(5, '0')}`;
const pdfName = (p) => `pdfs/${id(p).toLowerCase()}.pdf`;
const SIZE_NAMES = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL'];

const dataDir = path.join(os.tmpdir(), `ppp-bench-import-${SEED}-${PATTERNS}x${SIZES}-${ZIP_MB}`);
const sheetPath = path.join(dataDir, 'catalogue.xlsx');
const zipPath = path.join(dataDir, 'catalogue.zip');

/** The sheet: one row per size, the pattern's fields on its first row only (the template's columns). */
async function makeSheet() {
  const wb = new ExcelJS.Workbook();
  wb.created = wb.modified = new Date(0);
  const ws = wb.addWorksheet('Patterns');
  ws.addRow(TEMPLATE_HEADERS);
  for (let p = 0; p < PATTERNS; p++) {
    const fields = {
      'Pattern ID': id(p),
      'Pattern Name': `${pick(['Wrap', 'Shift', 'Tea', 'Slip', 'Shirt'])} dress ${p + 1}`,
      Brand: 'Ditto',
      Details: `Seam allowance ${pick(['1 cm', '1.5 cm', '5/8 in'])}`,
      'Pattern Description': `A ${pick(['relaxed', 'fitted', 'flowing'])} pattern, number ${p + 1}.`,
      'Fabric Type': pick(FABRIC_TYPES),
      'Pattern Type': pick(PATTERN_TYPES),
      Gender: pick(GENDERS),
      Price: (5 + Math.floor(rand() * 2000) / 100).toFixed(2),
    };
    for (let s = 0; s < SIZES; s++) {
      const cells = s === 0 ? { ...fields } : { 'Pattern ID': id(p) };
      cells['Pattern View'] = 'A';
      cells.Size = SIZE_NAMES[s % SIZE_NAMES.length] + (s >= SIZE_NAMES.length ? s : '');
      cells['Pattern PDF'] = pdfName(p); // every size of a pattern names the same PDF
      ws.addRow(TEMPLATE_HEADERS.map((h) => cells[h] ?? null));
    }
  }
  await wb.xlsx.writeFile(sheetPath);
}

/** One PDF per pattern: a drawn page (what pdf.js reads and the thumbnail shows) and random filler up to its share of the ZIP. */
async function makePdf(p, bytes) {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(`${id(p)} — pattern sheet`, { x: 40, y: 800, size: 14, font });
  for (let i = 0; i < 40; i++)
    page.drawLine({
      start: { x: 40 + rand() * 515, y: 40 + rand() * 720 },
      end: { x: 40 + rand() * 515, y: 40 + rand() * 720 },
      thickness: 0.5 + rand(),
      color: rgb(0, 0, 0),
    });
  const head = await doc.save({ useObjectStreams: false });
  const filler = Math.max(0, bytes - head.length - 64);
  const noise = Buffer.alloc(filler + 4);
  for (let i = 0; i < filler; i += 4) noise.writeUInt32LE(Math.floor(rand() * 2 ** 32), i);
  // An unreferenced stream object: part of the file's bytes, ignored by readers (incompressible).
  doc.context.register(doc.context.stream(noise.subarray(0, filler)));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

async function makeZip() {
  const perPdf = Math.floor((ZIP_MB * MB) / PATTERNS);
  const zip = new yazl.ZipFile();
  const done = new Promise((resolve, reject) =>
    zip.outputStream.pipe(fs.createWriteStream(zipPath)).on('close', resolve).on('error', reject),
  );
  for (let p = 0; p < PATTERNS; p++)
    zip.addBuffer(await makePdf(p, perPdf), pdfName(p), { mtime: new Date(0) });
  zip.end();
  await done;
}

if (!fs.existsSync(zipPath) || !fs.existsSync(sheetPath)) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const t0 = performance.now();
  await makeSheet();
  await makeZip();
  console.log(`  made the catalogue in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
const rows = PATTERNS * SIZES;
const zipMb = fs.statSync(zipPath).size / MB;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `import: ${PATTERNS.toLocaleString('en-US')} patterns × ${SIZES} sizes = ${rows.toLocaleString('en-US')} rows (XLSX ${(fs.statSync(sheetPath).size / MB).toFixed(1)} MB), ZIP ${zipMb.toFixed(1)} MB of ${PATTERNS} PDFs (each named by its pattern's ${SIZES} sizes), seed ${SEED}`,
);
console.log(`  ${os.cpus().length} cores, load average ${load()} at the start`);

await buildAll({ quiet: true, ifNeeded: true });
const admin = { email: 'bench-admin@localhost', password: 'Bench-pass1!' };
const rssOf = (pid) => {
  try {
    return (
      Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
    );
  } catch {
    return 0;
  }
};

/** Starts the portal on an empty data folder and database; answers what the run needs and a stop. */
async function startPortal(databaseUrl, label, checkout = root) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-bench-import-run-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const profileFlags = PROFILE
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${path.resolve(PROFILE)}`,
        `--cpu-prof-name=import-${label}-${process.pid}.cpuprofile`,
      ]
    : [];
  const flags = checkout === root ? SERVER_NODE_FLAGS : await serverFlagsOf(checkout);
  const serverEnv = checkout === root ? SERVER_ENV : await serverEnvOf(checkout);
  const server = spawn(
    process.execPath,
    [...flags, ...profileFlags, path.join(checkout, 'dist/server/main.js')],
    {
      cwd: checkout,
      env: {
        ...serverEnv,
        ...process.env,
        DATA_DIR: path.join(dir, 'portal'),
        PORT: String(port),
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl ?? '',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise((r) => (server.exitCode !== null ? r() : server.on('exit', r)));
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', () => server.exitCode === null && server.kill('SIGKILL'));
  await waitUntilHealthy(base, { child: server });
  return { base, server, stop };
}

/** Signs the bench's admin in on the portal at `base`; answers its request headers and a GET. */
async function signIn(base) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const auth = { authorization: `Bearer ${(await login.json()).token}` };
  const get = async (p) => {
    const r = await fetch(`${base}${p}`, { headers: auth });
    if (!r.ok) throw new Error(`GET ${p}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  return { auth, get };
}

/** Uploads the sheet and the ZIP, waits for the check, runs the import; answers its job and times. */
async function importCatalogue(base, { auth, get }) {
  const waitFor = async (id, statuses) => {
    for (;;) {
      const job = await get(`/api/imports/${id}`);
      if (statuses.includes(job.status)) return job;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const form = new FormData();
  form.append('mode', 'skip');
  form.append('sheet', await fs.openAsBlob(sheetPath), 'catalogue.xlsx');
  form.append('zip', await fs.openAsBlob(zipPath), 'catalogue.zip');
  const t0 = performance.now();
  const res = await fetch(`${base}/api/imports`, { method: 'POST', headers: auth, body: form });
  if (res.status !== 202) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const { id } = await res.json();
  const t1 = performance.now();
  const checked = await waitFor(id, ['checked', 'failed']);
  const t2 = performance.now();
  if (checked.status !== 'checked' || checked.valid !== PATTERNS)
    throw new Error(
      `check: ${checked.status} ${checked.valid} valid, ${checked.error ?? ''} ${JSON.stringify(checked.issues?.slice(0, 3))}`,
    );
  const loadAtImport = load();
  const run = await fetch(`${base}/api/imports/${id}/run`, { method: 'POST', headers: auth });
  if (run.status !== 202) throw new Error(`run: ${run.status} ${await run.text()}`);
  const done = await waitFor(id, ['done', 'failed']);
  const t3 = performance.now();
  return { id, done, t0, t1, t2, t3, loadAtImport };
}

/** --against: DIR's portal on a database of its own, the same catalogue imported into it. */
async function startAgainst(databaseUrl, label) {
  const portal = await startPortal(databaseUrl, `${label}-against`, AGAINST);
  try {
    const session = await signIn(portal.base);
    const { id, done } = await importCatalogue(portal.base, session);
    if (done.status !== 'done' || done.created !== PATTERNS)
      throw new Error(`--against: its import ${done.status}, ${done.created} created`);
    // Its PDFs' checks done before the saves, as ours' are without --no-follow-up.
    for (let f = done.files; f && f.checked < f.total;) {
      await new Promise((r) => setTimeout(r, 500));
      f = (await session.get(`/api/imports/${id}`)).files;
    }
    return { ...portal, auth: session.auth };
  } catch (err) {
    await portal.stop();
    throw err;
  }
}

async function runOne(label, databaseUrl, dbName, againstUrl) {
  const { base, server, stop } = await startPortal(databaseUrl, label);
  let against;
  try {
    const session = await signIn(base);
    const { auth, get } = session;
    const idle = rssOf(server.pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 20);
    const { id, done, t0, t1, t2, t3, loadAtImport } = await importCatalogue(base, session);
    const peakImport = Math.max(peak, rssOf(server.pid));
    // Visible in the list: every pattern, as a user would look for it.
    const list = await get('/api/patterns?pageSize=10');
    // The follow-up work (PDF facts, thumbnails), when the import queues it: until every file has it.
    let followUp = '';
    const files = done.files;
    if (files && files.total > 0 && arg('no-follow-up', false)) {
      followUp = `  follow-up checks    : ${files.total} file rows queued for their check; not waited for (--no-follow-up)`;
    } else if (files && files.total > 0) {
      for (let last = files; ;) {
        if (last.checked >= last.total) break;
        await new Promise((r) => setTimeout(r, 1000));
        last = (await get(`/api/imports/${id}`)).files;
      }
      const t4 = performance.now();
      followUp = `  follow-up checks    : ${files.total} file rows' PDFs checked (PDF facts + thumbnails) ${((t4 - t3) / 1000).toFixed(1)} s after the import ended`;
    }
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(server.pid));
    const s = (a, b) => ((b - a) / 1000).toFixed(1);
    const perS = (n, a, b) => (n / ((b - a) / 1000)).toFixed(1);
    console.log(`\n  ${label}`);
    console.log(
      `  result              : ${done.status}, ${done.created} created, ${done.failed} not imported; the list shows ${list.totalCountData} patterns`,
    );
    console.log(
      `  time                : upload ${s(t0, t1)} s, check ${s(t1, t2)} s, import ${s(t2, t3)} s (load average at the run ${loadAtImport}, after ${load()})`,
    );
    console.log(
      `  rate                : ${perS(rows, t1, t2)} rows checked/s, ${perS(done.created, t2, t3)} patterns imported/s, ${perS(rows, t2, t3)} file rows/s (${perS(PATTERNS, t2, t3)} distinct PDFs/s)`,
    );
    console.log(
      `  server RSS          : idle ${idle.toFixed(0)} MB, peak ${peakImport.toFixed(0)} MB during the import (growth +${(peakImport - idle).toFixed(0)} MB; target ≤ 100 MB), peak ${peak.toFixed(0)} MB with the follow-up`,
    );
    if (followUp) console.log(followUp);
    const rowsAlone = NO_FILES ? await importRowsAlone(base, auth, server.pid, dbName) : undefined;
    if (SINGLE > 0 && AGAINST) against = await startAgainst(againstUrl, label);
    const single = SINGLE > 0 ? await singleUpdates(base, auth, against) : undefined;
    if (done.status !== 'done' || done.created !== PATTERNS) process.exitCode = 1;
    return { importS: (t3 - t2) / 1000, checkS: (t2 - t0) / 1000, rowsAlone, single };
  } finally {
    await against?.stop();
    await stop();
  }
}

// Rows alone (--no-files, Directus): the catalogue's rows without files, read back from its XLSX.
const PATTERN_COLUMNS = IMPORT_COLUMNS.filter((c) => c.level === 'pattern');
const FILE_LABELS = new Set(IMPORT_COLUMNS.filter((c) => c.level === 'file').map((c) => c.label));
const DESCRIPTION = IMPORT_COLUMNS.find((c) => c.key === 'Pattern_Description').label;
const revised = (text) => `${text} Revised.`; // the one field both updates change
const rowsSheetPath = path.join(dataDir, 'catalogue-rows.xlsx');

/** The sheet's rows as [label → value] maps, in order (the header row left out). */
async function sheetRows() {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(sheetPath);
  const ws = wb.worksheets[0];
  const headers = ws.getRow(1).values; // 1-based
  const out = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const cells = new Map();
    row.eachCell((cell, col) => cells.set(headers[col], cell.value));
    out.push(cells);
  });
  return out;
}

/** Each pattern's fields (its first row, which fills them), keyed by the import's column keys. */
async function sheetPatterns() {
  const patterns = [];
  for (const cells of await sheetRows()) {
    if (!cells.has(PATTERN_COLUMNS[1].label)) continue; // a further size row of the same pattern
    const p = {};
    for (const c of PATTERN_COLUMNS) if (cells.has(c.label)) p[c.key] = String(cells.get(c.label));
    patterns.push(p);
  }
  return patterns;
}

/** The same sheet with its file columns empty and every description revised (for mode update). */
async function makeRowsSheet() {
  const wb = new ExcelJS.Workbook();
  wb.created = wb.modified = new Date(0);
  const ws = wb.addWorksheet('Patterns');
  ws.addRow(TEMPLATE_HEADERS);
  for (const cells of await sheetRows())
    ws.addRow(
      TEMPLATE_HEADERS.map((h) =>
        FILE_LABELS.has(h)
          ? null
          : h === DESCRIPTION && cells.has(h)
            ? revised(cells.get(h))
            : (cells.get(h) ?? null),
      ),
    );
  await wb.xlsx.writeFile(rowsSheetPath);
}

/**
 * --no-files: the sheet's rows alone into the patterns just imported (mode update, no ZIP), as a
 * user re-imports a corrected sheet; prints and answers its rates.
 */
async function importRowsAlone(base, auth, pid, dbName) {
  if (!fs.existsSync(rowsSheetPath)) await makeRowsSheet();
  const job = async (p, init) => {
    const r = await fetch(`${base}${p}`, { ...init, headers: auth });
    if (!r.ok) throw new Error(`${init?.method ?? 'GET'} ${p}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  const waitFor = async (id, statuses) => {
    for (;;) {
      const j = await job(`/api/imports/${id}`);
      if (statuses.includes(j.status)) return j;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const form = new FormData();
  form.append('mode', 'update');
  form.append('sheet', await fs.openAsBlob(rowsSheetPath), 'catalogue-rows.xlsx');
  const cpu0 = phaseCpu(pid, dbName);
  const from = process.hrtime.bigint() / 1000n; // the profiles' clock (profile-summary.mjs --from)
  const t0 = performance.now();
  const { id } = await job('/api/imports', { method: 'POST', body: form });
  const checked = await waitFor(id, ['checked', 'failed']);
  const t1 = performance.now();
  if (checked.status !== 'checked' || checked.valid !== PATTERNS)
    throw new Error(
      `rows alone, check: ${checked.status} ${checked.valid} valid ${checked.error ?? ''}`,
    );
  const pending = await queuedChecks(job);
  const loadAtImport = load();
  await job(`/api/imports/${id}/run`, { method: 'POST' });
  const done = await waitFor(id, ['done', 'failed']);
  const t2 = performance.now();
  const cpu2 = phaseCpu(pid, dbName);
  const to = process.hrtime.bigint() / 1000n;
  if (done.status !== 'done' || done.updated !== PATTERNS) process.exitCode = 1;
  const importS = (t2 - t1) / 1000;
  console.log(
    `  rows alone (--no-files): the same ${rows.toLocaleString('en-US')} rows without files, mode update (each description revised): ${done.status}, ${done.updated} updated`,
  );
  console.log(
    `    check ${((t1 - t0) / 1000).toFixed(1)} s (${(rows / ((t1 - t0) / 1000)).toFixed(1)} rows/s), import ${importS.toFixed(1)} s (${(PATTERNS / importS).toFixed(1)} patterns/s, ${(rows / importS).toFixed(1)} rows/s); load average ${loadAtImport}; ${pending}`,
  );
  const wall = t2 - t0;
  const used = (k) => ((k === 'pg' ? pgUsed(cpu0, cpu2) : cpu2[k] - cpu0[k]) / 1000).toFixed(1);
  console.log(
    `    CPU over upload + check + import (${(wall / 1000).toFixed(1)} s): server main thread ${used('main')} s (busy ${(((cpu2.main - cpu0.main) / wall) * 100).toFixed(0)} % of the wall time), its other threads ${used('others')} s${dbName ? `, PostgreSQL backends of ${dbName} ${used('pg')} s` : ''}`,
  );
  if (PROFILE)
    console.log(
      `    its part of the server's profile: node scripts/bench/profile-summary.mjs ${PROFILE} --from=${from} --to=${to}`,
    );
  return { importS, checkS: (t1 - t0) / 1000 };
}

/**
 * CPU used so far (ms): the server's main thread, its other threads, and per backend of `dbName`
 * (PostgreSQL's title: `postgres: 15/main: postgres <db> 127.0.0.1(port) idle`).
 */
function phaseCpu(pid, dbName) {
  const main = cpuOfStat(`/proc/${pid}/task/${pid}/stat`);
  const all = cpuMs([pid]);
  const pg = new Map();
  if (dbName)
    for (const d of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const title = fs.readFileSync(`/proc/${d}/cmdline`, 'utf8');
        if (title.startsWith('postgres:') && title.includes(` postgres ${dbName} `))
          pg.set(d, cpuOfStat(`/proc/${d}/stat`));
      } catch {
        /* gone */
      }
    }
  return { main, others: all - main, pg };
}
/** The backends' CPU between two `phaseCpu`s (one started meanwhile counts whole). */
const pgUsed = (a, b) => [...b.pg].reduce((n, [d, ms]) => n + ms - (a.pg.get(d) ?? 0), 0);
function cpuOfStat(file) {
  try {
    const stat = fs.readFileSync(file, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10; // utime + stime, USER_HZ 100
  } catch {
    return 0;
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))];

/**
 * --single=N: one pattern's fields saved N times (a different pattern each time), as the edit form
 * saves them: PUT of the whole record with If-Match from the read before (the read untimed); with
 * the Directus peer, its PATCH of one item taken in turns with ours; with --against, DIR's portal's
 * PUT of the same pattern too, in turns (which goes first alternates). Client-timed, ms.
 */
async function singleUpdates(base, auth, against) {
  // Pages come in the list's sizes (10, 25, 50, 100): a page of 100, the first N of it.
  const list = await (await fetch(`${base}/api/patterns?pageSize=100`, { headers: auth })).json();
  if (!list.data) throw new Error(`the list: ${JSON.stringify(list).slice(0, 300)}`);
  const codes = list.data.slice(0, SINGLE).map((p) => p.SFCC_Pattern_ID);
  const targets = [{ base, auth, ids: await idsOf(base, auth, codes), times: [] }];
  if (against)
    targets.push({ ...against, ids: await idsOf(against.base, against.auth, codes), times: [] });
  const theirs = [];
  const peerIds = directus ? [...directus.ids.values()] : [];
  const from = process.hrtime.bigint() / 1000n; // the profiles' clock (profile-summary.mjs --from)
  for (let i = 0; i < codes.length; i++) {
    for (const target of i % 2 ? [...targets].reverse() : targets)
      target.times.push(await saveOnce(target, target.ids[i]));
    if (directus)
      theirs.push(
        await directus.peer.updateOne(peerIds[i % peerIds.length], {
          Pattern_Description: `Saved once ${i}.`,
        }),
      );
  }
  const to = process.hrtime.bigint() / 1000n;
  const [ours, before] = targets.map((t) => t.times);
  const f = (xs) => `median ${median(xs).toFixed(1)} ms, p90 ${p90(xs).toFixed(1)} ms`;
  console.log(
    `  single update (${codes.length}, in turns): ours PUT ${f(ours)}${before ? `; ${AGAINST}'s PUT ${f(before)} (ours ÷ it ${(median(ours) / median(before)).toFixed(2)})` : ''}${theirs.length ? `; Directus PATCH ${f(theirs)}` : ''} (load average ${load()})`,
  );
  if (PROFILE)
    console.log(
      `    their part of the servers' profiles: node scripts/bench/profile-summary.mjs ${PROFILE} --from=${from} --to=${to}`,
    );
  return {
    ours: median(ours),
    before: before && median(before),
    theirs: theirs.length ? median(theirs) : undefined,
  };
}

/** The patterns' IDs on the portal at `base`, by Pattern ID (each portal numbers its own). */
async function idsOf(base, auth, codes) {
  const ids = [];
  for (const code of codes) {
    const r = await fetch(`${base}/api/patterns?search=${encodeURIComponent(code)}&pageSize=10`, {
      headers: auth,
    });
    const row = (await r.json()).data?.find((p) => p.SFCC_Pattern_ID === code);
    if (!row) throw new Error(`${code} is not in the list of ${base}`);
    ids.push(row.ID);
  }
  return ids;
}

/** One save as the edit form makes it (its read untimed); answers the PUT's time, ms. */
async function saveOnce({ base, auth }, id) {
  const read = await fetch(`${base}/api/patterns/${id}`, { headers: auth });
  const etag = read.headers.get('etag');
  const p = (await read.json()).data;
  const body = {};
  for (const k of Object.keys(PATTERN_LABELS))
    if (p[k] !== null && p[k] !== undefined) body[k] = p[k];
  body.Pattern_Description = `${p.Pattern_Description ?? ''} Saved once.`;
  const t0 = performance.now();
  const res = await fetch(`${base}/api/patterns/${id}`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json', 'if-match': etag },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`PUT ${id}: ${res.status} ${text.slice(0, 300)}`);
  return ms;
}

/** The first import's queued PDF checks still to run (they share the machine with what follows). */
async function queuedChecks(job) {
  const { items } = await job('/api/imports');
  const left = items.reduce((n, i) => n + (i.files.total - i.files.checked), 0);
  return left
    ? `${left} PDF checks of the first import still queued at its start (--no-follow-up)`
    : 'no PDF checks queued';
}

// The Directus peer first (its create and update of the same rows), so that ours' single updates
// can be taken in turns with its own; the ratios are printed at the end.
const peer = directusPeer(process.env);
let directus;
if (!peer) {
  console.log(
    '\n  Directus peer: not run (set DIRECTUS_URL and DIRECTUS_TOKEN, docs/benchmarks.md)',
  );
} else {
  // The same patterns' rows without files: one row per pattern (Directus has no sizes here), each
  // field the sheet fills, in a collection with the import's columns; then the same rows again
  // with their id and the description revised (Directus' import updates a row that has an id).
  const patterns = await sheetPatterns();
  const keys = PATTERN_COLUMNS.map((c) => c.key);
  await peer.importInto(keys.map((k) => [k, k === 'Price' ? 'decimal' : 'text']));
  const cell = (v) =>
    v === undefined ? '' : /[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
  const csv = (lines, head) =>
    [head.join(','), ...lines.map((l) => l.map(cell).join(','))].join('\n') + '\n';
  const loadCreate = load();
  const created = await peer.importCsv(
    csv(
      patterns.map((p) => keys.map((k) => p[k])),
      keys,
    ),
  );
  if (created.total !== PATTERNS)
    throw new Error(`Directus holds ${created.total} rows, not ${PATTERNS}`);
  const ids = await peer.importedIds('SFCC_Pattern_ID');
  const loadUpdate = load();
  const updated = await peer.importCsv(
    csv(
      patterns.map((p) => [
        String(ids.get(p.SFCC_Pattern_ID)),
        ...keys.map((k) => (k === 'Pattern_Description' ? revised(p[k]) : p[k])),
      ]),
      ['id', ...keys],
    ),
  );
  if (updated.total !== PATTERNS)
    throw new Error(`Directus holds ${updated.total} rows after the update`);
  directus = { peer, ids, created, updated, loadCreate, loadUpdate };
}

const ours = {};
if (PGLITE) ours.pglite = await runOne('embedded PGlite + disk store', undefined);
if (PG_URL) {
  const dbName = arg('pg-db', 'bench_import');
  const db = await freshPgDatabase(PG_URL, dbName);
  const other =
    AGAINST && SINGLE > 0 ? await freshPgDatabase(PG_URL, `${dbName}_against`) : undefined;
  try {
    const name = new URL(db.url).pathname.slice(1);
    ours.pg = await runOne(`PostgreSQL (${name}) + disk store`, db.url, name, other?.url);
  } finally {
    await db.drop();
    await other?.drop();
  }
}

if (directus) {
  const { created, updated, loadCreate, loadUpdate } = directus;
  const rate = (ms) => PATTERNS / (ms / 1000);
  console.log(
    `\n  Directus (SQLite), POST /utils/import/patterns_import, ${PATTERNS.toLocaleString('en-US')} rows (one per pattern, no files, activity + revisions on):`,
  );
  console.log(
    `  create              : ${(created.ms / 1000).toFixed(1)} s (${rate(created.ms).toFixed(1)} rows/s; load average ${loadCreate})`,
  );
  console.log(
    `  update              : ${(updated.ms / 1000).toFixed(1)} s (${rate(updated.ms).toFixed(1)} rows/s; load average ${loadUpdate})`,
  );
  // Directus checks each row as it writes it, in the one request: ours is compared by its import
  // phase alone and by upload + check + import.
  const ratio = (r, ms) =>
    `${(PATTERNS / r.importS / rate(ms)).toFixed(2)} (import phase), ${(PATTERNS / (r.checkS + r.importS) / rate(ms)).toFixed(2)} (upload + check + import)`;
  for (const [k, v] of Object.entries(ours)) {
    console.log(
      `  ours (${k}) ÷ Directus, create    : ${ratio(v, created.ms)}; ours also with ${SIZES} sizes each and the ZIP's PDFs stored`,
    );
    if (v.rowsAlone)
      console.log(
        `  ours (${k}) ÷ Directus, rows alone: ${ratio(v.rowsAlone, updated.ms)}; ours' update of the sheet's rows without files ÷ Directus' update`,
      );
    if (v.single?.theirs)
      console.log(
        `  ours (${k}) single update: median ${v.single.ours.toFixed(1)} ms against Directus' ${v.single.theirs.toFixed(1)} ms (ours ÷ Directus ${(v.single.ours / v.single.theirs).toFixed(2)}; ≤ 1 is the goal)${v.single.before ? `; --against's ${v.single.before.toFixed(1)} ms (÷ Directus ${(v.single.before / v.single.theirs).toFixed(2)})` : ''}`,
      );
  }
}
console.log(
  "\n  (client and server share this machine's cores; the figures are indicative, not a pass/fail)",
);
