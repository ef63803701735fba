/**
 * Wakes the worker of a job kind now (after a commit that queued a job of that kind) instead of at
 * its next poll. It travels in the app's deps: src/server/background.ts wires each worker it starts
 * and unwires it on stop; with no worker for a kind (a test driving a worker by hand, a process
 * with IMPORT_WORKER=off) a kick does nothing and the job waits for a worker's poll.
 */
export interface JobKicks {
  kick(kind: string): void;
  /** Routes kicks of `kinds` to `wake`; answers the function that undoes it. */
  wire(kinds: readonly string[], wake: () => void): () => void;
}

export function jobKicks(): JobKicks {
  const byKind = new Map<string, () => void>();
  return {
    kick: (kind) => byKind.get(kind)?.(),
    wire(kinds, wake) {
      for (const k of kinds) byKind.set(k, wake);
      return () => {
        for (const k of kinds) if (byKind.get(k) === wake) byKind.delete(k);
      };
    },
  };
}
