// Start-up time of the portal on the embedded default: a first start (fresh DATA_DIR: migrations,
// brands, first admin) and a second start on the same data, both until /api/health answers.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll, root } from '../build.mjs';
import { freePort, waitUntilHealthy } from '../portal-process.mjs';

await buildAll({ quiet: true, ifNeeded: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-bench-start-'));
const port = await freePort(); // a port the system says is free (a random one in a range hit RabbitMQ's epmd, 4369)

async function startOnce() {
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await waitUntilHealthy(`http://127.0.0.1:${port}`, { child, pollMs: 50 });
  const ms = performance.now() - t0;
  const rss =
    Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) /
    1024;
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  return { ms, rss };
}

const first = await startOnce();
const second = await startOnce();
console.log('start-up (process spawn until /api/health answers), embedded PGlite:');
console.log(
  `  first start (new data dir) : ${first.ms.toFixed(0)} ms, RSS ${first.rss.toFixed(0)} MB`,
);
console.log(
  `  second start (same data)   : ${second.ms.toFixed(0)} ms, RSS ${second.rss.toFixed(0)} MB`,
);
fs.rmSync(dataDir, { recursive: true, force: true });
