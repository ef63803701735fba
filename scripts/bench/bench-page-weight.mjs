// Script weight of the sign-in page (and the dashboard, signed out): starts the built portal on a
// fresh DATA_DIR, loads each page in Chromium, and sums the scripts it fetched: raw, gzip -9 and
// brotli sizes of the built files, and the bytes that crossed the wire (the server sends the
// precompressed copy the browser accepts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildAll, root } from '../build.mjs';
import { freePort, waitUntilHealthy } from '../portal-process.mjs';

await buildAll({ quiet: true, ifNeeded: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-bench-weight-'));
const port = await freePort(); // a port the system says is free (a random one in a range hit RabbitMQ's epmd, 4369)
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
await waitUntilHealthy(base, { child: server });

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const pagePath of ['/app/login', '/app/dashboard']) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = [];
    page.on('requestfinished', async (req) => {
      if (req.resourceType() !== 'script') return;
      const sizes = await req.sizes();
      scripts.push({ url: new URL(req.url()).pathname, wire: sizes.responseBodySize });
    });
    await page.goto(base + pagePath, { waitUntil: 'networkidle' });
    let raw = 0;
    let gzip = 0;
    let brotli = 0;
    let wire = 0;
    for (const s of scripts) {
      const body = fs.readFileSync(path.join(root, 'dist/web', s.url.replace(/^\/app\//, '')));
      raw += body.length;
      gzip += zlib.gzipSync(body, { level: 9 }).length;
      brotli += zlib.brotliCompressSync(body).length;
      wire += s.wire;
    }
    console.log(
      `${pagePath}: ${scripts.length} scripts, ${kb(raw)} raw, ${kb(gzip)} gzip, ${kb(brotli)} brotli, ${kb(wire)} on the wire`,
    );
    for (const s of scripts.sort((a, b) => b.wire - a.wire))
      console.log(`  ${s.url}  ${kb(s.wire)}`);
    await context.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
