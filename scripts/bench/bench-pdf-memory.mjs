// The server's memory after hostile PDFs (issue 33, item 2): the portal started as `npm start` starts
// it (server bundle, embedded PGlite, disk store), then pattern submissions whose Yardage_PDF is the
// soft-mask bomb (a 10×10 image with a 30,000×30,000 Flate soft mask of zeros, 875 KB), in batches
// sent at once. Prints the server process' VmRSS before, at its peak and after each batch, the
// PDF checker processes' peak, and what each upload answered. Benchmarks measure; they never fail.
//   node scripts/bench/bench-pdf-memory.mjs [--files=12] [--batch=4]
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { tsImport } from 'tsx/esm/api';
import { buildServerBundle } from '../server-bundle.mjs';
import { childrenOf, freePort, waitUntilHealthy } from '../portal-process.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const FILES = Number(arg('files') || 12);
const BATCH = Number(arg('batch') || 4);
const mod = (p) => tsImport(path.join(root, p), import.meta.url);
const { softMaskBombPdf } = await mod('src/server/test/preflight-files.ts');
const { samplePdf } = await mod('src/server/test/sample-files.ts');

const bundleDir = path.join(root, '.test-data', `bench-${crypto.randomBytes(4).toString('hex')}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-bench-pdfmem-'));
await buildServerBundle(bundleDir);
const bomb = new Blob([await softMaskBombPdf()], { type: 'application/pdf' });
const sizePdf = new Blob([samplePdf(2000, 'Size M')], { type: 'application/pdf' });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const admin = { email: 'bench-admin@localhost', password: 'Bench-pass1!' };
const server = spawn(process.execPath, [path.join(bundleDir, 'main.js')], {
  cwd: bundleDir,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const MB = 1024;
/** A process' VmRSS in MB (0 once it is gone). */
const rssOf = (pid) => {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) / MB;
  } catch {
    return 0;
  }
};
/** The server's descendants (the PDF checker processes, if any). */
const descendants = (pid) => childrenOf(pid).flatMap((c) => [c, ...descendants(c)]);

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
  const runId = Date.now().toString(36);

  /** One submission; its Yardage_PDF is `yardage`. Answers the status and the Yardage_PDF's check. */
  const submit = async (n, yardage) => {
    const fd = new FormData();
    fd.append(
      'data',
      JSON.stringify({
        SFCC_Pattern_ID: `PDFMEM-${runId}-${n}`,
        Pattern_Name: `Soft mask ${n}`,
        Brand: brand.id,
        Size: [{ pattern_view: 'A', Size: 'M', Pattern_Pdf_File_Name: 'size-m.pdf' }],
      }),
    );
    fd.append('pattern_pdf_file0', sizePdf, 'size-m.pdf');
    fd.append('Yardage_PDF', yardage, 'yardage.pdf');
    const t0 = performance.now();
    const res = await fetch(`${base}/api/patternRecord/addPatternsRecord`, {
      method: 'POST',
      headers: auth,
      body: fd,
    });
    const body = await res.json();
    const s = ((performance.now() - t0) / 1000).toFixed(1);
    if (res.status !== 201) return `${res.status} ${body.message ?? ''} (${s} s)`;
    const detail = await (
      await fetch(`${base}/api/patterns/${body.data.ID}`, { headers: auth })
    ).json();
    const c = detail.data.files.find((f) => f.kind === 'Yardage_PDF')?.check;
    return `201 pages ${c?.pageCount}, incomplete ${c?.incomplete}, thumbnails ${c?.thumbnails} (${s} s)`;
  };

  const started = rssOf(server.pid);
  console.log(
    `Machine: ${os.cpus().length} CPU(s), Node ${process.version}; bomb ${(bomb.size / 1024).toFixed(0)} KB`,
  );
  console.log(`server VmRSS after start-up: ${started.toFixed(0)} MB`);
  console.log(
    `  one ordinary upload: ${await submit('warm', new Blob([samplePdf(2500, 'Yardage')]))}`,
  );
  const warm = rssOf(server.pid);
  console.log(`server VmRSS after one ordinary PDF (checker loaded): ${warm.toFixed(0)} MB`);
  let peak = warm;
  let checkerPeak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(server.pid));
    const kids = descendants(server.pid).reduce((sum, pid) => sum + rssOf(pid), 0);
    checkerPeak = Math.max(checkerPeak, kids);
  }, 20);
  for (let done = 0; done < FILES; done += BATCH) {
    const n = Math.min(BATCH, FILES - done);
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => submit(done + i, bomb)));
    console.log(`batch of ${n}: ${answers.join('; ')}`);
    console.log(
      `  server VmRSS now ${rssOf(server.pid).toFixed(0)} MB (peak so far ${peak.toFixed(0)} MB)`,
    );
  }
  clearInterval(sampler);
  await new Promise((r) => setTimeout(r, 2_000));
  const after = rssOf(server.pid);
  console.log(
    `after ${FILES} bombs and 2 s idle: server VmRSS ${after.toFixed(0)} MB (${after - warm >= 0 ? '+' : ''}${(after - warm).toFixed(0)} MB since the warm start), peak ${peak.toFixed(0)} MB; checker processes' peak ${checkerPeak.toFixed(0)} MB`,
  );
  console.log(
    `Load average: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.on('exit', r)));
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(bundleDir, { recursive: true, force: true });
}
