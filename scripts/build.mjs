// Builds the server bundle (esbuild) and the web app (Vite) into dist/. Used by `npm start` when sources changed.
import { build as viteBuild } from 'vite';
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { buildServerBundle } from './server-bundle.mjs';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const stampFile = path.join(root, 'dist', '.build-stamp');
const inputs = ['src', 'drizzle', 'index.html', 'vite.config.ts', 'package-lock.json', 'public'];

/** Newest modification time among the build's inputs. */
export function newestInput() {
  let newest = 0;
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
    else if (!/\.test\.tsx?$/.test(p)) newest = Math.max(newest, st.mtimeMs);
  };
  for (const i of inputs) walk(path.join(root, i));
  return newest;
}

export function isBuilt() {
  if (!fs.existsSync(stampFile) || !fs.existsSync(path.join(root, 'dist/web/index.html')))
    return false;
  return Number(fs.readFileSync(stampFile, 'utf8')) >= newestInput();
}

/**
 * Old hashed chunks stay after a rebuild so pages already open keep loading them (emptyOutDir is
 * off); those not rewritten for a day are removed so dist/ does not grow without end.
 */
function pruneOldAssets(dir) {
  if (!fs.existsSync(dir)) return;
  const cutoff = Date.now() - 24 * 3600 * 1000;
  for (const name of fs.readdirSync(dir)) {
    const p = path.join(dir, name);
    if (fs.statSync(p).mtimeMs < cutoff) fs.rmSync(p, { force: true });
  }
}

/** Brotli and gzip copies of text assets, served by @fastify/static (preCompressed) with no per-request CPU. */
function precompress(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) precompress(p);
    else if (
      /\.(js|css|html|svg|mjs|json)$/.test(e.name) &&
      !(fs.statSync(`${p}.br`, { throwIfNoEntry: false })?.mtimeMs >= fs.statSync(p).mtimeMs)
    ) {
      const data = fs.readFileSync(p);
      if (data.length < 1024) continue;
      fs.writeFileSync(
        `${p}.br`,
        zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10 } }),
      );
      fs.writeFileSync(`${p}.gz`, zlib.gzipSync(data, { level: 9 }));
    }
  }
}

/** Several test runs may start the portal at once from one tree: one builds, the others wait. */
async function withBuildLock(fn) {
  const lock = path.join(root, 'dist', '.build-lock');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      const age =
        Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 120_000) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

export async function buildAll(opts = {}) {
  return withBuildLock(async () => {
    if (opts.ifNeeded && isBuilt()) return;
    await buildUnlocked(opts);
  });
}

async function buildUnlocked({ quiet = false } = {}) {
  const t0 = Date.now();
  const stamp = newestInput();
  await buildServerBundle(path.join(root, 'dist/server'));
  // Always a production bundle, whatever NODE_ENV the caller runs under (vitest sets 'test').
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await viteBuild({
      configFile: path.join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: quiet ? 'warn' : 'info',
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  precompress(path.join(root, 'dist/web'));
  pruneOldAssets(path.join(root, 'dist/web/assets'));
  fs.writeFileSync(stampFile, String(stamp));
  if (!quiet) console.log(`Built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
