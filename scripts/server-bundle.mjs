// The server bundle that `npm start` runs (dist/server), also built by tests that start real portal
// processes (src/server/test/portal-process.ts) into a directory of their own.
import { build as esbuild } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Writes `main.js`, `backup.js`, `restore.js` (with their source maps) and the worker threads' files into `outDir`. */
export async function buildServerBundle(outDir) {
  await esbuild({
    // The server, and the backup and restore tools (run as `node dist/server/backup.js` where tsx is not installed, as in the container image).
    entryPoints: {
      main: path.join(root, 'src/server/main.ts'),
      backup: path.join(root, 'src/server/cli/backup.ts'),
      restore: path.join(root, 'src/server/cli/restore.ts'),
    },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    // No comments or indentation, and ASCII only (other characters escaped): V8 keeps each
    // script's source text for as long as the script lives, and stores a text holding any
    // character past U+00FF with two bytes a character. 0.6 MB one-byte instead of 1.5 MB
    // (docs/decisions/012). Names stay as written; lib/source-stacks.ts maps the columns.
    minifyWhitespace: true,
    charset: 'ascii',
    sourcemap: true,
    logLevel: 'warning',
  });
  // The workers run as their own files next to the bundle (pdf-facts.ts, pglite-bridge.ts resolve them there).
  for (const worker of ['features/preflight/pdf-facts.worker.mjs', 'db/pglite.worker.mjs'])
    fs.copyFileSync(
      path.join(root, 'src/server', worker),
      path.join(outDir, path.basename(worker)),
    );
}
