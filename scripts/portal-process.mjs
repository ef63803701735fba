// Shared by the benchmarks (not itself a benchmark: bench.mjs runs only bench-*.mjs).
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';

/** A TCP port free on 127.0.0.1 at this moment (for a portal started next). */
export function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The processes `pid` started (Linux), e.g. the server processes under a SERVER_PROCESSES primary. */
export function childrenOf(pid) {
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * CPU seconds `pid` and the processes under it have used so far, all their threads (Linux): a
 * portal started through `npm start` is a tree (npm, the start script, the server). Undefined
 * where /proc cannot say.
 */
function cpuSecondsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const own = (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks
    return childrenOf(pid).reduce((sum, c) => sum + (cpuSecondsOf(c) ?? 0), own);
  } catch {
    return undefined;
  }
}

/**
 * Resolves once the portal at `base` answers /api/health; rejects if `child` exits first.
 *
 * What it waits on is the portal's progress, not a guess of time: a fresh start costs about 15 s
 * of the portal's own CPU (loading its modules, PGlite's initdb, the migrations) and prints nothing
 * meanwhile, and on a machine at load 18 that CPU took 108 s of wall time. So with `child` (on
 * Linux) `timeoutMs` is a budget of the portal's CPU time, however long the machine makes it wait
 * for it; a start that uses no CPU for `stallMs` is stuck (a lock, a connection that never
 * answers) and is reported as such. Either failure says what was seen: wall time, the portal's CPU
 * time, the load average. Without `child` or /proc, `timeoutMs` is wall time.
 */
export async function waitUntilHealthy(
  base,
  { child, timeoutMs = 120_000, pollMs = 100, stallMs = 120_000 } = {},
) {
  const started = Date.now();
  const cpu = () => (child?.pid ? cpuSecondsOf(child.pid) : undefined);
  let lastCpu = cpu();
  let lastProgress = started;
  const seen = () =>
    `after ${((Date.now() - started) / 1000).toFixed(0)} s, the portal having used ` +
    `${lastCpu === undefined ? '?' : lastCpu.toFixed(1)} s of CPU, load average ${fs
      .readFileSync('/proc/loadavg', 'utf8')
      .split(' ')
      .slice(0, 3)
      .join(' ')}`;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error('the portal exited during start-up');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    const now = cpu();
    if (now === undefined) {
      if (Date.now() - started > timeoutMs)
        throw new Error(`the portal did not start in ${timeoutMs / 1000} s`);
    } else {
      if (now > lastCpu) lastProgress = Date.now();
      lastCpu = now;
      if (now * 1000 > timeoutMs)
        throw new Error(
          `the portal did not answer /api/health within ${timeoutMs / 1000} s of its own CPU (${seen()})`,
        );
      if (Date.now() - lastProgress > stallMs)
        throw new Error(
          `the portal stalled: no CPU used for ${stallMs / 1000} s before answering /api/health (${seen()})`,
        );
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

const agents = new Map();
/**
 * GET `url` and read its JSON over a kept-alive connection (Node's http with a pool per origin):
 * what the load benchmarks send. fetch costs its caller about 0.7 ms of CPU per request on these
 * machines, which the client takes from the same two cores as the server it measures; this costs
 * a fraction of it (docs/benchmarks.md). Resolves with the status and the parsed body.
 */
export function getJson(url, headers = {}) {
  const u = new URL(url);
  let agent = agents.get(u.origin);
  if (!agent) agents.set(u.origin, (agent = new http.Agent({ keepAlive: true, maxSockets: 64 })));
  return new Promise((resolve, reject) => {
    const req = http.get(u, { agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString()) });
        } catch (err) {
          reject(err);
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
