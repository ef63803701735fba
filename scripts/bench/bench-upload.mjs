// Upload benchmark: 20 pattern submissions posted at once, each with sizes carrying ~5 MB PDFs,
// against the portal started as `npm start` starts it (embedded PGlite, disk file store).
// Prints the server's peak memory (sampled VmRSS, and the kernel's VmHWM) and the throughput.
//   node scripts/bench/bench-upload.mjs            (BENCH_SUBMISSIONS=20 BENCH_SIZES=2 to change the load)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll, root } from '../build.mjs';
import { freePort, waitUntilHealthy } from '../portal-process.mjs';

const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 20);
const SIZES = Number(process.env.BENCH_SIZES ?? 2);
const PDF_BYTES = 5 * 1024 * 1024 - 64 * 1024; // just under the 5 MB limit
const MB = 1024 * 1024;

await buildAll({ quiet: true, ifNeeded: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-bench-upload-'));
const port = await freePort(); // a port the system says is free (a random one in a range hit RabbitMQ's epmd, 4369)
const base = `http://127.0.0.1:${port}`;
const admin = { email: 'bench-admin@localhost', password: 'Bench-pass1!' };

const server = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
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

const status = (key) =>
  Number(
    new RegExp(`${key}:\\s+(\\d+)`).exec(
      fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'),
    )?.[1] ?? 0,
  ) / 1024;

try {
  await waitUntilHealthy(base, { child: server });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const auth = { authorization: `Bearer ${(await login.json()).token}` };
  const brands = (await (await fetch(`${base}/api/brands`, { headers: auth })).json()).data;
  const brand = brands.find((b) => b.slug === 'ditto') ?? brands[0];

  // One PDF in memory, shared by every part (Blobs are immutable): the client's memory is not the subject.
  const head = Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[]/Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%',
  );
  const pdf = new Blob(
    [head, Buffer.alloc(PDF_BYTES - head.length - 7, 0x41), Buffer.from('\n%%EOF\n')],
    { type: 'application/pdf' },
  );
  const runId = Date.now().toString(36);
  const form = (n) => {
    const fd = new FormData();
    const Size = Array.from({ length: SIZES }, (_, i) => ({
      pattern_view: 'A',
      Size: `S${i}`,
      Pattern_Pdf_File_Name: `size-${i}.pdf`,
    }));
    fd.append(
      'data',
      JSON.stringify({
        SFCC_Pattern_ID: `BENCH-${runId}-${n}`,
        Pattern_Name: `Bench ${n}`,
        Brand: brand.id,
        Size,
      }),
    );
    for (let i = 0; i < SIZES; i++) fd.append(`pattern_pdf_file${i}`, pdf, `size-${i}.pdf`);
    return fd;
  };

  const idleRss = status('VmRSS');
  const hwmBefore = status('VmHWM'); // start-up's peak (migrations, password hashing)
  let peakRss = idleRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, status('VmRSS'));
  }, 20);
  const t0 = performance.now();
  const results = await Promise.all(
    Array.from({ length: SUBMISSIONS }, async (_, n) => {
      const res = await fetch(`${base}/api/patternRecord/addPatternsRecord`, {
        method: 'POST',
        headers: auth,
        body: form(n),
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, status('VmRSS'));
  const ok = results.filter((s) => s === 201).length;
  const payloadMb = (SUBMISSIONS * SIZES * PDF_BYTES) / MB;
  const storedMb =
    fs
      .readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath ?? e.path, e.name)).size, 0) /
    MB;

  console.log(
    `upload: ${SUBMISSIONS} concurrent submissions × ${SIZES} sizes × ${(PDF_BYTES / MB).toFixed(2)} MB PDF, embedded PGlite + disk store`,
  );
  console.log(
    `  answered 201        : ${ok} of ${SUBMISSIONS}${ok < SUBMISSIONS ? `  (other statuses: ${results.filter((s) => s !== 201).join(', ')})` : ''}`,
  );
  console.log(
    `  PDF bytes sent      : ${payloadMb.toFixed(0)} MB in ${seconds.toFixed(2)} s; stored ${storedMb.toFixed(0)} MB`,
  );
  console.log(
    `  throughput          : ${(payloadMb / seconds).toFixed(1)} MB/s, ${(ok / seconds).toFixed(2)} submissions/s`,
  );
  console.log(
    `  server RSS          : idle ${idleRss.toFixed(0)} MB, peak during uploads ${peakRss.toFixed(0)} MB (+${(peakRss - idleRss).toFixed(0)} MB), VmHWM ${hwmBefore.toFixed(0)} MB before → ${status('VmHWM').toFixed(0)} MB after`,
  );
  console.log(
    "  (client and server share this machine's 2 cores; the figures are indicative, not a pass/fail)",
  );
} finally {
  stop();
  await new Promise((r) => (server.exitCode !== null ? r() : server.on('exit', r)));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
