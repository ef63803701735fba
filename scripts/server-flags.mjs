// The Node flags the server runs with: `npm start` (scripts/start.mjs) passes them, and the list
// and first-row benchmarks start each checkout's server with its own: they measure what users run.
//   --v8-pool-size=1         one V8 background thread instead of four (they compile PGlite's
//                            WebAssembly and help the garbage collector): about 40 MB less stays
//                            resident on PGlite, reads unchanged (ADR 012)
//   --max-semi-space-size=4  a young generation of 4 MB semi-spaces, not up to 16: after a burst of
//                            requests the larger one stays resident (about 25 MB)
//   --no-maglev              no mid-tier optimising compiler: hot functions go from the baseline
//                            code to TurboFan, a little later; about 8 MB less resident idle,
//                            reads at 0.84–1.13× (ADR 012)
// Not --enable-source-maps: Node would keep the bundle's source map decoded for good (about 13 MB
// of heap, from the first stack trace on); lib/source-stacks.ts maps the bundle's stack traces
// while they are needed instead (ADR 012).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const SERVER_NODE_FLAGS = ['--v8-pool-size=1', '--max-semi-space-size=4', '--no-maglev'];

// The environment the server starts with, under what the caller's environment already sets:
//   MALLOC_MMAP_THRESHOLD_=32768  glibc serves blocks of 32 KB and more (V8's compiler zones among
//                                 them) from mmap, given back when freed, and no longer raises that
//                                 threshold to the largest block freed (up to 32 MB), whose freed
//                                 blocks then stay in its arenas: about 20 MB less resident idle,
//                                 reads unchanged (ADR 012). musl (Alpine) ignores it.
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '32768' };

/** The environment a checkout in `dir` starts its server with (none before SERVER_ENV existed). */
export async function serverEnvOf(dir) {
  const own = path.join(dir, 'scripts/server-flags.mjs');
  if (!fs.existsSync(own)) return {};
  return (await import(pathToFileURL(own).href)).SERVER_ENV ?? {};
}

/**
 * The flags a checkout in `dir` starts its server with (its own scripts/server-flags.mjs; before
 * that file existed, source maps only): the benchmarks start an older checkout as it started then.
 */
export async function serverFlagsOf(dir) {
  const own = path.join(dir, 'scripts/server-flags.mjs');
  if (!fs.existsSync(own)) return ['--enable-source-maps'];
  return (await import(pathToFileURL(own).href)).SERVER_NODE_FLAGS;
}
