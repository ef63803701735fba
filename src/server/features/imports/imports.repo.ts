import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { importIssues, importJobs, importPatterns } from '../../db/schema/imports';
import { brands } from '../../db/schema/brands';
import { users } from '../../db/schema/users';
import { patterns } from '../../db/schema/patterns';
import type { ImportIssue } from '../../../shared/contracts/imports';
import { firstRow } from '../../lib/rows';

export type ImportJobRow = typeof importJobs.$inferSelect;
export type NewImportPattern = typeof importPatterns.$inferInsert;
export type ImportPatternRow = typeof importPatterns.$inferSelect;

export async function insertJob(
  db: DbOrTx,
  values: typeof importJobs.$inferInsert,
): Promise<number> {
  const rows = await db.insert(importJobs).values(values).returning({ id: importJobs.id });
  return firstRow(rows, 'insert into import jobs').id;
}

export async function findJob(db: DbOrTx, id: number): Promise<ImportJobRow | undefined> {
  const [row] = await db.select().from(importJobs).where(eq(importJobs.id, id));
  return row;
}

const listColumns = {
  job: importJobs,
  createdByName: users.fullName,
  brandName: brands.name,
};

/** Jobs newest first; `brandId` null lists every brand's (admins). */
export async function listJobs(db: DbOrTx, brandId: number | null, limit = 100) {
  return db
    .select(listColumns)
    .from(importJobs)
    .leftJoin(users, eq(users.id, importJobs.createdBy))
    .leftJoin(brands, eq(brands.id, importJobs.brandId))
    .where(brandId === null ? undefined : eq(importJobs.brandId, brandId))
    .orderBy(desc(importJobs.id))
    .limit(limit);
}

export async function findJobWithNames(db: DbOrTx, id: number) {
  const [row] = await db
    .select(listColumns)
    .from(importJobs)
    .leftJoin(users, eq(users.id, importJobs.createdBy))
    .leftJoin(brands, eq(brands.id, importJobs.brandId))
    .where(eq(importJobs.id, id));
  return row;
}

export async function updateJob(
  db: DbOrTx,
  id: number,
  values: Partial<typeof importJobs.$inferInsert>,
): Promise<void> {
  await db
    .update(importJobs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(importJobs.id, id));
}

/** Takes the job for `runner` when nobody holds it or its holder stopped beating for `staleSeconds`. */
export async function claimJob(
  db: DbOrTx,
  id: number,
  runner: string,
  staleSeconds: number,
): Promise<ImportJobRow | undefined> {
  const [row] = await db
    .update(importJobs)
    .set({ runner, heartbeatAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(importJobs.id, id),
        or(
          isNull(importJobs.runner),
          eq(importJobs.runner, runner),
          lt(importJobs.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`),
        ),
      ),
    )
    .returning();
  return row;
}

/** Beats (and saves progress) only while `runner` still holds the job; false = it was taken over. */
export async function beat(
  db: DbOrTx,
  id: number,
  runner: string,
  values: Partial<typeof importJobs.$inferInsert> = {},
): Promise<boolean> {
  const out = await db
    .update(importJobs)
    .set({ ...values, heartbeatAt: new Date(), updatedAt: new Date() })
    .where(and(eq(importJobs.id, id), eq(importJobs.runner, runner)))
    .returning({ id: importJobs.id });
  return out.length > 0;
}

/** Inside a pattern's transaction: locks the job row and answers whether `runner` still holds it. */
export async function holdsJob(tx: DbOrTx, id: number, runner: string): Promise<boolean> {
  const rows = await tx.execute(sql`SELECT runner FROM import_jobs WHERE id = ${id} FOR UPDATE`);
  const list = (
    Array.isArray(rows) ? rows : (rows as unknown as { rows: { runner: string | null }[] }).rows
  ) as { runner: string | null }[];
  return list[0]?.runner === runner;
}

export async function clearReport(db: DbOrTx, jobId: number): Promise<void> {
  await db.delete(importIssues).where(eq(importIssues.jobId, jobId));
  await db.delete(importPatterns).where(eq(importPatterns.jobId, jobId));
}

export async function insertIssues(
  db: DbOrTx,
  jobId: number,
  issues: ImportIssue[],
): Promise<void> {
  for (let i = 0; i < issues.length; i += 500) {
    await db.insert(importIssues).values(issues.slice(i, i + 500).map((x) => ({ jobId, ...x })));
  }
}

export async function insertPatternOutcomes(db: DbOrTx, rows: NewImportPattern[]): Promise<void> {
  if (rows.length) await db.insert(importPatterns).values(rows);
}

export async function issuesOf(db: DbOrTx, jobId: number, limit?: number): Promise<ImportIssue[]> {
  const q = db
    .select({ row: importIssues.row, column: importIssues.column, message: importIssues.message })
    .from(importIssues)
    .where(eq(importIssues.jobId, jobId))
    .orderBy(asc(importIssues.row), asc(importIssues.id));
  return limit === undefined ? q : q.limit(limit);
}

export async function countIssues(db: DbOrTx, jobId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(importIssues)
    .where(eq(importIssues.jobId, jobId));
  return firstRow(rows, 'count of import issues').n;
}

export async function outcomesOf(db: DbOrTx, jobId: number) {
  return db
    .select()
    .from(importPatterns)
    .where(eq(importPatterns.jobId, jobId))
    .orderBy(asc(importPatterns.seq));
}

/** The next `n` patterns still to import, in sheet order (a chunk of the import). */
export async function nextReadyRows(
  db: DbOrTx,
  jobId: number,
  n: number,
): Promise<ImportPatternRow[]> {
  return db
    .select()
    .from(importPatterns)
    .where(and(eq(importPatterns.jobId, jobId), eq(importPatterns.outcome, 'ready')))
    .orderBy(asc(importPatterns.seq))
    .limit(n);
}

/** Moves one pattern from ready to its outcome; false when it was not ready any more. */
export async function settlePattern(
  db: DbOrTx,
  id: number,
  outcome: ImportPatternRow['outcome'],
  reason: string | null,
  recordId: number | null,
): Promise<boolean> {
  const out = await db
    .update(importPatterns)
    .set({ outcome, reason, recordId })
    .where(and(eq(importPatterns.id, id), eq(importPatterns.outcome, 'ready')))
    .returning({ id: importPatterns.id });
  return out.length > 0;
}

/** A pattern's outcome, for `settlePatterns`. */
export interface Settled {
  id: number;
  outcome: ImportPatternRow['outcome'];
  reason: string | null;
  recordId: number | null;
}

/**
 * Moves a chunk's patterns from ready to their outcomes in one statement (UPDATE … FROM (VALUES
 * …)); answers how many were still ready (fewer than given: another process settled some).
 */
export async function settlePatterns(db: DbOrTx, rows: Settled[]): Promise<number> {
  if (!rows.length) return 0;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::int, ${r.outcome}::text, ${r.reason}::text, ${r.recordId}::int)`),
    sql`, `,
  );
  const out = await db.execute(
    sql`update ${importPatterns} set outcome = v.outcome, reason = v.reason, record_id = v.record_id
    from (values ${values}) as v(id, outcome, reason, record_id)
    where ${importPatterns.id} = v.id and ${importPatterns.outcome} = 'ready'
    returning ${importPatterns.id}`,
  );
  return (Array.isArray(out) ? out : (out as unknown as { rows: unknown[] }).rows).length;
}

export async function markSkipped(db: DbOrTx, jobId: number): Promise<void> {
  await db
    .update(importPatterns)
    .set({ outcome: 'skipped' })
    .where(and(eq(importPatterns.jobId, jobId), eq(importPatterns.outcome, 'skip')));
}

/** Counts by outcome, for the job's totals. */
export async function outcomeCounts(db: DbOrTx, jobId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ outcome: importPatterns.outcome, n: sql<number>`count(*)::int` })
    .from(importPatterns)
    .where(eq(importPatterns.jobId, jobId))
    .groupBy(importPatterns.outcome);
  return Object.fromEntries(rows.map((r) => [r.outcome, r.n]));
}

/**
 * The existing patterns holding these Pattern IDs, with their brand (to decide skip, update or
 * refuse), whether they are in the Trash and their version; one statement for a batch of the check.
 */
export async function findPatternsByIds(db: DbOrTx, sfccPatternIds: string[]) {
  const rows = await db
    .select({
      ID: patterns.ID,
      SFCC_Pattern_ID: patterns.SFCC_Pattern_ID,
      brandId: patterns.brandId,
      deletedAt: patterns.deletedAt,
      version: patterns.version,
    })
    .from(patterns)
    .where(inArray(patterns.SFCC_Pattern_ID, sfccPatternIds));
  return new Map(rows.map(({ SFCC_Pattern_ID, ...r }) => [SFCC_Pattern_ID, r]));
}

export async function allBrands(db: DbOrTx) {
  return db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name));
}

/** A pattern found invalid after its check (its rows came apart later in the sheet). */
export async function invalidatePattern(
  db: DbOrTx,
  jobId: number,
  seq: number,
  reason: string,
): Promise<void> {
  await db
    .update(importPatterns)
    .set({ outcome: 'invalid', reason, data: null })
    .where(and(eq(importPatterns.jobId, jobId), eq(importPatterns.seq, seq)));
}

export async function releaseJob(db: DbOrTx, id: number, runner: string): Promise<void> {
  await db
    .update(importJobs)
    .set({ runner: null })
    .where(and(eq(importJobs.id, id), eq(importJobs.runner, runner)));
}

/** The import's follow-up: `n` more stored PDFs queued for their check (inside the pattern's transaction). */
export async function addFilesQueued(db: DbOrTx, id: number, n: number): Promise<void> {
  if (n > 0)
    await db
      .update(importJobs)
      .set({ filesTotal: sql`${importJobs.filesTotal} + ${n}` })
      .where(eq(importJobs.id, id));
}

/** `n` of the import's queued PDFs were checked (never counted past the total: a retried check counts again). */
export async function addFilesChecked(db: DbOrTx, id: number, n: number): Promise<void> {
  await db
    .update(importJobs)
    .set({ filesChecked: sql`least(${importJobs.filesTotal}, ${importJobs.filesChecked} + ${n})` })
    .where(eq(importJobs.id, id));
}
