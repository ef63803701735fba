import cluster, { type Worker } from 'node:cluster';

/**
 * SERVER_PROCESSES server processes sharing one port (node:cluster: this primary accepts the
 * connections and hands them out in turn). The primary holds no database and serves nothing: it
 * starts the processes one after another — the first applies the migrations and creates the
 * first admin alone, and its start-up lines are the ones printed — replaces one that dies, and
 * passes SIGTERM / SIGINT on, exiting once every process has finished its requests in flight.
 * The processes share what several instances share (docs/operations.md "Running scaled out").
 */

/** What a server process sends its primary once it listens: the lines `npm start` prints. */
interface ReadyMessage {
  type: 'ppp-ready';
  lines: string[];
}

const isReady = (m: unknown): m is ReadyMessage =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'ppp-ready';

/** A process is only replaced this often, so one failing at start-up does not spin. */
const RESTART_DELAY_MS = 1000;

export async function runPrimary(processes: number): Promise<void> {
  let closing = false;
  let unclean = false; // a process that did not shut down cleanly makes the primary exit 1
  const live = new Set<Worker>();

  const start = () =>
    new Promise<ReadyMessage>((resolve, reject) => {
      const worker = cluster.fork();
      live.add(worker);
      const onMessage = (m: unknown) => {
        if (!isReady(m)) return;
        worker.off('exit', onEarlyExit);
        resolve(m);
      };
      const onEarlyExit = (code: number | null) =>
        reject(new Error(`a server process exited during start-up (code ${code})`));
      worker.on('message', onMessage);
      worker.once('exit', onEarlyExit);
      worker.once('exit', (code, signal) => {
        live.delete(worker);
        if (closing) {
          // One still starting has no handler yet and ends by the signal itself: nothing was in flight.
          unclean ||= code === null ? signal !== 'SIGTERM' && signal !== 'SIGINT' : code !== 0;
          if (live.size === 0) process.exit(unclean ? 1 : 0);
          return;
        }
        console.error(
          `A server process exited (${signal ?? `code ${code}`}); starting another in ${RESTART_DELAY_MS} ms`,
        );
        setTimeout(() => void start().catch(() => undefined), RESTART_DELAY_MS).unref();
      });
    });

  for (const sig of ['SIGTERM', 'SIGINT'] as const)
    process.on(sig, () => {
      if (closing) return;
      closing = true;
      if (live.size === 0) process.exit(0);
      for (const w of live) w.process.kill(sig);
    });

  try {
    const first = await start();
    for (let i = 1; i < processes; i++) await start();
    const lines = [...first.lines];
    lines.splice(lines.length - 1, 0, `  Server processes: ${processes} (SERVER_PROCESSES)`);
    process.stdout.write(lines.join('\n') + '\n');
  } catch (err) {
    closing = true;
    for (const w of live) w.process.kill('SIGTERM');
    throw err;
  }
}

/** In a server process started by `runPrimary`: hand the start-up lines to the primary. */
export function reportReady(lines: string[]): boolean {
  if (!cluster.isWorker || !process.send) return false;
  process.send({ type: 'ppp-ready', lines } satisfies ReadyMessage);
  return true;
}

export const isPrimaryOf = (processes: number) => processes > 1 && cluster.isPrimary;
