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
 * Resolves once the portal at `base` answers /api/health; rejects if `child` exits first or the
 * portal is not up within `timeoutMs`.
 */
export async function waitUntilHealthy(base, { child, timeoutMs = 120_000, pollMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error('the portal exited during start-up');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`the portal did not start in ${timeoutMs / 1000} s`);
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
