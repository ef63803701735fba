import { Worker } from 'node:worker_threads';
import {
  NAMED_PAGE_SIZES,
  THUMBNAIL_SIZES,
  type PageSizeGroup,
  type PdfCheck,
} from '../../../shared/contracts/preflight';

/**
 * The budget of one PDF check. A worker thread per file with a bounded heap, terminated at the
 * time limit: a malicious PDF (deep nesting, 10,000 pages, a broken cross-reference table) costs
 * at most this, and the server answers on. `softMs` is when the worker stops reading pages and
 * reports what it has; `hardMs` is when it is killed.
 */
export interface PdfBudget {
  softMs: number;
  hardMs: number;
  heapMb: number;
  /**
   * How much the process' resident memory may grow while one file is checked before its worker is
   * stopped (as when it runs out of heap): decoded images and streams and the canvas live outside
   * the bounded heap (an image's soft mask, for one, is decoded at whatever size it claims).
   */
  memoryMb: number;
  maxPagesRead: number;
  fontPagesRead: number;
  /** Drawing the first page for its thumbnails: at most this long after the facts (then no thumbnail). */
  renderMs: number;
  /** Longest side of the drawn first page, px (the medium thumbnail's size). */
  renderEdge: number;
  /**
   * Largest image (width × height as its header claims) decoded while drawing the first page; a
   * larger one is left out of the thumbnail. Decoded pixels are not in the worker's bounded heap.
   * The facts decode no image at all.
   */
  renderImagePixels: number;
}
export const PDF_BUDGET: Readonly<PdfBudget> = {
  softMs: 8_000,
  hardMs: 15_000,
  heapMb: 256,
  memoryMb: 512,
  maxPagesRead: 2_000,
  fontPagesRead: 100,
  renderMs: 3_000,
  renderEdge: THUMBNAIL_SIZES.medium,
  renderImagePixels: 16_000_000, // a US Letter or A4 page scanned at 300 dpi is 8.4–8.7 Mpx
};

/** The first page drawn on white: RGBA pixels, `width`×`height`. */
export interface FirstPage {
  width: number;
  height: number;
  data: Uint8Array;
}

export type PdfFactsResult =
  { check: PdfCheck; firstPage?: FirstPage } | { refusal: 'damaged' | 'password'; detail?: string };

interface RawFacts {
  pageCount: number;
  pagesRead: number;
  sizes: [key: string, pages: number][];
  layers: number;
  fontsEmbedded: boolean | null;
  printRestricted: boolean;
}

const WORKER_URL = new URL('./pdf-facts.worker.mjs', import.meta.url);
const MM_PER_PT = 25.4 / 72;

/** "A4", "US Letter", or "610×914 mm (24.0×36.0 in)" for a portrait size in points. */
export function namePageSize(w: number, h: number): { name: string; home: boolean } {
  const named = NAMED_PAGE_SIZES.find((s) => Math.abs(s.w - w) <= 3 && Math.abs(s.h - h) <= 3);
  if (named) return { name: named.name, home: named.home };
  const mm = (pt: number) => Math.round(pt * MM_PER_PT);
  const inch = (pt: number) => (pt / 72).toFixed(1);
  return { name: `${mm(w)}×${mm(h)} mm (${inch(w)}×${inch(h)} in)`, home: false };
}

export function groupPageSizes(sizes: [string, number][]): PageSizeGroup[] {
  const groups = new Map<string, PageSizeGroup>();
  for (const [key, pages] of sizes) {
    const [w, h] = key.split('x').map(Number);
    const { name, home } = namePageSize(w, h);
    const g = groups.get(name);
    if (g) g.pages += pages;
    else
      groups.set(name, {
        name,
        home,
        widthMm: Math.round(w * MM_PER_PT),
        heightMm: Math.round(h * MM_PER_PT),
        pages,
      });
  }
  return [...groups.values()].sort((a, b) => b.pages - a.pages);
}

const unfinished = (incomplete: 'time' | 'memory'): PdfCheck => ({
  type: 'pdf',
  pageCount: 0,
  pageSizes: [],
  pagesRead: 0,
  layers: 0,
  fontsEmbedded: null,
  printRestricted: false,
  incomplete,
});

function toResult(
  m: { facts?: RawFacts; refusal?: 'damaged' | 'password'; detail?: string },
  maxPagesRead: number,
): PdfFactsResult {
  if (m.refusal) return { refusal: m.refusal, detail: m.detail };
  const f = m.facts!;
  return {
    check: {
      type: 'pdf',
      pageCount: f.pageCount,
      pageSizes: groupPageSizes(f.sizes),
      pagesRead: f.pagesRead,
      layers: f.layers,
      fontsEmbedded: f.fontsEmbedded,
      printRestricted: f.printRestricted,
      incomplete: f.pagesRead < Math.min(f.pageCount, maxPagesRead) ? 'time' : null,
    },
  };
}

/**
 * One worker, kept between files (starting one and loading pdf.js costs about a second) and
 * checking one file at a time; replaced when a file kills it or runs over the time budget, and
 * stopped when idle. The hard timer starts when the file reaches the worker, not while it waits.
 */
let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();
const IDLE_MS = 60_000;
const MEMORY_POLL_MS = 25;

function startWorker(heapMb: number): Worker {
  const w = new Worker(WORKER_URL, {
    resourceLimits: {
      maxOldGenerationSizeMb: heapMb,
      maxYoungGenerationSizeMb: 32,
      stackSizeMb: 4,
    },
    stdout: true,
    stderr: true,
  });
  w.stdout.resume(); // pdf.js may print warnings: they are not ours to show
  w.stderr.resume();
  w.unref();
  return w;
}

type WorkerMessage =
  | { facts?: RawFacts; refusal?: 'damaged' | 'password'; detail?: string; drawing: boolean }
  | { firstPage: FirstPage | null };

function checkInWorker(data: Uint8Array, b: PdfBudget, draw: boolean): Promise<PdfFactsResult> {
  clearTimeout(idleTimer);
  const w = (worker ??= startWorker(b.heapMb));
  return new Promise<PdfFactsResult>((resolve) => {
    // The facts, once they came: a drawing that then fails or runs out of budget costs only the thumbnail.
    let found: PdfFactsResult | undefined;
    const finish = (r: PdfFactsResult, keep: boolean) => {
      clearTimeout(timer);
      clearInterval(watch);
      w.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (!keep) {
        if (worker === w) worker = undefined;
        void w.terminate();
      }
      resolve(r);
    };
    const onMessage = (m: WorkerMessage) => {
      if ('firstPage' in m) {
        if (found) finish(m.firstPage ? { ...found, firstPage: m.firstPage } : found, true);
        return;
      }
      found = toResult(m, b.maxPagesRead);
      if (!m.drawing) finish(found, true);
    };
    // Out of heap, or a stack overflow pdf.js did not catch: the file is too costly to read.
    const onError = (err: Error & { code?: string }) =>
      finish(
        found ??
          (err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? { check: unfinished('memory') }
            : { refusal: 'damaged', detail: err.message }),
        false,
      );
    const onExit = () => finish(found ?? { check: unfinished('memory') }, false);
    const timer = setTimeout(() => finish(found ?? { check: unfinished('time') }, false), b.hardMs);
    // The worker's pixels are not in its heap limit: watch the process instead (a decoding loop
    // fills its buffer over seconds, so a poll stops it soon after it crosses the line).
    const rssAtStart = process.memoryUsage.rss();
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - rssAtStart > b.memoryMb * 1024 * 1024)
        finish(found ?? { check: unfinished('memory') }, false);
    }, MEMORY_POLL_MS);
    w.on('message', onMessage).on('error', onError).on('exit', onExit);
    const copy = new Uint8Array(data); // its own buffer, so that it can be moved to the worker
    w.postMessage(
      {
        data: copy,
        maxPagesRead: b.maxPagesRead,
        fontPagesRead: b.fontPagesRead,
        softBudgetMs: b.softMs,
        thumbnail: draw
          ? { edge: b.renderEdge, budgetMs: b.renderMs, maxImagePixels: b.renderImagePixels }
          : undefined,
      },
      [copy.buffer],
    );
  }).finally(() => {
    idleTimer = setTimeout(() => {
      void worker?.terminate();
      worker = undefined;
    }, IDLE_MS);
    idleTimer.unref();
  });
}

/**
 * Checks one PDF within the budget: its facts, or a refusal when it cannot be opened. A check cut
 * short by the budget is not a refusal: it is reported as incomplete (docs/preflight.md). With
 * `firstPage`, page 1 is also drawn for the thumbnails, when that fits in the budget.
 */
export function readPdfFacts(
  data: Uint8Array,
  budget: Partial<PdfBudget> = {},
  opts: { firstPage?: boolean } = {},
): Promise<PdfFactsResult> {
  const b = { ...PDF_BUDGET, ...budget };
  const run = queue.then(() => checkInWorker(data, b, opts.firstPage ?? false));
  queue = run.catch(() => undefined);
  return run;
}
