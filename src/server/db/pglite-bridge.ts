import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExecRaw } from './pglite-raw';

/**
 * PGlite in a worker thread (pglite.worker.mjs), seen from the main thread as one function: wire
 * protocol bytes in, the reply's bytes out (pglite-raw.ts writes and reads them). The database's
 * WebAssembly runs on the worker; a round trip costs the main thread a message each way, the reply
 * moved, not copied. Round trips asked while others are with the worker wait and go together, in
 * the order asked, as one message (their replies come back as one too): under load a message
 * carries several statements, and each costs the main thread a share of one postMessage
 * (docs/decisions/004-embedded-database-client.md).
 */
export interface PgliteWorker {
  execRaw: ExecRaw;
  /** A full garbage collection in the worker (lib/idle-gc.ts). */
  collectGarbage(): Promise<void>;
  /** The worker thread's id; -1 for a child process (the tests tell them apart). */
  threadId: number;
  close(): Promise<void>;
}

type Reply = { id: number; reply?: Uint8Array; error?: string };
type Message = Reply | { replies: Reply[] };

const WORKER_URL = new URL('./pglite.worker.mjs', import.meta.url);

export async function startPgliteWorker(opts: {
  dataDir: string;
  startParams: string[];
  /**
   * In a child process instead of a thread, for one-off work whose memory must all go back when
   * it ends (a new database's initdb and migrations: docs/decisions/014). Each message is copied
   * there and back, not moved.
   */
  inProcess?: boolean;
}): Promise<PgliteWorker> {
  const { dataDir, startParams } = opts;
  const worker = opts.inProcess
    ? childWorker({ dataDir, startParams })
    : // A small young generation: the worker allocates little that lives (replies are moved out),
      // and a large one stays resident after a burst (about 20 MB; ADR 012).
      new Worker(WORKER_URL, {
        workerData: { dataDir, startParams },
        resourceLimits: { maxYoungGenerationSizeMb: 8 },
      });
  const pending = new Map<number, { resolve(r: Uint8Array): void; reject(e: Error): void }>();
  let nextId = 1;
  let stopped: Error | undefined;

  // The worker keeps the process alive only while a request waits for it (as an in-process PGlite would).
  worker.unref();
  const settle = (id: number) => {
    const p = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return p;
  };
  const answer = (m: Reply) => {
    const p = settle(m.id);
    if (m.error !== undefined) p?.reject(new Error(m.error));
    else p?.resolve(m.reply ?? new Uint8Array(0));
  };
  // Round trips waiting for the batch with the worker to come back; at most one batch out.
  let outbox: { id: number; message: Uint8Array<ArrayBuffer> }[] = [];
  let batchOut = false;
  const flush = () => {
    if (batchOut || outbox.length === 0 || stopped) return;
    const items = outbox;
    outbox = [];
    batchOut = true;
    worker.postMessage(
      { op: 'raw', items },
      items.map((i) => i.message.buffer),
    );
  };
  worker.on('message', (m: Message) => {
    if (!('replies' in m)) return answer(m);
    batchOut = false;
    for (const r of m.replies) answer(r);
    flush();
  });
  const stop = (err: Error) => {
    stopped ??= err;
    for (const id of [...pending.keys()]) settle(id)?.reject(stopped);
  };
  worker.on('error', (err) => stop(new Error(`the embedded database stopped: ${err.message}`)));
  worker.on('exit', () => stop(new Error('the embedded database stopped')));

  const call = (m: { op: 'open' | 'gc' | 'close' } | { op: 'raw'; message: Uint8Array }) => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise<Uint8Array>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      if (m.op !== 'raw') worker.postMessage({ ...m, id });
      else {
        // Its own buffer, moved: a Buffer may be a slice of a shared pool, which would be copied whole.
        outbox.push({ id, message: new Uint8Array(m.message) });
        flush();
      }
    });
  };

  try {
    await call({ op: 'open' });
  } catch (err) {
    await worker.terminate();
    throw err;
  }
  return {
    execRaw: (message) => call({ op: 'raw', message }),
    threadId: worker.threadId,
    collectGarbage: async () => void (await call({ op: 'gc' })),
    async close() {
      await call({ op: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
  };
}

/** The part of a Worker the bridge uses, answered by a child process running pglite.worker.mjs. */
function childWorker(data: { dataDir: string; startParams: string[] }) {
  const child: ChildProcess = fork(fileURLToPath(WORKER_URL), [], {
    env: { ...process.env, PPP_PGLITE_WORKER: JSON.stringify(data) },
    serialization: 'advanced', // typed arrays travel as such
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    threadId: -1,
    on(event: 'message' | 'error' | 'exit', listener: (arg: never) => void) {
      child.on(event, listener as (arg: unknown) => void);
    },
    // A child process's channel copies: there is nothing to move.
    postMessage: (message: unknown, _moved?: ArrayBuffer[]) => void child.send(message as object),
    ref() {
      child.ref();
      child.channel?.ref();
    },
    unref() {
      child.unref();
      child.channel?.unref();
    },
    terminate: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.ref(); // its end is waited for
        child.kill('SIGKILL'); // asked to close first: its database is shut down by then
      }),
  };
}
