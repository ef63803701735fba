import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  NAMED_PAGE_SIZES,
  THUMBNAIL_SIZES,
  type PageSizeGroup,
  type PdfCheck,
  type ThumbnailSize,
} from '../../../shared/contracts/preflight';

/**
 * The budget of one PDF check. PDFs are read in checker processes of their own (not threads of the
 * server): a malicious PDF (deep nesting, 10,000 pages, a broken cross-reference table, a soft mask
 * of 900 MB) costs at most this, the memory it took goes back to the system when its checker is
 * ended, and the server answers on. `softMs` is when the checker stops reading pages and reports
 * what it has; `hardMs` is when it is killed.
 */
export interface PdfBudget {
  softMs: number;
  hardMs: number;
  /** The checker's JavaScript heap (V8's old space); running out of it ends the checker. */
  heapMb: number;
  /**
   * The checker's resident memory (heap, decoded images and streams, the canvas): over this it is
   * killed as when it runs out of heap. Decoded pixels live outside the heap limit (an image's soft
   * mask, for one, is decoded at whatever size it claims). Watched on Linux (/proc); elsewhere only
   * the heap and time limits hold.
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
   * larger one is left out of the thumbnail. The facts decode no image at all.
   */
  renderImagePixels: number;
}
export const PDF_BUDGET: PdfBudget = {
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

/** PDF_CHECK_MEMORY_MB, set once at start-up (deps.ts): the checkers' memory line for this process. */
export function setPdfCheckMemory(mb: number): void {
  PDF_BUDGET.memoryMb = mb;
}

/**
 * How many checker processes a server process runs at most (files wait their turn), and after how
 * many files one is replaced even when every file went well: memory a process freed is not always
 * given back to the system while it lives (allocator fragmentation), a new process starts empty.
 */
export const PDF_CHECKERS = { processes: 1, filesEach: 25, idleMs: 60_000 } as const;

/**
 * The first page drawn on white, `width`×`height` px, as its WebP thumbnails (encoded in the checker
 * process: the server never holds the page's pixels).
 */
export interface FirstPage {
  width: number;
  height: number;
  thumbnails: Record<ThumbnailSize, Uint8Array>;
}
/** WebP quality of a PDF's first-page thumbnails. */
const THUMBNAIL_QUALITY = 80;

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

const CHECKER = fileURLToPath(new URL('./pdf-facts.worker.mjs', import.meta.url));
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
    const [w = NaN, h = NaN] = key.split('x').map(Number); // keys are "WxH" (pageSizeKey)
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

interface Checker {
  child: ChildProcess;
  files: number;
  busy: boolean;
  /** Killed, not yet gone: still counted, so that a new checker starts only once its memory is free. */
  ending: boolean;
  idleTimer?: NodeJS.Timeout;
}
/** The checker processes, each kept between files (starting one and loading pdf.js costs about a second). */
const checkers: Checker[] = [];
const waiting: (() => void)[] = [];
const MEMORY_POLL_MS = 25;
const wakeOne = () => waiting.shift()?.();

function startChecker(heapMb: number): Checker {
  const child = fork(CHECKER, [], {
    // Its own flags only (not the server's loaders or inspector): the checker is plain JavaScript.
    execArgv: [`--max-old-space-size=${heapMb}`, '--max-semi-space-size=16'],
    serialization: 'advanced', // typed arrays travel as such
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'], // pdf.js may print warnings: they are not ours to show
  });
  const c: Checker = { child, files: 0, busy: false, ending: false };
  child.on('error', () => undefined); // a failed start shows as its exit
  child.once('exit', () => {
    clearTimeout(c.idleTimer);
    checkers.splice(checkers.indexOf(c), 1);
    wakeOne();
  });
  // Neither the process nor its channel keeps the server running.
  child.unref();
  child.channel?.unref();
  return c;
}

function retire(c: Checker) {
  clearTimeout(c.idleTimer);
  c.ending = true;
  if (c.child.exitCode === null && c.child.signalCode === null) {
    c.child.ref(); // a file waiting for its place must not see the event loop end meanwhile
    c.child.kill('SIGKILL');
  }
}

/**
 * A free checker: an idle one, a new one while fewer than PDF_CHECKERS.processes are alive (an ended
 * one counts until it has exited), or the next one freed.
 */
async function acquire(heapMb: number): Promise<Checker> {
  for (;;) {
    const idle = checkers.find((c) => !c.busy && !c.ending);
    const c =
      idle ??
      (checkers.length < PDF_CHECKERS.processes
        ? checkers[checkers.push(startChecker(heapMb)) - 1]
        : undefined);
    if (c) {
      clearTimeout(c.idleTimer);
      c.busy = true;
      return c;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
}

function release(c: Checker, keep: boolean) {
  c.busy = false;
  c.files++;
  if (!keep || c.files >= PDF_CHECKERS.filesEach) retire(c);
  else {
    c.idleTimer = setTimeout(() => retire(c), PDF_CHECKERS.idleMs);
    c.idleTimer.unref();
    wakeOne();
  }
}

/** A process' resident memory in bytes (Linux), or undefined where /proc does not tell. */
function residentBytes(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

type CheckerMessage =
  | { facts?: RawFacts; refusal?: 'damaged' | 'password'; detail?: string; drawing: boolean }
  | { firstPage: FirstPage | null };

async function checkInProcess(
  data: Uint8Array,
  b: PdfBudget,
  draw: boolean,
): Promise<PdfFactsResult> {
  const c = await acquire(b.heapMb);
  const { child } = c;
  child.channel?.ref(); // while a file is checked, its answer is awaited
  return new Promise<PdfFactsResult>((resolve) => {
    // The facts, once they came: a drawing that then fails or runs out of budget costs only the thumbnail.
    let found: PdfFactsResult | undefined;
    let done = false;
    const finish = (r: PdfFactsResult, keep: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearInterval(watch);
      child.off('message', onMessage).off('exit', onExit);
      child.channel?.unref();
      release(c, keep);
      resolve(r);
    };
    const onMessage = (m: CheckerMessage) => {
      if ('firstPage' in m) {
        if (found) finish(m.firstPage ? { ...found, firstPage: m.firstPage } : found, true);
        return;
      }
      found = toResult(m, b.maxPagesRead);
      if (!m.drawing) finish(found, true);
    };
    // Out of heap (V8 ends the process), killed by the watch below, or a crash inside pdf.js.
    const onExit = () => finish(found ?? { check: unfinished('memory') }, false);
    const timer = setTimeout(() => finish(found ?? { check: unfinished('time') }, false), b.hardMs);
    // Decoded pixels are not in the heap limit: watch the checker's resident memory (a decoding loop
    // fills its buffer over seconds, so a poll stops it soon after it crosses the line).
    const watch = setInterval(() => {
      const rss = child.pid === undefined ? undefined : residentBytes(child.pid);
      if (rss === undefined) clearInterval(watch);
      else if (rss > b.memoryMb * 1024 * 1024)
        finish(found ?? { check: unfinished('memory') }, false);
    }, MEMORY_POLL_MS);
    child.on('message', onMessage).once('exit', onExit);
    if (child.exitCode !== null || child.signalCode !== null) return onExit();
    child.send({
      data,
      maxPagesRead: b.maxPagesRead,
      fontPagesRead: b.fontPagesRead,
      softBudgetMs: b.softMs,
      thumbnail: draw
        ? {
            edge: b.renderEdge,
            sizes: THUMBNAIL_SIZES,
            quality: THUMBNAIL_QUALITY,
            budgetMs: b.renderMs,
            maxImagePixels: b.renderImagePixels,
          }
        : undefined,
    });
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
  return checkInProcess(data, { ...PDF_BUDGET, ...budget }, opts.firstPage ?? false);
}
