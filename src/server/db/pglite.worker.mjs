// The embedded database (PGlite) in a worker thread, so that its WebAssembly runs beside the main
// thread (HTTP, JSON, Zod, and reading the database's replies: pglite-raw.ts) instead of in turn
// with it. It only carries wire-protocol bytes: a message holds one or more round trips (Parse …
// Sync, or a simple Query), run in the order asked, whose replies go back whole, together in one
// message. pglite-bridge.ts is the other end.
// The same file runs as a child process of its own for start-up's one-off work on a new database
// (initdb, the migrations): all the memory that work takes goes back when that process ends
// (docs/decisions/014).
// Plain JavaScript so that it runs as is under vitest, tsx and the bundle (scripts/server-bundle.mjs
// copies it next to the server bundle).
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// A worker thread's port, or a child process's channel (which copies what a thread would move).
const port = parentPort ?? {
  on: (event, listener) => process.on(event, listener),
  postMessage: (message) => process.send(message),
};
const { dataDir, startParams } = workerData ?? JSON.parse(process.env.PPP_PGLITE_WORKER ?? '{}');
// A child process ends with the server that started it (a server killed outright included).
if (!parentPort) process.on('disconnect', () => process.exit(0));
// PGlite (Emscripten) sets its files' modes itself, past the umask: 0666 for the data directory it
// lays out, 0644 for some caches. The database belongs to the portal's user alone (lib/private-data-dir.ts):
// this thread's chmod keeps group and others out.
const chmodSync = fs.chmodSync;
fs.chmodSync = (file, mode) => chmodSync(file, typeof mode === 'number' ? mode & ~0o077 : mode);
const opened = PGlite.create({ dataDir, extensions: { pg_trgm }, startParams });
opened.catch(() => undefined); // reported to the first request

/** One round trip: the reply's bytes, in one buffer of their own (moved, not copied, to the main thread). */
async function roundTrip(pg, message) {
  const chunks = [];
  let length = 0;
  await pg.execProtocolRawStream(message, {
    onRawData: (c) => {
      chunks.push(c.slice()); // a view into the database's memory: copied before the next write
      length += c.length;
    },
  });
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) out.set(c, (at += c.length) - c.length);
  return out;
}

let gc;
/** A full collection of this thread's heap, asked by the main thread's idle collector (lib/idle-gc.ts). */
function collectGarbage() {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc');
  }
  gc();
  gc();
}

// Requests are handled one after another (the database serves one statement at a time anyway).
let queue = Promise.resolve();
port.on('message', (m) => {
  queue = queue.then(async () => {
    try {
      const pg = await opened;
      if (m.op === 'raw') {
        const replies = [];
        const moved = [];
        for (const { id, message } of m.items) {
          try {
            const reply = await roundTrip(pg, message);
            replies.push({ id, reply });
            moved.push(reply.buffer);
          } catch (err) {
            replies.push({ id, error: String(err?.message ?? err) });
          }
        }
        port.postMessage({ replies }, moved);
      } else if (m.op === 'gc') {
        collectGarbage();
        port.postMessage({ id: m.id });
      } else if (m.op === 'close') {
        await pg.close();
        port.postMessage({ id: m.id });
      } else port.postMessage({ id: m.id }); // 'open'
    } catch (err) {
      const error = String(err?.message ?? err);
      if (m.op === 'raw') port.postMessage({ replies: m.items.map(({ id }) => ({ id, error })) });
      else port.postMessage({ id: m.id, error });
    }
  });
});
