// Where the CPU went, from V8 CPU profiles (`.cpuprofile`, e.g. `bench-list.mjs --profile=DIR`):
// per profile (one per thread), the busy time, and the self time grouped by package (the
// node_modules folder a function comes from; "portal" for our bundle, "node:" for Node's own
// modules, "(gc)", "(program)") and by function. Not a benchmark: a reading aid.
//   node scripts/bench/profile-summary.mjs DIR|FILE… [--top=N] [--from=µs --to=µs]
//   --from/--to: only the samples taken in that window (the profile's clock: CLOCK_MONOTONIC in µs,
//   as process.hrtime.bigint() / 1000n; bench-import.mjs --profile prints its phases' windows).
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const top = Number(args.find((a) => a.startsWith('--top='))?.slice(6) || 25);
const from = Number(args.find((a) => a.startsWith('--from='))?.slice(7) || -Infinity);
const to = Number(args.find((a) => a.startsWith('--to='))?.slice(5) || Infinity);
const files = args
  .filter((a) => !a.startsWith('--'))
  .flatMap((a) =>
    fs.statSync(a).isDirectory()
      ? fs
          .readdirSync(a)
          .filter((f) => f.endsWith('.cpuprofile'))
          .map((f) => path.join(a, f))
      : [a],
  );
if (files.length === 0) {
  console.error('usage: node scripts/bench/profile-summary.mjs DIR|FILE… [--top=N]');
  process.exit(2);
}

function packageOf(url, name) {
  if (!url) return name.startsWith('(') ? name : '(native)';
  if (url.startsWith('node:')) return 'node:';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  return 'portal';
}

const table = (map, total) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, us]) => ({
      what: k,
      ms: (us / 1000).toFixed(0),
      '%': ((100 * us) / total).toFixed(1),
    }));

for (const file of files) {
  const prof = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let at = prof.startTime;
  for (let i = 0; i < prof.samples.length; i++) {
    at += prof.timeDeltas[i] ?? 0;
    if (at < from || at > to) continue;
    self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (prof.timeDeltas[i] ?? 0));
  }
  const byPkg = new Map();
  const byFn = new Map();
  let busy = 0;
  let all = 0;
  for (const [id, us] of self) {
    const n = byId.get(id);
    const { functionName, url, lineNumber } = n.callFrame;
    const name = functionName || '(anonymous)';
    all += us;
    if (name === '(idle)') continue;
    busy += us;
    const pkg = packageOf(url, name);
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + us);
    const fn = `${name} ${url ? `${path.basename(url)}:${lineNumber + 1}` : ''} [${pkg}]`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + us);
  }
  console.log(
    `\n${path.basename(file)}: ${(all / 1e6).toFixed(1)} s profiled, ${(busy / 1e6).toFixed(1)} s busy`,
  );
  console.table(table(byPkg, busy));
  console.table(table(byFn, busy));
}
