// Bulk import benchmark (issue 16): a 500-pattern sheet (1,500 sizes) with a ~200 MB ZIP of their
// PDFs, uploaded, checked and imported by the portal started as `npm start` starts it. Prints the
// time of each phase and the server's RSS growth over its idle RSS (the target is under 100 MB).
//   node scripts/bench/bench-import.mjs     (BENCH_PATTERNS=500 BENCH_SIZES=3 BENCH_ZIP_MB=200;
//   BENCH_DATABASE_URL=postgres://… to run on an empty PostgreSQL database instead of PGlite)
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yazl from 'yazl';
import { buildAll, root } from '../build.mjs';
import { waitUntilHealthy } from '../portal-process.mjs';

const PATTERNS = Number(process.env.BENCH_PATTERNS ?? 500);
const SIZES = Number(process.env.BENCH_SIZES ?? 3);
const ZIP_MB = Number(process.env.BENCH_ZIP_MB ?? 200);
const MB = 1024 * 1024;

await buildAll({ quiet: true, ifNeeded: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-bench-import-'));
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const admin = { email: 'bench-admin@localhost', password: 'Bench-pass1!' };
const runId = Date.now().toString(36).toUpperCase();

// The sheet: one row per size, the pattern's fields on its first row only.
const header = [
  'Pattern ID',
  'Pattern Name',
  'Brand',
  'Pattern Type',
  'Price',
  'Pattern View',
  'Size',
  'Pattern PDF',
];
const lines = [header.join(',')];
for (let p = 0; p < PATTERNS; p++) {
  for (let s = 0; s < SIZES; s++) {
    const first = s === 0;
    lines.push(
      [
        `B${runId}-${p}`,
        first ? `Bench pattern ${p}` : '',
        first ? 'Ditto' : '',
        first ? 'Women Patterns' : '',
        first ? '12.50' : '',
        'A',
        `S${s}`,
        `p${p}/size-${s}.pdf`,
      ].join(','),
    );
  }
}
const sheetPath = path.join(dataDir, 'bench.csv');
fs.writeFileSync(sheetPath, lines.join('\r\n') + '\r\n');

// The ZIP: one incompressible PDF body shared by every entry (stored), so the client stays small.
const pdfBytes = Math.floor((ZIP_MB * MB) / (PATTERNS * SIZES));
const head = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\ntrailer <</Root 1 0 R>>\n%',
);
const pdf = Buffer.concat([
  head,
  crypto.randomBytes(pdfBytes - head.length - 7).map((b) => (b === 10 || b === 13 ? 32 : b)),
  Buffer.from('\n%%EOF\n'),
]);
const zipPath = path.join(dataDir, 'bench.zip');
await new Promise((resolve, reject) => {
  const zip = new yazl.ZipFile();
  for (let p = 0; p < PATTERNS; p++)
    for (let s = 0; s < SIZES; s++) zip.addBuffer(pdf, `p${p}/size-${s}.pdf`, { compress: false });
  zip.end();
  zip.outputStream.pipe(fs.createWriteStream(zipPath)).on('close', resolve).on('error', reject);
});
const zipMb = fs.statSync(zipPath).size / MB;

const server = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
  env: {
    ...process.env,
    DATA_DIR: path.join(dataDir, 'portal'),
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  try {
    server.kill('SIGTERM');
  } catch {
    /* gone */
  }
};
process.on('exit', stop);
const rss = () =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) /
  1024;

async function waitFor(auth, id, statuses) {
  for (;;) {
    const job = await (await fetch(`${base}/api/imports/${id}`, { headers: auth })).json();
    if (statuses.includes(job.status)) return job;
    await new Promise((r) => setTimeout(r, 250));
  }
}

try {
  await waitUntilHealthy(base, { child: server });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const auth = { authorization: `Bearer ${(await login.json()).token}` };

  const idle = rss();
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20);
  const form = new FormData();
  form.append('mode', 'skip');
  form.append('sheet', await fs.openAsBlob(sheetPath), 'bench.csv');
  form.append('zip', await fs.openAsBlob(zipPath), 'bench.zip');
  const t0 = performance.now();
  const res = await fetch(`${base}/api/imports`, { method: 'POST', headers: auth, body: form });
  if (res.status !== 202) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const { id } = await res.json();
  const t1 = performance.now();
  const checked = await waitFor(auth, id, ['checked', 'failed']);
  const t2 = performance.now();
  if (checked.status !== 'checked' || checked.valid !== PATTERNS)
    throw new Error(
      `check: ${checked.status} ${checked.valid} valid, ${checked.error ?? ''} ${JSON.stringify(checked.issues.slice(0, 3))}`,
    );
  const run = await fetch(`${base}/api/imports/${id}/run`, { method: 'POST', headers: auth });
  if (run.status !== 202) throw new Error(`run: ${run.status} ${await run.text()}`);
  const done = await waitFor(auth, id, ['done', 'failed']);
  const t3 = performance.now();
  clearInterval(sampler);
  peak = Math.max(peak, rss());

  const s = (a, b) => ((b - a) / 1000).toFixed(1);
  console.log(
    `import: ${PATTERNS} patterns × ${SIZES} sizes, ZIP ${zipMb.toFixed(0)} MB (${PATTERNS * SIZES} PDFs of ${(pdfBytes / 1024).toFixed(0)} KB), ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'} + disk store`,
  );
  console.log(
    `  result              : ${done.status}, ${done.created} created, ${done.failed} not imported`,
  );
  console.log(
    `  time                : upload ${s(t0, t1)} s, check ${s(t1, t2)} s, import ${s(t2, t3)} s, total ${s(t0, t3)} s`,
  );
  console.log(
    `  server RSS          : idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, growth +${(peak - idle).toFixed(0)} MB (target < 100 MB)`,
  );
  console.log(
    "  (client and server share this machine's cores; the figures are indicative, not a pass/fail)",
  );
  if (done.status !== 'done' || done.created !== PATTERNS) process.exitCode = 1;
} finally {
  stop();
  await new Promise((r) => (server.exitCode !== null ? r() : server.on('exit', r)));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
