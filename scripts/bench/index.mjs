// `npm run bench`: runs every scripts/bench/bench-*.mjs in turn and prints their figures.
// Benchmarks measure; they never fail on a number (these machines are shared and noisy).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = path.dirname(new URL(import.meta.url).pathname);
const only = process.argv.slice(2);
const benches = fs
  .readdirSync(dir)
  .filter((f) => /^bench-.+\.mjs$/.test(f))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
if (benches.length === 0) console.log('No benchmarks found.');
let failed = 0;
// A figure is only comparable with one taken at the same load (docs/benchmarks.md): each bench's
// output is framed by the machine's load average (1, 5, 15 min) when it starts and when it ends.
const load = () =>
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.availableParallelism()} cores`;
for (const b of benches) {
  console.log(`\n=== ${b} (${load()}) ===`);
  const r = spawnSync(process.execPath, [path.join(dir, b)], {
    stdio: 'inherit',
    env: process.env,
  });
  if (r.status !== 0) failed++;
  console.log(`=== ${b} ended (${load()}) ===`);
}
process.exit(failed ? 1 : 0);
