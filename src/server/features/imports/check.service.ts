import type { AppDeps } from '../../context';
import { IMPORT_MSG, type ImportIssue } from '../../../shared/contracts/imports';
import { PATTERN_LABELS } from '../../../shared/contracts/patterns';
import type { FileKind } from '../../../shared/contracts/files';
import { FILE_KIND_RULE } from '../../../shared/contracts/files';
import { MSG } from '../../../shared/messages';
import { checkPattern, type CheckContext, type GroupRow } from './check-pattern';
import { dropJobZip, openJobZip, removeLocalZip, sniffEntry } from './import-files';
import {
  mapHeader,
  readSheet,
  rowValues,
  SheetUnreadable,
  type SheetFormat,
  type SheetRow,
} from './sheet-reader';
import { numberStyleOf, type NumberStyle } from './sheet-number';
import { ZipRefused, type ZipEntry, type ZipIndex } from './zip-reader';
import * as repo from './imports.repo';
import { heapBound } from '../../lib/idle-gc';

/**
 * Garbage the check and the import may leave for V8 before a full collection (lib/idle-gc.ts
 * heapBound): without one, the server's heap grew by 100–180 MB during issue 31's import
 * (docs/benchmarks.md "Import").
 */
export const IMPORT_HEAP_GROWTH_MB = 32;

/**
 * The check writes its outcomes and their issues this many patterns at a time, in one transaction
 * (two statements), not two statements a pattern: outside a transaction each is its own commit,
 * a WAL flush on PGlite (issue 31: the check of 2,500 patterns took 19.2 s on a quiet machine).
 */
const CHECK_WRITE_BATCH = 100;

/** The check looks up this many patterns' existing records in one statement (issue 50), not one a pattern. */
const CHECK_LOOKUP_BATCH = 100;

/** Another process took the job over (this one stalled past the heartbeat limit): stop without writing. */
export class LostJob extends Error {}

/** Saves progress and proves the job is still ours at most every `ms`. */
export function heartbeat(deps: AppDeps, jobId: number, runner: string, ms = 500) {
  let last = 0;
  return async (values: Parameters<typeof repo.beat>[3], force = false) => {
    const now = Date.now();
    if (!force && now - last < ms) return;
    last = now;
    if (!(await repo.beat(deps.database.db, jobId, runner, values)))
      throw new LostJob(`import ${jobId} was taken over`);
  };
}

async function brandLookup(deps: AppDeps) {
  const list = await repo.allBrands(deps.database.db);
  return {
    brandByName: new Map(list.map((b) => [b.name.toLowerCase(), b.id])),
    brandIds: new Set(list.map((b) => b.id)),
  };
}

/**
 * The check's outcomes and their issues, written CHECK_WRITE_BATCH patterns at a time in one
 * transaction. `flush` writes what waits (before anything that must see it written).
 */
function outcomeBatch(db: AppDeps['database']['db'], jobId: number) {
  let outcomes: repo.NewImportPattern[] = [];
  let issues: ImportIssue[] = [];
  const flush = async () => {
    if (!outcomes.length && !issues.length) return;
    const [o, i] = [outcomes, issues];
    [outcomes, issues] = [[], []];
    await db.transaction(async (tx) => {
      await repo.insertPatternOutcomes(tx, o);
      await repo.insertIssues(tx, jobId, i);
    });
  };
  return {
    flush,
    async add(outcome: repo.NewImportPattern, found: ImportIssue[]) {
      outcomes.push(outcome);
      issues.push(...found);
      if (outcomes.length >= CHECK_WRITE_BATCH) await flush();
    },
  };
}

/**
 * The ZIP's files as the sheet names them: `findFile` finds a named file (by its path, else by a
 * name only one entry has), `sniff` runs an entry through the upload guard once per rule (`onRead`
 * counts its bytes), `unused` lists the entries no row named.
 */
function zipFiles(zip: ZipIndex | undefined, onRead: (bytes: number) => Promise<void>) {
  const used = new Set<string>();
  const sniffed = new Map<string, string | undefined>();
  const findFile = (name: string): { path: string } | { problem: string } => {
    if (!zip) return { problem: IMPORT_MSG.noZip(name) };
    const wanted = name.replace(/\\/g, '/');
    const list = zip.byName.get(wanted.split('/').pop()!.toLowerCase()) ?? [];
    const match: ZipEntry | undefined =
      list.find((e) => e.path === wanted) ?? (list.length === 1 ? list[0] : undefined);
    if (!match)
      return {
        problem: list.length > 1 ? IMPORT_MSG.duplicateInZip(name) : IMPORT_MSG.notInZip(name),
      };
    used.add(match.path);
    return { path: match.path };
  };
  const sniff = async (path: string, kind: FileKind, name: string) => {
    const key = `${FILE_KIND_RULE[kind]}\u0000${path}`;
    if (sniffed.has(key)) return sniffed.get(key);
    const entry = zip!.byName
      .get(path.split('/').pop()!.toLowerCase())!
      .find((e) => e.path === path)!;
    const problem = await sniffEntry(await zip!.open(entry), kind, name);
    sniffed.set(key, problem);
    await onRead(entry.bytes);
    return problem;
  };
  const unused = () =>
    [...(zip?.byName.values() ?? [])]
      .flat()
      .filter((e) => !used.has(e.path))
      .map((e) => e.path);
  return { findFile, sniff, unused };
}

/** The checked job's totals, from the outcomes written. */
async function writeTotals(
  db: AppDeps['database']['db'],
  jobId: number,
  rows: number,
  bytesDone: number,
) {
  const counts = await repo.outcomeCounts(db, jobId);
  const patterns = Object.values(counts).reduce((a, b) => a + b, 0);
  await repo.updateJob(db, jobId, {
    status: 'checked',
    rows,
    patterns,
    valid: counts.ready ?? 0,
    skipped: counts.skip ?? 0,
    failed: counts.invalid ?? 0,
    done: rows,
    total: rows,
    bytesDone,
    runner: null,
  });
}

/** What the check's parts share: the job, its writers, and what it has read so far. */
interface CheckRun {
  deps: AppDeps;
  db: AppDeps['database']['db'];
  job: repo.ImportJobRow;
  beat: ReturnType<typeof heartbeat>;
  batch: ReturnType<typeof outcomeBatch>;
  /** Fails the job with one issue (after writing what waits in the batch). */
  fail(message: string, column: string): Promise<void>;
  rows: number;
  bytesDone: number;
  /** How the sheet writes numbers: from its separator. */
  numbers: NumberStyle;
  /** Each Pattern ID met: its first row and its place in the sheet. */
  seen: Map<string, { row: number; seq: number }>;
  /** The issues of no one pattern (columns, rows, unused files), written at the end. */
  loose: ImportIssue[];
}

/** One pattern's rows as read so far (`ignored`: its rows are apart, the pattern is refused). */
interface ReadGroup {
  id: string;
  rows: GroupRow[];
  ignored: boolean;
}

/**
 * Checks complete patterns CHECK_LOOKUP_BATCH at a time: one statement finds which of them exist
 * already (skip, update or refuse), then each is checked in sheet order and its outcome batched.
 */
function patternChecker(
  run: CheckRun,
  lookup: Pick<CheckContext, 'brandByName' | 'brandIds' | 'findFile' | 'sniff'>,
  bound: () => boolean,
) {
  const { db, job, batch, seen } = run;
  const pending: { id: string; rows: GroupRow[] }[] = [];
  const checkPending = async () => {
    if (!pending.length) return;
    const groups = pending.splice(0);
    const found = await repo.findPatternsByIds(
      db,
      groups.map((g) => g.id),
    );
    for (const g of groups) {
      const ctx = {
        mode: job.mode,
        scope: job.brandId === null ? null : job.brandId,
        brandByName: lookup.brandByName,
        brandIds: lookup.brandIds,
        existing: found.get(g.id),
        numbers: run.numbers,
        findFile: lookup.findFile,
        sniff: lookup.sniff,
      };
      const result = await checkPattern(g.id, g.rows, ctx);
      await batch.add(
        {
          jobId: job.id,
          seq: seen.get(g.id)!.seq,
          sfccPatternId: g.id,
          firstRow: g.rows[0]!.row, // a group holds at least its first row
          outcome: result.outcome,
          reason: result.issues[0]?.message ?? null,
          data: result.plan ?? null,
        },
        result.issues,
      );
      bound();
    }
  };
  /** A pattern whose rows are complete: waits for its batch (checked when the batch is full). */
  const finish = async (current: ReadGroup | undefined) => {
    if (!current || current.ignored) return;
    pending.push({ id: current.id, rows: current.rows });
    if (pending.length >= CHECK_LOOKUP_BATCH) await checkPending();
  };
  return { checkPending, finish };
}

/** The header's columns (its unknown ones noted as issues); undefined when it has no Pattern ID column. */
function headerColumns(run: CheckRun, r: SheetRow) {
  const header = mapHeader(r.cells);
  run.numbers = numberStyleOf(r.delimiter);
  if (!header.columns.some((c) => c?.key === 'SFCC_Pattern_ID')) return undefined;
  run.loose.push(
    ...header.unknown.map((name) => ({
      row: r.row,
      column: name,
      message: IMPORT_MSG.unknownColumn(name),
    })),
  );
  return header.columns;
}

/**
 * A Pattern ID met again after other patterns' rows: the row is an issue, and the pattern's outcome
 * (written first, so checked and out of the batch) becomes invalid. Its further rows are ignored.
 */
async function refuseRowsApart(
  run: CheckRun,
  checker: ReturnType<typeof patternChecker>,
  id: string,
  row: number,
  before: { row: number; seq: number },
): Promise<ReadGroup> {
  run.loose.push({
    row,
    column: PATTERN_LABELS.SFCC_Pattern_ID,
    message: IMPORT_MSG.rowsApart(before.row),
  });
  await checker.checkPending(); // the outcome it marks may be waiting to be checked,
  await run.batch.flush(); // or in the batch
  await repo.invalidatePattern(run.db, run.job.id, before.seq, IMPORT_MSG.rowsApart(before.row));
  return { id, rows: [], ignored: true };
}

/**
 * Reads the sheet row by row, gathers each pattern's rows (a row without a Pattern ID continues the
 * pattern above it) and hands each complete pattern to the checker. Answers true when it failed the
 * job (no Pattern ID column, too many rows).
 */
async function readPatterns(
  run: CheckRun,
  checker: ReturnType<typeof patternChecker>,
): Promise<boolean> {
  const { deps, job, seen, loose } = run;
  let columns: ReturnType<typeof mapHeader>['columns'] | undefined;
  let seq = 0;
  let current: ReadGroup | undefined;
  const sheet = await deps.files.get(job.sheetKey);
  for await (const r of readSheet(sheet, job.sheetFormat as SheetFormat)) {
    if (!columns) {
      columns = headerColumns(run, r);
      if (!columns) {
        sheet.destroy();
        await run.fail(IMPORT_MSG.noPatternIdColumn(r.cells), PATTERN_LABELS.SFCC_Pattern_ID);
        return true;
      }
      continue;
    }
    if (++run.rows > deps.env.IMPORT_MAX_ROWS) {
      sheet.destroy();
      await checker.checkPending();
      await run.fail(IMPORT_MSG.tooManyRows(deps.env.IMPORT_MAX_ROWS), 'Sheet');
      return true;
    }
    const values = rowValues(columns, r.cells);
    const id = values.SFCC_Pattern_ID;
    if (!id) {
      // A row without a Pattern ID continues the pattern above it (one row per size).
      if (current) current.rows.push({ row: r.row, values });
      else
        loose.push({
          row: r.row,
          column: PATTERN_LABELS.SFCC_Pattern_ID,
          message: MSG.required(PATTERN_LABELS.SFCC_Pattern_ID),
        });
      continue;
    }
    if (current?.id === id) {
      current.rows.push({ row: r.row, values });
      continue;
    }
    await checker.finish(current);
    const before = seen.get(id);
    if (before) {
      current = await refuseRowsApart(run, checker, id, r.row, before);
      continue;
    }
    seen.set(id, { row: r.row, seq: seq++ });
    current = { id, rows: [{ row: r.row, values }], ignored: false };
    await run.beat({ done: run.rows, bytesDone: run.bytesDone });
  }
  await checker.finish(current);
  await checker.checkPending();
  await run.batch.flush();
  if (!columns || run.rows === 0)
    loose.push({
      row: 0,
      column: 'Sheet',
      message: columns ? IMPORT_MSG.emptySheet : IMPORT_MSG.noHeader,
    });
  return false;
}

/**
 * The check: reads the sheet row by row and the ZIP's directory, checks each pattern as the
 * submission form would (its rows together), runs every named file through the upload guard,
 * and writes the report and the plan. Nothing of the catalogue is saved. Safe to run again.
 */
export async function checkImport(
  deps: AppDeps,
  job: repo.ImportJobRow,
  runner: string,
): Promise<void> {
  const db = deps.database.db;
  await repo.clearReport(db, job.id);
  const batch = outcomeBatch(db, job.id);
  const run: CheckRun = {
    deps,
    db,
    job,
    beat: heartbeat(deps, job.id, runner),
    batch,
    fail: async (message: string, column: string) => {
      await batch.flush();
      await repo.insertIssues(db, job.id, [{ row: 0, column, message }]);
      await repo.updateJob(db, job.id, { status: 'failed', error: message, runner: null });
    },
    rows: 0,
    bytesDone: 0,
    numbers: 'cell',
    seen: new Map(),
    loose: [],
  };
  let zip: ZipIndex | undefined;
  try {
    if (job.zipKey) zip = await openJobZip(deps, job.id, job.zipKey);
  } catch (err) {
    if (err instanceof ZipRefused) {
      // Nothing is kept of a refused ZIP (the job cannot run).
      await run.fail(err.message, 'ZIP');
      await repo.updateJob(db, job.id, { zipKey: null });
      return dropJobZip(deps, job.id, job.zipKey);
    }
    throw err;
  }
  await repo.updateJob(db, job.id, { bytesTotal: zip?.totalBytes ?? 0, bytesDone: 0, done: 0 });
  const { findFile, sniff, unused } = zipFiles(zip, async (bytes) => {
    run.bytesDone += bytes;
    await run.beat({ done: run.rows, bytesDone: run.bytesDone });
  });
  const { brandByName, brandIds } = await brandLookup(deps);
  // The server's memory stays within IMPORT_HEAP_GROWTH_MB of where the check found it (issue 31).
  const bound = heapBound(IMPORT_HEAP_GROWTH_MB);
  const checker = patternChecker(run, { brandByName, brandIds, findFile, sniff }, bound);
  try {
    if (await readPatterns(run, checker)) return;
  } catch (err) {
    if (err instanceof SheetUnreadable) {
      await checker.checkPending();
      return await run.fail(err.message, 'Sheet');
    }
    throw err;
  } finally {
    zip?.close();
    removeLocalZip(job.id, job.zipKey);
  }
  for (const path of unused())
    run.loose.push({ row: 0, column: 'ZIP', message: IMPORT_MSG.unusedFile(path) });
  await repo.insertIssues(db, job.id, run.loose);
  await writeTotals(db, job.id, run.rows, run.bytesDone);
}
