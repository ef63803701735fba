import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PartsOf } from '../../storage/multipart';
import type { AppDeps, AuthUser } from '../../context';
import { AppError, badRequest, conflict, notFound, tooLarge } from '../../lib/app-error';
import { brandScope } from '../../lib/scope';
import { ERROR_CODES } from '../../../shared/errors';
import { MB } from '../../../shared/limits';
import {
  IMPORT_FIELDS,
  IMPORT_MODES,
  IMPORT_UPLOAD,
  IMPORT_MSG,
  ISSUES_SHOWN,
  REPORT_ERRORS_COLUMN,
  type ImportDetail,
  type ImportJob,
  type ImportMode,
} from '../../../shared/contracts/imports';
import { storeUpload, CSV_MIME_TYPE, type StoredUpload } from '../../storage/upload';
import * as files from '../files';
import { enqueueJob } from '../../jobs/outbox';
import { IMPORTS_PREFIX } from './import-files';
import { readSheet, type SheetFormat } from './sheet-reader';
import { csvLine } from '../../lib/csv';
import { templateCsv, templateXlsx } from './template';
import * as repo from './imports.repo';

export const IMPORT_JOB_KIND = 'import';

function toJob(r: Awaited<ReturnType<typeof repo.listJobs>>[number]): ImportJob {
  const j = r.job;
  return {
    id: j.id,
    status: j.status,
    mode: j.mode,
    sheetName: j.sheetName,
    zipName: j.zipName,
    createdBy: r.createdByName,
    brandName: r.brandName,
    rows: j.rows,
    patterns: j.patterns,
    valid: j.valid,
    created: j.created,
    updated: j.updated,
    skipped: j.skipped,
    failed: j.failed,
    done: j.done,
    total: j.total,
    bytesDone: j.bytesDone,
    bytesTotal: j.bytesTotal,
    files: { total: j.filesTotal, checked: Math.min(j.filesChecked, j.filesTotal) },
    error: j.error,
    createdAt: j.createdAt.toISOString(),
    updatedAt: j.updatedAt.toISOString(),
  };
}

/** The importing user's brand scope; a user without a brand may not import. */
function scopeOf(user: AuthUser): number | null {
  const scope = brandScope(user);
  if (scope === -1) throw new AppError(403, ERROR_CODES.forbidden, IMPORT_MSG.noBrand);
  return scope;
}

export async function listImports(deps: AppDeps, user: AuthUser): Promise<ImportJob[]> {
  return (await repo.listJobs(deps.database.db, brandScope(user))).map(toJob);
}

/** The job if the user may see it: their brand's, or any for admins; others answer 404. */
async function visibleJob(deps: AppDeps, user: AuthUser, id: number) {
  const row = await repo.findJobWithNames(deps.database.db, id);
  const scope = brandScope(user);
  if (!row || (scope !== null && row.job.brandId !== scope)) throw notFound('Import');
  return row;
}

export async function getImport(deps: AppDeps, user: AuthUser, id: number): Promise<ImportDetail> {
  const row = await visibleJob(deps, user, id);
  const db = deps.database.db;
  // While it checks or imports, the page asks every second for its progress: the patterns' outcomes
  // (2,500 rows for issue 31's catalogue, read, serialized and drawn again each time) come once it
  // has ended (docs/benchmarks.md "Import").
  const running = row.job.status === 'checking' || row.job.status === 'importing';
  const [issues, count, outcomes] = await Promise.all([
    repo.issuesOf(db, id, ISSUES_SHOWN),
    repo.countIssues(db, id),
    running ? [] : repo.outcomesOf(db, id),
  ]);
  return {
    ...toJob(row),
    issues,
    issuesTruncated: count > issues.length,
    outcomes: outcomes.map((o) => ({
      patternId: o.sfccPatternId,
      row: o.firstRow,
      outcome: o.outcome,
      reason: o.reason,
      recordId: o.recordId,
    })),
  };
}

/**
 * Receives the sheet and the optional ZIP, streaming each into the store (type by content, size
 * limits from the configuration), records the job and queues its check in one transaction.
 */
export async function createImport(
  deps: AppDeps,
  user: AuthUser,
  parts: PartsOf<typeof IMPORT_UPLOAD>,
  log?: FastifyBaseLogger,
): Promise<ImportJob> {
  const scope = scopeOf(user);
  const stored: StoredUpload[] = [];
  let sheet: (StoredUpload & { name: string }) | undefined;
  let zip: (StoredUpload & { name: string }) | undefined;
  let mode: ImportMode = 'skip';
  try {
    // IMPORT_UPLOAD: one sheet (required) and one ZIP; a second of either is refused at its field.
    for await (const part of parts) {
      if (part.type === 'refused') throw part.error;
      if (part.type === 'fieldFile') {
        part.file.file.resume();
        continue;
      }
      if (part.type === 'field') {
        if (!(IMPORT_MODES as readonly string[]).includes(String(part.value)))
          throw badRequest(IMPORT_MSG.modeInvalid, { mode: IMPORT_MSG.modeInvalid });
        mode = part.value as ImportMode;
        continue;
      }
      const isSheet = part.name === IMPORT_FIELDS.sheet;
      const env = deps.env;
      const upload = await storeUpload(deps.files, part.file.file as Readable, {
        rule: part.accepts,
        field: part.name,
        fileName: part.file.filename,
        prefix: IMPORTS_PREFIX,
        maxBytes: (isSheet ? env.IMPORT_MAX_SHEET_MB : env.IMPORT_MAX_ZIP_MB) * MB,
      }).catch((err) => {
        if (err instanceof AppError && err.statusCode === 415) {
          const message = isSheet ? IMPORT_MSG.sheetType : IMPORT_MSG.zipType;
          throw new AppError(415, err.code, message, { [part.name]: message });
        }
        throw err;
      });
      stored.push(upload);
      if (isSheet) sheet = { ...upload, name: part.file.filename };
      else zip = { ...upload, name: part.file.filename };
    }
    if (!sheet) throw badRequest(IMPORT_MSG.sheetRequired, { sheet: IMPORT_MSG.sheetRequired });
    const format: SheetFormat = sheet.contentType === CSV_MIME_TYPE ? 'csv' : 'xlsx';
    const id = await deps.database.db.transaction(async (tx) => {
      const jobId = await repo.insertJob(tx, {
        brandId: scope,
        createdBy: user.id,
        mode,
        sheetName: sheet!.fileName,
        sheetKey: sheet!.key,
        sheetFormat: format,
        zipName: zip?.fileName ?? null,
        zipKey: zip?.key ?? null,
        zipBytes: zip?.byteSize ?? 0,
      });
      await enqueueJob(tx, {
        kind: IMPORT_JOB_KIND,
        payload: { importId: jobId },
        dedupeKey: `import:${jobId}:check`,
        maxAttempts: 5,
      });
      return jobId;
    });
    deps.kicks.kick(IMPORT_JOB_KIND);
    return toJob((await repo.findJobWithNames(deps.database.db, id))!);
  } catch (err) {
    await files.deleteObjects(deps, stored, log);
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw tooLarge('Send one sheet and at most one ZIP');
    if (
      err instanceof Error &&
      !(err instanceof AppError) &&
      (err as { statusCode?: number }).statusCode === undefined &&
      !('severity' in err)
    ) {
      throw badRequest(`The upload could not be read (${err.message})`);
    }
    throw err;
  }
}

/** Starts the import of what the check found valid; once only. */
export async function startRun(deps: AppDeps, user: AuthUser, id: number): Promise<ImportJob> {
  const row = await visibleJob(deps, user, id);
  const job = row.job;
  if (job.status === 'checking') throw conflict(IMPORT_MSG.notChecked);
  if (job.status !== 'checked') throw conflict(IMPORT_MSG.alreadyRan);
  if (job.valid === 0) throw conflict(IMPORT_MSG.nothingToImport);
  const started = await deps.database.db.transaction(async (tx) => {
    const [claimed] = await tx
      .execute<{ id: number }>(sqlStart(id))
      .then((r) => (Array.isArray(r) ? r : (r as { rows: { id: number }[] }).rows));
    if (!claimed) return false;
    await enqueueJob(tx, {
      kind: IMPORT_JOB_KIND,
      payload: { importId: id },
      dedupeKey: `import:${id}:run`,
      maxAttempts: 20,
    });
    return true;
  });
  if (!started) throw conflict(IMPORT_MSG.alreadyRan);
  deps.kicks.kick(IMPORT_JOB_KIND);
  return toJob((await repo.findJobWithNames(deps.database.db, id))!);
}
const sqlStart = (id: number) =>
  sql`UPDATE import_jobs SET status = 'importing', done = 0, total = valid, bytes_done = 0, updated_at = now() WHERE id = ${id} AND status = 'checked' RETURNING id`;

/** The sheet again, row by row, with the problems of each row in an added Errors column; problems of the ZIP or the whole sheet at the end. */
export async function* reportCsv(
  deps: AppDeps,
  user: AuthUser,
  id: number,
): AsyncGenerator<string> {
  const { job } = await visibleJob(deps, user, id);
  const issues = await repo.issuesOf(deps.database.db, id);
  const byRow = new Map<number, string[]>();
  for (const i of issues)
    byRow.set(i.row, [...(byRow.get(i.row) ?? []), `${i.column}: ${i.message}`]);
  const source = await deps.files.get(job.sheetKey);
  let width = 0;
  let first = true;
  // Written with the sheet's own separator (XLSX: commas), so the report reads back as sent.
  let delimiter = ',';
  for await (const r of readSheet(source, job.sheetFormat as SheetFormat)) {
    if (first) [width, delimiter] = [r.cells.length, r.delimiter ?? ','];
    const cells = [
      ...r.cells,
      ...Array<string>(Math.max(0, width - r.cells.length)).fill(''),
    ].slice(0, Math.max(width, r.cells.length));
    yield csvLine(
      [...cells, first ? REPORT_ERRORS_COLUMN : (byRow.get(r.row) ?? []).join('; ')],
      delimiter,
    );
    if (first && byRow.has(r.row))
      yield csvLine([...Array<string>(width).fill(''), byRow.get(r.row)!.join('; ')], delimiter);
    first = false;
  }
  for (const message of byRow.get(0) ?? [])
    yield csvLine([...Array<string>(width).fill(''), message], delimiter);
}

export function reportFileName(job: { id: number }) {
  return `import-${job.id}-report.csv`;
}

export async function template(
  deps: AppDeps,
  user: AuthUser,
  format: 'csv' | 'xlsx',
): Promise<string | Buffer> {
  if (format === 'csv') return templateCsv();
  const scope = brandScope(user);
  const brands = (await repo.allBrands(deps.database.db)).filter(
    (b) => scope === null || b.id === scope,
  );
  return templateXlsx(brands.map((b) => b.name));
}
