import v8 from 'node:v8';
import vm from 'node:vm';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/**
 * Gives memory back once the process falls idle. V8 collects its old generation only when it grows
 * past a limit that starts far above what the portal keeps alive, so after a burst of requests
 * 50–140 MB of garbage stays resident for as long as the process then idles (it allocates too
 * little to reach the limit). Every `everyMs` this looks at the heap and at the process's resident
 * memory: when either grew by more than `growthMb` since the last collection (committed pages,
 * garbage included; resident memory also sees the database's worker thread, whose heap this
 * thread's statistics leave out) and the event loop was idle over the whole period, one full
 * collection runs here (and in the database's worker thread). It costs tens of milliseconds, which
 * a request arriving at that moment waits for; a busy process is never collected here.
 */
export function startIdleCollector(opts: {
  everyMs?: number;
  growthMb?: number;
  /** Other threads' collections (the PGlite worker). */
  alsoCollect?: () => Promise<void>;
}): () => void {
  const everyMs = opts.everyMs ?? 5000;
  const growth = (opts.growthMb ?? 16) * 1024 * 1024;
  // The heap's size (committed, garbage or not) after the last collection: growth past it is what
  // a collection may give back. None yet: the first idle moment also returns start-up's garbage.
  let baseline = 0;
  let rssBaseline = 0;
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    if (busy > 0.02) return;
    const heapGrew = v8.getHeapStatistics().total_heap_size >= baseline + growth;
    if (!heapGrew && process.memoryUsage.rss() < rssBaseline + growth) return;
    collectGarbage();
    baseline = v8.getHeapStatistics().total_heap_size;
    void (opts.alsoCollect?.() ?? Promise.resolve())
      .catch(() => undefined)
      .finally(() => {
        rssBaseline = process.memoryUsage.rss();
      });
    last = performance.eventLoopUtilization(); // the collection itself is not activity
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

let gc: (() => void) | undefined;
/** A full collection (two, in fact). `gc` is exposed to a new context the way Jest's leak detector does it. */
export function collectGarbage(): void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  gc();
  gc(); // the second compacts what the first left fragmented, so V8 can give the pages back
}

/**
 * The same for work that never falls idle (issue 31: an import of 2,500 patterns runs for a minute
 * and allocates all the while). Most of what it allocates outlives the young generation (it waits
 * on the database and the store) and V8 lets the old generation grow to several times what is
 * alive before collecting it: 66 MB alive, 246 MB committed during issue 31's import on PostgreSQL,
 * and ArrayBuffers (ZIP entries, file reads) waiting for that collection meanwhile. Call the answer
 * between units of work: once the heap (committed) and the memory outside it (ArrayBuffers) grew
 * by `growthMb` since the last collection, it runs one full collection (tens of milliseconds) and
 * answers true.
 */
export function heapBound(growthMb = 32): () => boolean {
  const growth = growthMb * 1024 * 1024;
  const size = () => {
    const h = v8.getHeapStatistics();
    return h.total_heap_size + h.external_memory;
  };
  let baseline = size();
  return () => {
    if (size() < baseline + growth) return false;
    collectGarbage();
    baseline = size();
    return true;
  };
}
