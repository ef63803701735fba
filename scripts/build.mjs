// Builds the server bundle (esbuild) and the web app (Vite) into dist/. Used by `npm start` when sources changed.
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import fs from 'node:fs';
import path from 'node:path';

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
  if (!fs.existsSync(stampFile) || !fs.existsSync(path.join(root, 'dist/web/index.html'))) return false;
  return Number(fs.readFileSync(stampFile, 'utf8')) >= newestInput();
}

export async function buildAll({ quiet = false } = {}) {
  const t0 = Date.now();
  const stamp = newestInput();
  await esbuild({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: path.join(root, 'dist/server/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  await viteBuild({ configFile: path.join(root, 'vite.config.ts'), logLevel: quiet ? 'warn' : 'info' });
  fs.writeFileSync(stampFile, String(stamp));
  if (!quiet) console.log(`Built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
