// A flood of bad sign-ins must not slow everyone else (issue 11): 40 workers keep sending wrong
// passwords for 8 s while /api/health is polled and a normal user signs in from a browser that
// signed in before (device cookie) and from a new one. Prints p50/p99 and the sign-in times.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll, root } from '../build.mjs';
import { freePort, waitUntilHealthy } from '../portal-process.mjs';

await buildAll({ quiet: true, ifNeeded: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-bench-flood-'));
const port = await freePort(); // a port the system says is free (a random one in a range hit RabbitMQ's epmd, 4369)
const base = `http://127.0.0.1:${port}`;
const EMAIL = 'bench@example.com';
const PASSWORD = 'Bench-pass1';
const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
await waitUntilHealthy(base, { child });
const pct = (a, p) =>
  a.slice().sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor((p / 100) * a.length))] ?? NaN;

/** One sign-in; answers its status, time and the device cookie it was given (if any). */
async function signIn(email, password, cookie) {
  const t = performance.now();
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ email, password }),
  });
  await res.arrayBuffer();
  const set = res.headers.get('set-cookie');
  return {
    status: res.status,
    ms: performance.now() - t,
    cookie: set ? set.split(';')[0] : cookie,
  };
}

async function healthLatencies(state) {
  const out = [];
  while (!state.done) {
    const t = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    out.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
  return out;
}

const first = await signIn(EMAIL, PASSWORD); // this browser now knows the account (device cookie, when the server gives one)
const idle = { done: false };
const idleRun = healthLatencies(idle);
await new Promise((r) => setTimeout(r, 1000));
idle.done = true;
const idleLat = await idleRun;

const flood = { done: false };
const during = healthLatencies(flood);
const WORKERS = 40;
const FLOOD_MS = 8000;
const statuses = {};
let sent = 0;
const workers = Array.from({ length: WORKERS }, async (_, w) => {
  while (!flood.done) {
    // Half guess the real account's password, half probe other addresses.
    const r = await signIn(w % 2 ? EMAIL : `probe${w}-${sent}@example.com`, 'Wrong-pass1').catch(
      () => ({ status: 'connection error' }),
    );
    sent++;
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  }
});
await new Promise((r) => setTimeout(r, 2000));
const known = await signIn(EMAIL, PASSWORD, first.cookie);
const fresh = await signIn(EMAIL, PASSWORD);
await new Promise((r) => setTimeout(r, FLOOD_MS - 2000));
flood.done = true;
await Promise.all(workers);
const busyLat = await during;

console.log(
  `login flood: ${WORKERS} workers sending wrong passwords for ${FLOOD_MS / 1000} s (${sent} requests: ${JSON.stringify(statuses)})`,
);
console.log(
  `  /api/health idle  : p50 ${pct(idleLat, 50).toFixed(1)} ms, p99 ${pct(idleLat, 99).toFixed(1)} ms (${idleLat.length} requests)`,
);
console.log(
  `  /api/health flood : p50 ${pct(busyLat, 50).toFixed(1)} ms, p99 ${pct(busyLat, 99).toFixed(1)} ms (${busyLat.length} requests)`,
);
console.log(
  `  normal sign-in, idle                       : ${first.ms.toFixed(0)} ms (HTTP ${first.status})`,
);
console.log(
  `  normal sign-in during flood, known browser : ${known.ms.toFixed(0)} ms (HTTP ${known.status}${first.cookie ? ', device cookie' : ', no device cookie given'})`,
);
console.log(
  `  normal sign-in during flood, new browser   : ${fresh.ms.toFixed(0)} ms (HTTP ${fresh.status})`,
);
child.kill('SIGTERM');
await new Promise((r) => child.on('exit', r));
fs.rmSync(dataDir, { recursive: true, force: true });
