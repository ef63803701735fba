// A burst of sign-ins must not starve other requests: fires 40 concurrent logins
// at a started portal and measures /api/health latency meanwhile and login throughput.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll, root } from '../build.mjs';
import { freePort, waitUntilHealthy } from '../portal-process.mjs';

await buildAll({ quiet: true, ifNeeded: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-bench-login-'));
const port = await freePort(); // a port the system says is free (a random one in a range hit RabbitMQ's epmd, 4369)
const base = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'Bench-pass1',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
await waitUntilHealthy(base, { child });
const pct = (a, p) =>
  a.slice().sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor((p / 100) * a.length))];
async function healthLatencies(untilDone) {
  const out = [];
  while (!untilDone.done) {
    const t = performance.now();
    await fetch(`${base}/api/health`);
    out.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
  return out;
}
const idle = { done: false };
const idleRun = healthLatencies(idle);
await new Promise((r) => setTimeout(r, 1000));
idle.done = true;
const idleLat = await idleRun;

const burst = { done: false };
const during = healthLatencies(burst);
const t0 = performance.now();
const N = 40;
await Promise.all(
  Array.from({ length: N }, () =>
    fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: 'Bench-pass1' }),
    }),
  ),
);
const secs = (performance.now() - t0) / 1000;
burst.done = true;
const busyLat = await during;
console.log(`login burst: ${N} concurrent sign-ins (scrypt N=2^17, at most 2 at once)`);
console.log(`  sign-ins finished in ${secs.toFixed(1)} s (${(N / secs).toFixed(1)}/s)`);
console.log(
  `  /api/health idle  : p50 ${pct(idleLat, 50).toFixed(1)} ms, p99 ${pct(idleLat, 99).toFixed(1)} ms (${idleLat.length} requests)`,
);
console.log(
  `  /api/health burst : p50 ${pct(busyLat, 50).toFixed(1)} ms, p99 ${pct(busyLat, 99).toFixed(1)} ms (${busyLat.length} requests)`,
);
const rss =
  Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) /
  1024;
console.log(`  server peak RSS   : ${rss.toFixed(0)} MB`);
child.kill('SIGTERM');
await new Promise((r) => child.on('exit', r));
fs.rmSync(dataDir, { recursive: true, force: true });
