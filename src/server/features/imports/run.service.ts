import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../context';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { FILE_LABELS } from '../../../shared/contracts/files';
import { PDF_MIME_TYPE } from '../../../shared/limits';
import { MSG } from '../../../shared/messages';
import * as files from '../files';
import { insertImportedPattern, updateImportedPatterns, type ImportedSize } from '../patterns';
import type { PlannedFile, PlannedPattern } from './check-pattern';
import { IMPORT_HEAP_GROWTH_MB, LostJob, heartbeat } from './check.service';
import { checkFilesLater } from './file-checks.job';
import { dropJobZip, openJobZip } from './import-files';
import type { ZipIndex } from './zip-reader';
import * as repo from './imports.repo';
import { findSessionUserById } from '../auth';
import { heapBound } from '../../lib/idle-gc';

/** Test hook: runs after a pattern's files are stored and before its transaction (a crash there must leave nothing). */
export interface RunHooks {
  beforeCommit?(seq: number): Promise<void>;
}

/** Patterns written in one transaction at most (issue 31; docs/benchmarks.md "Import"). */
export const CHUNK = 25;
/**
 * The same for an import without a ZIP (rows alone, mode update): nothing is stored before the
 * transaction, and its statements are per chunk (issue 50), so more patterns share each.
 */
const ROWS_CHUNK = 100;

/** Why one pattern could not be imported, when it is the data's fault; undefined for faults worth a retry. */
function patternFailure(err: unknown): string | undefined {
  if (err instanceof AppError && err.statusCode < 500) return err.message;
  if (isUniqueViolation(err)) return MSG.patternIdTaken;
  return undefined;
}

/** One pattern of a chunk, its files stored and ready to be written. */
interface PreparedPattern {
  row: repo.ImportPatternRow;
  plan: PlannedPattern;
  stored: files.StoredPatternFile[];
  named: files.StoredPatternFile[];
  sizes: ImportedSize[];
}

/**
 * A chunk's rows, inside its transaction: each pattern created or updated as the account that
 * started the import, marked done, and its PDFs queued for their checks. The updates are written
 * together, a statement per step for the whole chunk (updateImportedPatterns, issue 50); a pattern
 * it refuses (edited since the check, in the Trash) is marked failed with its reason and nothing of
 * it is written. Answers the keys of the files updates replaced, to delete once the transaction
 * committed, and the files stored for refused patterns (unreferenced: deleted the same way).
 */
async function writeChunk(
  tx: Tx,
  job: repo.ImportJobRow,
  runner: string,
  actor: Parameters<typeof insertImportedPattern>[1],
  prepared: PreparedPattern[],
): Promise<{ replacedKeys: string[]; unused: files.StoredPatternFile[] }> {
  if (!(await repo.holdsJob(tx, job.id, runner)))
    throw new LostJob(`import ${job.id} was taken over`);
  const updates = prepared.filter((p) => p.plan.updateId);
  const { replacedKeys, refused } = await updateImportedPatterns(
    tx,
    actor,
    updates.map(({ plan, sizes, named }) => ({
      id: plan.updateId!,
      fields: plan.fields,
      sizes,
      named,
      expectedVersion: plan.updateVersion,
    })),
  );
  const failed = new Set(updates.filter((_, i) => refused.has(i)).map((p) => p.row.id));
  const settled: repo.Settled[] = updates.map(({ row, plan }, i) => ({
    id: row.id,
    outcome: refused.has(i) ? 'failed' : 'updated',
    reason: refused.get(i)?.message ?? null,
    recordId: refused.has(i) ? null : plan.updateId,
  }));
  const recordIds: number[] = [];
  let unchecked = 0;
  const queueChecks = (p: PreparedPattern, recordId: number) => {
    const pdfs = p.stored.filter((f) => !f.check && f.contentType === PDF_MIME_TYPE).length;
    if (pdfs) recordIds.push(recordId);
    unchecked += pdfs;
  };
  for (const p of updates) if (!failed.has(p.row.id)) queueChecks(p, p.plan.updateId!);
  for (const p of prepared) {
    if (p.plan.updateId) continue;
    const recordId = await insertImportedPattern(tx, actor, p.plan.fields, p.sizes, p.named);
    queueChecks(p, recordId);
    settled.push({ id: p.row.id, outcome: 'created', reason: null, recordId });
  }
  // One statement marks the chunk's patterns done; fewer than asked: another process took them.
  if ((await repo.settlePatterns(tx, settled)) !== settled.length)
    throw new LostJob(`import ${job.id} was taken over`);
  if (unchecked) {
    await checkFilesLater(tx, job.id, recordIds, unchecked);
    await repo.addFilesQueued(tx, job.id, unchecked);
  }
  const unused = prepared.filter((p) => failed.has(p.row.id)).flatMap((p) => p.stored);
  return { replacedKeys, unused };
}

/** The account an import acts as (insertImportedPattern's actor): set by startRun. */
type Actor = Parameters<typeof insertImportedPattern>[1];

/** Where a run stands: patterns settled and ZIP bytes stored so far (a resumed run goes on from the job's). */
interface RunProgress {
  done: number;
  bytesDone: number;
}

/**
 * Starts or resumes the run: the check's skipped patterns marked, the account and the ZIP opened,
 * and the progress taken from the outcomes already settled (a resumed job goes on after them).
 */
async function startRun(deps: AppDeps, job: repo.ImportJobRow, runner: string) {
  const db = deps.database.db;
  await repo.markSkipped(db, job.id);
  const beat = heartbeat(deps, job.id, runner);
  // The import acts as the account that started it (its activity names them); none if it is gone.
  const account = job.createdBy ? await findSessionUserById(db, job.createdBy) : undefined;
  const actor: Actor = account && { ...account, brandId: account.brand?.id ?? null };
  let zip: ZipIndex | undefined;
  if (job.zipKey) zip = await openJobZip(deps, job.id, job.zipKey);
  const before = await repo.outcomeCounts(db, job.id);
  const progress: RunProgress = {
    done: (before.created ?? 0) + (before.updated ?? 0) + (before.failed ?? 0),
    bytesDone: job.status === 'importing' ? job.bytesDone : 0,
  };
  const total = progress.done + (before.ready ?? 0);
  await beat(
    { total, done: progress.done, bytesDone: progress.bytesDone, bytesTotal: zip?.totalBytes ?? 0 },
    true,
  );
  return { beat, actor, zip, progress };
}

/**
 * The ZIP's files as the run stores them: `prepare` stores one pattern's files before its
 * transaction, `forget` deletes stored files again (their chunk did not commit, or they went
 * unused), `newChunk` starts a chunk's leases afresh.
 */
function zipStore(
  deps: AppDeps,
  zip: ZipIndex | undefined,
  progress: RunProgress,
  log: FastifyBaseLogger | undefined,
) {
  // Each ZIP entry is read and stored once per run: the next row naming it (another size, another
  // pattern) records the same stored object (files are stored by content, ADR 009).
  const storedEntries = new Map<string, files.StoredPatternFile>();
  const chunkLeases = new Set<string>();
  const storeFile = async (f: PlannedFile): Promise<files.StoredPatternFile> => {
    const before = storedEntries.get(f.path);
    // Stored in this chunk: the same lease serves every row (recordPatternFiles drops it once);
    // stored by a committed chunk: a lease of its own.
    if (before && chunkLeases.has(before.lease!)) return { ...before, kind: f.kind };
    if (before) return { ...(await files.reuseStoredFile(deps, before)), kind: f.kind };
    const entry = zip?.byName
      .get(f.path.split('/').pop()!.toLowerCase())
      ?.find((e) => e.path === f.path);
    if (!entry) throw new AppError(400, 'VALIDATION_FAILED', `${f.name} is not in the ZIP`);
    const part = { file: await zip!.open(entry), filename: f.name } as unknown as Parameters<
      typeof files.storePatternFile
    >[1];
    // PDFs are checked (facts, thumbnails) after the import, by queued work (checkFilesLater).
    const stored = await files.storePatternFile(deps, part, {
      kind: f.kind,
      field: FILE_LABELS[f.kind],
      pdfCheck: 'later',
    });
    progress.bytesDone += entry.bytes;
    storedEntries.set(f.path, stored);
    if (stored.lease) chunkLeases.add(stored.lease);
    return stored;
  };

  /** One pattern's files, stored before its transaction (deleted again if it does not commit). */
  const prepare = async (row: repo.ImportPatternRow): Promise<PreparedPattern> => {
    const plan = row.data as PlannedPattern;
    const stored: files.StoredPatternFile[] = [];
    const keep = <T extends files.StoredPatternFile>(f: T) => (stored.push(f), f);
    try {
      const named: files.StoredPatternFile[] = [];
      for (const f of plan.files) named.push(keep(await storeFile(f)));
      const sizes: ImportedSize[] = [];
      for (const s of plan.sizes)
        sizes.push({ ...s, pdf: s.pdf ? keep(await storeFile(s.pdf)) : undefined });
      return { row, plan, stored, named, sizes };
    } catch (err) {
      (err as { stored?: files.StoredPatternFile[] }).stored = stored;
      throw err;
    }
  };
  const forget = async (stored: files.StoredPatternFile[]) => {
    await files.deleteObjects(
      deps,
      [...new Map(stored.map((f) => [f.lease ?? f.key, f])).values()],
      log,
    );
    // Their objects may be gone with them: a later row naming the same entry stores it again.
    for (const [path, f] of storedEntries)
      if (stored.some((s) => s.key === f.key)) storedEntries.delete(path);
  };
  return { prepare, forget, newChunk: () => chunkLeases.clear() };
}

/**
 * A chunk of patterns in one transaction (issue 31: one commit and one holder check for many
 * patterns, instead of one each). A fault rolls the whole chunk back; a pattern refused by the
 * database (its Pattern ID taken meanwhile, deleted to the Trash) sends the chunk back to be
 * imported pattern by pattern, so that only that one fails. Answers false for that case.
 */
function chunkImporter(
  deps: AppDeps,
  job: repo.ImportJobRow,
  runner: string,
  actor: Actor,
  store: ReturnType<typeof zipStore>,
  log: FastifyBaseLogger | undefined,
  hooks: RunHooks,
) {
  const db = deps.database.db;
  return async (rows: repo.ImportPatternRow[]): Promise<boolean> => {
    store.newChunk();
    const prepared: PreparedPattern[] = [];
    const allStored = () => prepared.flatMap((p) => p.stored);
    try {
      for (const row of rows) {
        prepared.push(await store.prepare(row));
        await hooks.beforeCommit?.(row.seq);
      }
      const { replacedKeys, unused } = await db.transaction((tx) =>
        writeChunk(tx, job, runner, actor, prepared),
      );
      await files.deleteObjects(deps, replacedKeys, log);
      if (unused.length) await store.forget(unused);
      return true;
    } catch (err) {
      await store.forget([
        ...allStored(),
        ...((err as { stored?: files.StoredPatternFile[] }).stored ?? []),
      ]);
      const reason = err instanceof LostJob ? undefined : patternFailure(err);
      if (reason === undefined) throw err; // a fault (database gone, a crash): the job retries and resumes here
      if (rows.length > 1) return false;
      await repo.settlePattern(db, rows[0]!.id, 'failed', reason, null);
      return true;
    }
  };
}

/**
 * The chunk loop: the job's ready patterns in sheet order, chunks of 1, 2, 4 … patterns (a refused
 * chunk again pattern by pattern), the progress saved after each. Closes the ZIP when done.
 */
async function importChunks(
  deps: AppDeps,
  job: repo.ImportJobRow,
  zip: ZipIndex | undefined,
  importChunk: ReturnType<typeof chunkImporter>,
  progress: RunProgress,
  beat: ReturnType<typeof heartbeat>,
) {
  // The server's memory stays within IMPORT_HEAP_GROWTH_MB of where the import found it (issue 31).
  const bound = heapBound(IMPORT_HEAP_GROWTH_MB);
  try {
    // Chunks of 1, 2, 4 … CHUNK patterns: the first patterns show up at once, the rest share commits.
    const most = zip ? CHUNK : ROWS_CHUNK;
    for (let size = 1; ; size = Math.min(most, size * 2)) {
      const rows = await repo.nextReadyRows(deps.database.db, job.id, size);
      if (!rows.length) break;
      if (!(await importChunk(rows))) for (const row of rows) await importChunk([row]);
      progress.done += rows.length;
      await beat({ done: progress.done, bytesDone: progress.bytesDone }, true);
      bound();
    }
  } finally {
    zip?.close();
  }
}

/** Writes the finished job's totals, from its outcomes, and drops its ZIP (the sheet stays for the report). */
async function finishRun(
  deps: AppDeps,
  job: repo.ImportJobRow,
  progress: RunProgress,
  log: FastifyBaseLogger | undefined,
) {
  const db = deps.database.db;
  const counts = await repo.outcomeCounts(db, job.id);
  await repo.updateJob(db, job.id, {
    status: 'done',
    created: counts.created ?? 0,
    updated: counts.updated ?? 0,
    skipped: counts.skipped ?? 0,
    failed: (counts.failed ?? 0) + (counts.invalid ?? 0),
    done: progress.done,
    bytesDone: progress.bytesDone,
    runner: null,
    zipKey: null,
  });
  // The ZIP is no longer needed; the sheet stays for the report.
  await dropJobZip(deps, job.id, job.zipKey, log);
}

/**
 * The import: every pattern the check found valid, in sheet order, a chunk at a time. The chunk's
 * files are streamed from the ZIP into the store first (each entry once), then its rows are written
 * in one transaction that also marks its patterns done, so a pattern is in whole or not at all and
 * a resumed job continues after the last committed chunk. Files of a chunk whose transaction fails
 * are deleted again. The PDFs' checks are queued for after (file-checks.job.ts).
 */
export async function runImport(
  deps: AppDeps,
  job: repo.ImportJobRow,
  runner: string,
  log?: FastifyBaseLogger,
  hooks: RunHooks = {},
): Promise<void> {
  const { beat, actor, zip, progress } = await startRun(deps, job, runner);
  const store = zipStore(deps, zip, progress, log);
  const importChunk = chunkImporter(deps, job, runner, actor, store, log, hooks);
  await importChunks(deps, job, zip, importChunk, progress, beat);
  await finishRun(deps, job, progress, log);
}
