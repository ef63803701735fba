import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patternFiles, patterns, sizes } from '../../db/schema/patterns';
import { firstRow } from '../../lib/rows';

export type NewPatternRow = typeof patterns.$inferInsert;
export type NewSizeRow = typeof sizes.$inferInsert;

/** The pattern holding a Pattern ID, live or in the Trash (which keeps it until the purge). */
export async function patternHolding(db: DbOrTx, sfccPatternId: string) {
  const [row] = await db
    .select({ brandId: patterns.brandId, deletedAt: patterns.deletedAt })
    .from(patterns)
    .where(eq(patterns.SFCC_Pattern_ID, sfccPatternId))
    .limit(1);
  return row;
}

export async function insertPattern(db: DbOrTx, values: NewPatternRow): Promise<number> {
  const rows = await db.insert(patterns).values(values).returning({ ID: patterns.ID });
  return firstRow(rows, 'insert into patterns').ID;
}

/** Inserts sizes and answers their IDs in the order given. */
export async function insertSizes(db: DbOrTx, rows: NewSizeRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const out = await db
    .insert(sizes)
    .values(rows)
    .returning({ ID: sizes.ID, VariationID: sizes.VariationID });
  // RETURNING follows the VALUES order in practice; map by VariationID (unique per pattern) to be sure.
  const byVariation = new Map(out.map((r) => [r.VariationID, r.ID]));
  return rows.map((r) => byVariation.get(r.VariationID)!);
}

/*
 * The import's set-based writes (import-write.service.ts, issue 50): a chunk of patterns read,
 * written and looked up in one statement each instead of one a pattern.
 */

/** The sizes of these patterns (what an import matches its rows against). */
export async function sizesOfPatterns(db: DbOrTx, patternIds: number[]) {
  if (!patternIds.length) return [];
  return db
    .select({
      ID: sizes.ID,
      patternId: sizes.patternId,
      pattern_view: sizes.pattern_view,
      Size: sizes.Size,
    })
    .from(sizes)
    .where(inArray(sizes.patternId, patternIds))
    .orderBy(asc(sizes.ID));
}

/** The PDF rows of these sizes (replaced when an import brings a new PDF for the size). */
export async function sizePdfsOf(db: DbOrTx, sizeIds: number[]) {
  if (!sizeIds.length) return [];
  return db
    .select({ id: patternFiles.id, key: patternFiles.storageKey, sizeId: patternFiles.sizeId })
    .from(patternFiles)
    .where(and(inArray(patternFiles.sizeId, sizeIds), eq(patternFiles.kind, 'pattern_pdf_file')));
}

/** Pattern-level files of these patterns of these kinds (the caller keeps each pattern's own kinds). */
export async function patternFilesOfKinds(db: DbOrTx, patternIds: number[], kinds: string[]) {
  if (!patternIds.length || !kinds.length) return [];
  return db
    .select({
      id: patternFiles.id,
      key: patternFiles.storageKey,
      patternId: patternFiles.patternId,
      kind: patternFiles.kind,
    })
    .from(patternFiles)
    .where(
      and(
        inArray(patternFiles.patternId, patternIds),
        isNull(patternFiles.sizeId),
        inArray(patternFiles.kind, kinds as never[]),
      ),
    );
}

type PatternColumnKey = keyof typeof patterns.$inferInsert;

/**
 * Sets `columns` of each row's pattern to its values, and `updatedAt`, in one statement
 * (UPDATE … FROM (VALUES …)); every row gives the same columns. Values are as drizzle would
 * write them (text, a price as '12.50'), cast to the column's type.
 */
export async function updatePatternsColumns(
  db: DbOrTx,
  columns: PatternColumnKey[],
  rows: { id: number; values: Partial<Record<PatternColumnKey, unknown>> }[],
  updatedAt: Date,
): Promise<void> {
  if (!rows.length) return;
  const cols = columns.map((k) => patterns[k] as unknown as { name: string; getSQLType(): string });
  const alias = (i: number) => sql.identifier(`c${i}`);
  const values = rows.map(
    (r) =>
      sql`(${r.id}::int${sql.join(
        columns.map((k, i) => sql`, ${r.values[k] ?? null}::${sql.raw(cols[i]!.getSQLType())}`),
      )})`,
  );
  await db.execute(
    sql`update ${patterns} set ${sql.join(
      cols.map((c, i) => sql`${sql.identifier(c.name)} = v.${alias(i)}, `),
    )}${sql.identifier(patterns.updatedAt.name)} = ${updatedAt.toISOString()}::timestamptz
    from (values ${sql.join(values, sql`, `)}) as v(id${sql.join(columns.map((_, i) => sql`, ${alias(i)}`))})
    where ${patterns.ID} = v.id`,
  );
}

/** Sizes of several patterns in one statement; answers their IDs in the order given. */
export async function insertSizesOfPatterns(db: DbOrTx, rows: NewSizeRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const out = await db
    .insert(sizes)
    .values(rows)
    .returning({ ID: sizes.ID, patternId: sizes.patternId, VariationID: sizes.VariationID });
  const key = (patternId: number, variation: string) => `${patternId}\u0000${variation}`;
  const ids = new Map(out.map((r) => [key(r.patternId, r.VariationID), r.ID]));
  return rows.map((r) => ids.get(key(r.patternId, r.VariationID))!);
}
