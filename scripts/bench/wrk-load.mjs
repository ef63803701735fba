// Load from wrk (Debian's `wrk`, a C load generator) instead of this Node process: on a 2-core
// machine the load client shares the cores with the servers it measures, and a Node client costs
// 0.1–0.2 ms of CPU a request, as much as our whole server on a plain read; wrk costs about 0.02.
// The same client for every target, so ratios stay fair; bench-list.mjs checks every answer with
// its own calls before it hands the load to wrk (wrk only counts the statuses).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** wrk's path, or undefined when it is not installed (`apt-get install -y wrk`). */
export function findWrk() {
  try {
    return execFileSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

// Every latency wrk recorded (microseconds, with its count): `latency(i)` is the i-th distinct
// value, `#latency` how many there are (wrk's SCRIPTING). Rounds are merged from these exactly.
const REPORT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %d\\n", summary.requests, summary.duration,
    e.status, e.connect + e.read + e.write + e.timeout))
  local out = {}
  for i = 1, #latency do
    local v, c = latency(i)
    out[#out + 1] = string.format("%d:%d", v, c)
  end
  io.write("LATENCY " .. table.concat(out, " ") .. "\\n")
end
`;

let scriptPath;
const script = () => {
  if (!scriptPath) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-wrk-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    scriptPath = path.join(dir, 'report.lua');
    fs.writeFileSync(scriptPath, REPORT);
  }
  return scriptPath;
};

/**
 * `connections` connections on one thread for `seconds`: requests answered, the time, each
 * latency in ms with its count, and wrk's own CPU (ms, from the shell's `times`).
 */
export function wrkLoad(wrk, { url, headers }, { connections, seconds }) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '30s', '-s', script()];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    // `times` prints the shell's and its children's user and system time: wrk's CPU.
    const child = spawn('sh', ['-c', '"$0" "$@"; code=$?; times; exit $code', wrk, ...args]);
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('error', reject);
    // 'close', not 'exit': the output is read whole only once its streams have ended.
    child.on('close', (code) => {
      try {
        resolve(readReport(url, code, out, err));
      } catch (e) {
        reject(e);
      }
    });
  });
}

/** wrk's report (the `done` hook's lines, then the shell's `times`), or why the run failed. */
function readReport(url, code, out, err) {
  const result = out.match(/^RESULT (\d+) (\d+) (\d+) (\d+)$/m);
  if (code !== 0 || !result) throw new Error(`wrk ${url}: exit ${code}: ${err || out}`);
  const [, requests, duration, status, socket] = result.map(Number);
  if (status > 0 || socket > 0)
    throw new Error(`wrk ${url}: ${status} answers not 2xx/3xx, ${socket} socket errors`);
  const latencies = (out.match(/^LATENCY (.*)$/m)?.[1] ?? '')
    .split(' ')
    .filter(Boolean)
    .map((p) => {
      const [us, n] = p.split(':').map(Number);
      return [us / 1000, n];
    });
  const [user, system] = out.trim().split('\n').at(-1).split(' ').map(shellSeconds);
  return { requests, seconds: duration / 1e6, latencies, cpuMs: (user + system) * 1000 };
}

/** `1m2.5s` → 62.5 */
function shellSeconds(t) {
  const m = t.match(/^(\d+)m([\d.]+)s$/);
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
}
