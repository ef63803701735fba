// The first row of My Patterns on screen (issue 15): seeds 100,000 patterns into an embedded PGlite
// (the same deterministic rows as bench-list.mjs), starts the built portal on it, and loads
// /app/show-records signed in as an admin (the session in localStorage, as the app keeps it) in
// Chromium with a cold cache and the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate). It times,
// from navigation start, the first frame after the first real table row is in the page (skeleton
// rows do not count; the first rows boot.ts draws from the list answer do: ADR 016) and the frame
// after the app's own rows, working, have replaced them, reads the largest contentful paint and its element and the page's JavaScript
// heap half a second after the row, and sums the scripts fetched before that row (gzip -9 of the
// built files, and the bytes on the wire).
// Benchmarks measure; they never fail on a number.
//   node scripts/bench/bench-first-row.mjs [--runs=N] [--rows=N] [--cpu=N] [--against=DIR]...
//   --against=DIR: another built checkout (its dist/server and dist/web, e.g. the main branch's)
//   measured in the same rounds, interleaved, on a copy of the same data: before/after figures.
//   --profile=DIR: one more load each with the CPU profiler on (DIR/first-row-N.cpuprofile), and
//   its busy time by script and by function printed. --trace=DIR: one more load each recorded as
//   a Chrome trace (DIR/first-row-N.trace.json, for DevTools' Performance panel): module
//   evaluation, render slices, style and layout on the page's main thread. --resources: the last
//   run's requests in order, each asked / sent / first byte / last byte (ms from navigation start).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { buildAll, root } from '../build.mjs';
import { freePort, waitUntilHealthy } from '../portal-process.mjs';
import { seed } from './seed-patterns.mjs';
import { serverEnvOf, serverFlagsOf } from '../server-flags.mjs';

const args = process.argv.slice(2);
const arg = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const RUNS = Number(arg('runs') || 7);
const ROWS = Number(arg('rows') || 100_000);
const CPU = Number(arg('cpu') || 4);
const PROFILE = arg('profile') ? path.resolve(arg('profile')) : null;
const TRACE = arg('trace') ? path.resolve(arg('trace')) : null;
const RESOURCES = args.includes('--resources');
const others = args.filter((a) => a.startsWith('--against=')).map((a) => path.resolve(a.slice(10)));

await buildAll({ quiet: true, ifNeeded: true });
for (const dir of others)
  if (!fs.existsSync(path.join(dir, 'dist/server/main.js')))
    throw new Error(`${dir} has no build: run node scripts/build.mjs there first`);

const mod = (p) => tsImport(path.join(root, p), import.meta.url);
const { parseEnv } = await mod('src/server/config/env.ts');
const { createDeps } = await mod('src/server/deps.ts');
const { seedBrands } = await mod('src/server/features/brands/brands.service.ts');
const { insertUser } = await mod('src/server/features/auth/auth.repo.ts');
const { createSession } = await mod('src/server/features/auth/auth.service.ts');
const silent = (await import('pino')).default({ level: 'silent' });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-bench-first-row-'));
const seeded = path.join(tmp, 'seeded');
console.log(`Seeding ${ROWS.toLocaleString('en-US')} patterns (PGlite)…`);
const deps = await createDeps(parseEnv({ DATA_DIR: seeded, LOG_LEVEL: 'silent' }), silent);
await seedBrands(deps.database.db);
await seed(deps.database.db, ROWS);
const email = `bench-first-row-${crypto.randomBytes(3).toString('hex')}@example.com`;
const userId = await insertUser(deps.database.db, {
  fullName: 'Bench Admin',
  email,
  passwordHash: 'x',
  role: 'admin',
  brandId: null,
});
const token = await createSession(deps, userId);
await deps.closeAll();
// What the login screen stores (spec section 3): the user and its token under `user`, and the flag.
const storedUser = {
  id: userId,
  fullName: 'Bench Admin',
  role: 'admin',
  email,
  brand: null,
  profilePicUrl: null,
  token,
};

/** One portal per checkout, each on its own copy of the seeded data (PGlite is one process's). */
async function startPortal(checkout, name) {
  const dataDir = path.join(tmp, name);
  fs.cpSync(seeded, dataDir, { recursive: true });
  const port = await freePort();
  const flags = await serverFlagsOf(checkout); // as `npm start` runs it
  const child = spawn(process.execPath, [...flags, path.join(checkout, 'dist/server/main.js')], {
    cwd: checkout,
    env: {
      ...(await serverEnvOf(checkout)),
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SERVER_PROCESSES: '', // the embedded database is one process's
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(base, { child });
  // The server's caches and the database pages warm (the browser's cache is what stays cold).
  for (let i = 0; i < 5; i++)
    await fetch(`${base}/api/patterns`, { headers: { authorization: `Bearer ${token}` } });
  return {
    name,
    checkout,
    base,
    results: [],
    stop: () => new Promise((r) => (child.kill('SIGTERM'), child.on('exit', r))),
  };
}

// Runs in the page before its own scripts: the session, and the observers that time the first row.
const pageProbe = `(() => {
  localStorage.setItem('user', ${JSON.stringify(JSON.stringify(storedUser))});
  localStorage.setItem('user_authenticated', 'true');
  const probe = (window.__probe = { lcp: null, firstRow: null, appRows: null });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const el = e.element;
      probe.lcp = {
        ms: e.startTime,
        element: el
          ? el.tagName.toLowerCase() + (el.closest('tbody tr') ? ' in a table row' : el.closest('footer') ? ' in the footer' : '') +
            ' "' + (el.textContent || '').trim().slice(0, 40) + '"'
          : '(none)',
      };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const sel = '[aria-label="Patterns"] tbody tr:not([data-testid="skeleton-row"])';
  // The app's own rows, working (the first rows boot.ts draws stand in until then: ADR 016).
  const appSel = '#root [aria-label="Patterns"] tbody tr:not([data-testid="skeleton-row"])';
  const check = () => {
    if (probe.appRows === null && !document.getElementById('first-rows') && document.querySelector(appSel)) {
      probe.appRows = -1;
      requestAnimationFrame(() => (probe.appRows = performance.now()));
    }
    if (probe.firstRow !== null || !document.querySelector(sel)) return;
    probe.firstRow = -1;
    // The frame that paints it: the next animation frame after the row is in the page.
    requestAnimationFrame(() => (probe.firstRow = performance.now()));
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})()`;

async function loadOnce(browser, portal, profileTo, traceTo) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(pageProbe);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  if (traceTo)
    await browser.startTracing(page, { categories: ['devtools.timeline', 'v8.execute'] });
  if (profileTo) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.goto(`${portal.base}/app/show-records`);
  await page.waitForFunction(
    () => window.__probe.firstRow > 0 && window.__probe.appRows > 0,
    null,
    {
      timeout: 60_000,
      polling: 50,
    },
  );
  if (traceTo) fs.writeFileSync(traceTo, await browser.stopTracing());
  if (profileTo) {
    const { profile } = await cdp.send('Profiler.stop');
    fs.writeFileSync(profileTo, JSON.stringify(profile));
  }
  // LCP settles on the first paints; give it a moment past the row before reading it.
  await page.waitForTimeout(500);
  const probe = await page.evaluate(() => window.__probe);
  // The page's JavaScript heap then (what the code compiled and built so far holds).
  const heap = await cdp.send('Runtime.getHeapUsage');
  // Where the time went before the row: the page, its last script, the list call, the document's
  // scripts run (DOMContentLoaded ends once every module script has run).
  const timeline = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const res = performance.getEntriesByType('resource');
    const js = res.filter((e) => new URL(e.name).pathname.endsWith('.js'));
    const list = res.find((e) => new URL(e.name).pathname === '/api/patterns');
    return {
      html: nav.responseEnd,
      scripts: Math.max(...js.map((e) => e.responseEnd)),
      listStart: list?.startTime ?? NaN,
      listEnd: list?.responseEnd ?? NaN,
      dcl: nav.domContentLoadedEventEnd,
      all: [nav, ...res].map(
        (e) =>
          `${new URL(e.name).pathname.split('/').pop() || '/'} ${[e.startTime, e.requestStart, e.responseStart, e.responseEnd].map((t) => t.toFixed(0)).join(' / ')}`,
      ),
      late: js
        .filter((e) => e.startTime > nav.domContentLoadedEventEnd - 50)
        .map(
          (e) =>
            `${new URL(e.name).pathname.split('/').pop()}@${e.startTime.toFixed(0)}–${e.responseEnd.toFixed(0)}`,
        ),
      api: res
        .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
        .map(
          (e) =>
            `${new URL(e.name).pathname}@${e.startTime.toFixed(0)}–${e.responseEnd.toFixed(0)}`,
        ),
    };
  });
  // The scripts that had arrived by the time the row was painted.
  const scripts = await page.evaluate(
    (until) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith('.js') && e.responseEnd <= until)
        .map((e) => ({ url: new URL(e.name).pathname, wire: e.encodedBodySize })),
    probe.firstRow,
  );
  await context.close();
  let gzip = 0;
  let wire = 0;
  const files = [];
  for (const s of scripts) {
    const file = path.join(portal.checkout, 'dist/web', s.url.replace(/^\/app\//, ''));
    const size = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    files.push({ name: path.basename(file), gzip: size });
    gzip += size;
    wire += s.wire;
  }
  return {
    firstRow: probe.firstRow,
    appRows: probe.appRows,
    lcp: probe.lcp,
    heapMb: heap.usedSize / 2 ** 20,
    scripts: scripts.length,
    gzip,
    wire,
    files: files.sort((a, b) => b.gzip - a.gzip),
    timeline,
  };
}

/** A page's CPU profile, read: busy time, and self time by script file and by function. */
function summarizeProfile(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((id, i) =>
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  const byFile = new Map();
  const byFn = new Map();
  let busy = 0;
  for (const [id, us] of self) {
    const { callFrame: f } = byId.get(id);
    if (f.functionName === '(idle)') continue;
    busy += us;
    const file = f.url ? f.url.split('/').pop().split('?')[0] : f.functionName;
    byFile.set(file, (byFile.get(file) ?? 0) + us);
    const fn = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + us);
  }
  const top = (m, n) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `    ${(us / 1000).toFixed(1).padStart(7)} ms  ${k}`)
      .join('\n');
  return `  profile (one more load, profiled; CPU ${CPU}× slower): busy ${(busy / 1000).toFixed(0)} ms\n  by script:\n${top(byFile, 12)}\n  by function:\n${top(byFn, 15)}`;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const portals = [];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  portals.push(await startPortal(root, 'this checkout'));
  for (const [i, dir] of others.entries()) portals.push(await startPortal(dir, `against ${i + 1}`));
  console.log(
    `First row of My Patterns, admin, ${ROWS.toLocaleString('en-US')} patterns, cold cache, CPU ${CPU}× slower, ${RUNS} runs each${portals.length > 1 ? ' (interleaved)' : ''}. Load at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const p of portals) await loadOnce(browser, p); // one unmeasured load each (the browser itself warm)
  for (let run = 0; run < RUNS; run++)
    for (const p of portals) p.results.push(await loadOnce(browser, p));
  // One more load each, profiled (the profiler's own cost makes it slower: not counted above).
  if (PROFILE) {
    fs.mkdirSync(PROFILE, { recursive: true });
    for (const [i, p] of portals.entries()) {
      const file = path.join(PROFILE, `first-row-${i}.cpuprofile`);
      await loadOnce(browser, p, file);
      p.profile = summarizeProfile(JSON.parse(fs.readFileSync(file, 'utf8')));
    }
  }
  // And one traced load each: a Chrome trace (open it in DevTools' Performance panel).
  if (TRACE) {
    fs.mkdirSync(TRACE, { recursive: true });
    for (const [i, p] of portals.entries()) {
      const file = path.join(TRACE, `first-row-${i}.trace.json`);
      await loadOnce(browser, p, null, file);
      console.log(`trace of ${p.name}: ${file}`);
    }
  }
  for (const p of portals) {
    const r = p.results;
    const last = r[r.length - 1];
    console.log(`\n${p.name}: ${p.checkout}`);
    console.log(
      `  first row: median ${median(r.map((x) => x.firstRow)).toFixed(0)} ms  (runs: ${r.map((x) => x.firstRow.toFixed(0)).join(', ')})`,
    );
    console.log(
      `  the app's own rows (working): median ${median(r.map((x) => x.appRows)).toFixed(0)} ms  (runs: ${r.map((x) => x.appRows.toFixed(0)).join(', ')})`,
    );
    console.log(
      `  LCP:       median ${median(r.map((x) => x.lcp?.ms ?? NaN)).toFixed(0)} ms, element ${last.lcp?.element ?? '(none)'}`,
    );
    console.log(
      `  scripts before the first row (KB gzip): ${kb(last.gzip)} gzip -9 in ${last.scripts} scripts, ${kb(last.wire)} on the wire`,
    );
    console.log(
      `    ${last.files.map((f) => `${f.name} ${(f.gzip / 1024).toFixed(1)}`).join(', ')}`,
    );
    console.log(
      `  JavaScript heap 0.5 s after the first row: median ${median(r.map((x) => x.heapMb)).toFixed(1)} MB`,
    );
    const t = (k) => median(r.map((x) => x.timeline[k])).toFixed(0);
    console.log(
      `  timeline (median ms): page ${t('html')}, last script arrived ${t('scripts')}, list call ${t('listStart')}–${t('listEnd')}, scripts run (DOMContentLoaded) ${t('dcl')}`,
    );
    console.log(
      `  last run, scripts asked after DOMContentLoaded: ${last.timeline.late.join(' ')}`,
    );
    console.log(`  last run, API calls: ${last.timeline.api.join(' ')}`);
    if (RESOURCES)
      console.log(
        `  last run, requests (asked / sent / first byte / last byte, ms):\n${last.timeline.all.map((l) => `    ${l}`).join('\n')}`,
      );
    if (p.profile) console.log(p.profile);
  }
  console.log(
    `\nLoad at end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await browser.close();
  for (const p of portals) await p.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
