import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../context';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { FILE_LABELS } from '../../../shared/contracts/files';
import { PDF_MIME_TYPE } from '../../../shared/limits';
import { MSG } from '../../../shared/messages';
import * as files from '../files';
import { insertImportedPattern, updateImportedPattern, type ImportedSize } from '../patterns';
import type { PlannedFile, PlannedPattern } from './check-pattern';
import { LostJob, heartbeat } from './check.service';
import { checkFilesLater } from './file-checks.job';
import { dropJobZip, openJobZip } from './import-files';
import type { ZipIndex } from './zip-reader';
import * as repo from './imports.repo';
import { findSessionUserById } from '../auth';

/** Test hook: runs after a pattern's files are stored and before its transaction (a crash there must leave nothing). */
export interface RunHooks {
  beforeCommit?(seq: number): Promise<void>;
}

/** Why one pattern could not be imported, when it is the data's fault; undefined for faults worth a retry. */
function patternFailure(err: unknown): string | undefined {
  if (err instanceof AppError && err.statusCode < 500) return err.message;
  if (isUniqueViolation(err)) return MSG.patternIdTaken;
  return undefined;
}

/**
 * The import: every pattern the check found valid, in sheet order, one at a time. Its files are
 * streamed from the ZIP into the store first, then its rows are written in one transaction that
 * also marks it done, so a pattern is in whole or not at all and a resumed job continues after
 * the last committed one. Files of a pattern whose transaction fails are deleted again.
 */
export async function runImport(
  deps: AppDeps,
  job: repo.ImportJobRow,
  runner: string,
  log?: FastifyBaseLogger,
  hooks: RunHooks = {},
): Promise<void> {
  const db = deps.database.db;
  await repo.markSkipped(db, job.id);
  const beat = heartbeat(deps, job.id, runner);
  // The import acts as the account that started it (its activity names them); none if it is gone.
  const account = job.createdBy ? await findSessionUserById(db, job.createdBy) : undefined;
  const actor = account && { ...account, brandId: account.brand?.id ?? null };
  let zip: ZipIndex | undefined;
  if (job.zipKey) zip = await openJobZip(deps, job.id, job.zipKey);
  const before = await repo.outcomeCounts(db, job.id);
  let done = (before.created ?? 0) + (before.updated ?? 0) + (before.failed ?? 0);
  const total = done + (before.ready ?? 0);
  let bytesDone = job.status === 'importing' ? job.bytesDone : 0;
  await beat({ total, done, bytesDone, bytesTotal: zip?.totalBytes ?? 0 }, true);

  // Each ZIP entry is read and stored once per run: the next row naming it (another size, another
  // pattern) takes a new lease on the stored object (files are stored by content, ADR 013).
  const storedEntries = new Map<string, files.StoredPatternFile>();
  const storeFile = async (f: PlannedFile): Promise<files.StoredPatternFile> => {
    const before = storedEntries.get(f.path);
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
    bytesDone += entry.bytes;
    storedEntries.set(f.path, stored);
    return stored;
  };

  try {
    for (let row = await repo.nextReady(db, job.id); row; row = await repo.nextReady(db, job.id)) {
      const plan = row.data as PlannedPattern;
      const stored: files.StoredPatternFile[] = [];
      const keep = <T extends files.StoredPatternFile>(f: T) => (stored.push(f), f);
      try {
        const named: files.StoredPatternFile[] = [];
        for (const f of plan.files) named.push(keep(await storeFile(f)));
        const sizes: ImportedSize[] = [];
        for (const s of plan.sizes)
          sizes.push({ ...s, pdf: s.pdf ? keep(await storeFile(s.pdf)) : undefined });
        await hooks.beforeCommit?.(row.seq);
        let replacedKeys: string[] = [];
        await db.transaction(async (tx) => {
          if (!(await repo.holdsJob(tx, job.id, runner)))
            throw new LostJob(`import ${job.id} was taken over`);
          let recordId: number;
          if (plan.updateId) {
            replacedKeys = (
              await updateImportedPattern(tx, actor, plan.updateId, plan.fields, sizes, named)
            ).replacedKeys;
            recordId = plan.updateId;
          } else {
            recordId = await insertImportedPattern(tx, actor, plan.fields, sizes, named);
          }
          const unchecked = stored.filter((f) => !f.check && f.contentType === PDF_MIME_TYPE);
          if (unchecked.length) {
            await checkFilesLater(tx, job.id, [recordId], unchecked.length);
            await repo.addFilesQueued(tx, job.id, unchecked.length);
          }
          if (
            !(await repo.settlePattern(
              tx,
              row!.id,
              plan.updateId ? 'updated' : 'created',
              null,
              recordId,
            ))
          )
            throw new LostJob(`import ${job.id} was taken over`);
        });
        await files.deleteObjects(deps, replacedKeys, log);
      } catch (err) {
        await files.deleteObjects(deps, stored, log);
        // Their objects may be gone with them: a later row naming the same entry stores it again.
        for (const [path, f] of storedEntries)
          if (stored.some((s) => s.key === f.key)) storedEntries.delete(path);
        const reason = err instanceof LostJob ? undefined : patternFailure(err);
        if (reason === undefined) throw err; // a fault (database gone, a crash): the job retries and resumes here
        await repo.settlePattern(db, row.id, 'failed', reason, null);
      }
      done++;
      await beat({ done, bytesDone }, true);
    }
  } finally {
    zip?.close();
  }
  const counts = await repo.outcomeCounts(db, job.id);
  await repo.updateJob(db, job.id, {
    status: 'done',
    created: counts.created ?? 0,
    updated: counts.updated ?? 0,
    skipped: counts.skipped ?? 0,
    failed: (counts.failed ?? 0) + (counts.invalid ?? 0),
    done,
    bytesDone,
    runner: null,
    zipKey: null,
  });
  // The ZIP is no longer needed; the sheet stays for the report.
  await dropJobZip(deps, job.id, job.zipKey, log);
}
