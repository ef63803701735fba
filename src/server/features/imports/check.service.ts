import type { AppDeps } from '../../context';
import { IMPORT_MSG, type ImportIssue } from '../../../shared/contracts/imports';
import { PATTERN_LABELS } from '../../../shared/contracts/patterns';
import type { FileKind } from '../../../shared/contracts/files';
import { FILE_KIND_RULE } from '../../../shared/contracts/files';
import { MSG } from '../../../shared/messages';
import { checkPattern, type GroupRow } from './check-pattern';
import { dropJobZip, openJobZip, removeLocalZip, sniffEntry } from './import-files';
import { mapHeader, readSheet, rowValues, SheetUnreadable, type SheetFormat } from './sheet-reader';
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
  const beat = heartbeat(deps, job.id, runner);
  let zip: ZipIndex | undefined;
  const batch = outcomeBatch(db, job.id);
  const fail = async (message: string, column: string) => {
    await batch.flush();
    await repo.insertIssues(db, job.id, [{ row: 0, column, message }]);
    await repo.updateJob(db, job.id, { status: 'failed', error: message, runner: null });
  };
  try {
    if (job.zipKey) zip = await openJobZip(deps, job.id, job.zipKey);
  } catch (err) {
    if (err instanceof ZipRefused) {
      // Nothing is kept of a refused ZIP (the job cannot run).
      await fail(err.message, 'ZIP');
      await repo.updateJob(db, job.id, { zipKey: null });
      return dropJobZip(deps, job.id, job.zipKey);
    }
    throw err;
  }
  let rows = 0;
  let bytesDone = 0;
  await repo.updateJob(db, job.id, { bytesTotal: zip?.totalBytes ?? 0, bytesDone: 0, done: 0 });
  const { findFile, sniff, unused } = zipFiles(zip, async (bytes) => {
    bytesDone += bytes;
    await beat({ done: rows, bytesDone });
  });
  const { brandByName, brandIds } = await brandLookup(deps);
  // The server's memory stays within IMPORT_HEAP_GROWTH_MB of where the check found it (issue 31).
  const bound = heapBound(IMPORT_HEAP_GROWTH_MB);
  const seen = new Map<string, { row: number; seq: number }>();
  let seq = 0;
  let current: { id: string; rows: GroupRow[]; ignored: boolean } | undefined;
  let numbers: NumberStyle = 'cell'; // how the sheet writes numbers: from its separator
  const loose: ImportIssue[] = [];

  // Patterns whose rows are complete, checked CHECK_LOOKUP_BATCH at a time: one statement finds
  // which of them exist already (skip, update or refuse), then each is checked in sheet order.
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
        brandByName,
        brandIds,
        existing: found.get(g.id),
        numbers,
        findFile,
        sniff,
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
  const finish = async () => {
    if (!current || current.ignored) return;
    pending.push({ id: current.id, rows: current.rows });
    if (pending.length >= CHECK_LOOKUP_BATCH) await checkPending();
  };

  try {
    let columns: ReturnType<typeof mapHeader>['columns'] | undefined;
    const sheet = await deps.files.get(job.sheetKey);
    for await (const r of readSheet(sheet, job.sheetFormat as SheetFormat)) {
      if (!columns) {
        const header = mapHeader(r.cells);
        numbers = numberStyleOf(r.delimiter);
        if (!header.columns.some((c) => c?.key === 'SFCC_Pattern_ID')) {
          sheet.destroy();
          return await fail(IMPORT_MSG.noPatternIdColumn(r.cells), PATTERN_LABELS.SFCC_Pattern_ID);
        }
        loose.push(
          ...header.unknown.map((name) => ({
            row: r.row,
            column: name,
            message: IMPORT_MSG.unknownColumn(name),
          })),
        );
        columns = header.columns;
        continue;
      }
      if (++rows > deps.env.IMPORT_MAX_ROWS) {
        sheet.destroy();
        await checkPending();
        return await fail(IMPORT_MSG.tooManyRows(deps.env.IMPORT_MAX_ROWS), 'Sheet');
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
      await finish();
      const before = seen.get(id);
      if (before) {
        loose.push({
          row: r.row,
          column: PATTERN_LABELS.SFCC_Pattern_ID,
          message: IMPORT_MSG.rowsApart(before.row),
        });
        await checkPending(); // the outcome it marks may be waiting to be checked,
        await batch.flush(); // or in the batch
        await repo.invalidatePattern(db, job.id, before.seq, IMPORT_MSG.rowsApart(before.row));
        current = { id, rows: [], ignored: true };
        continue;
      }
      seen.set(id, { row: r.row, seq: seq++ });
      current = { id, rows: [{ row: r.row, values }], ignored: false };
      await beat({ done: rows, bytesDone });
    }
    await finish();
    await checkPending();
    await batch.flush();
    if (!columns || rows === 0)
      loose.push({
        row: 0,
        column: 'Sheet',
        message: columns ? IMPORT_MSG.emptySheet : IMPORT_MSG.noHeader,
      });
  } catch (err) {
    if (err instanceof SheetUnreadable) {
      await checkPending();
      return await fail(err.message, 'Sheet');
    }
    throw err;
  } finally {
    zip?.close();
    removeLocalZip(job.id, job.zipKey);
  }
  for (const path of unused())
    loose.push({ row: 0, column: 'ZIP', message: IMPORT_MSG.unusedFile(path) });
  await repo.insertIssues(db, job.id, loose);
  await writeTotals(db, job.id, rows, bytesDone);
}
