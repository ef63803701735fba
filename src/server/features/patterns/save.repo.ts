import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { brands } from '../../db/schema/brands';
import { live, patterns } from '../../db/schema/patterns';
import type { FileCheck } from '../../../shared/contracts/preflight';
import {
  patternColumns,
  type FileRow,
  type PatternRow,
  type PatternValues,
  type sizesForCompleteness,
} from './detail.repo';

/*
 * The save of a pattern's fields (update.service.ts) in as few round trips as it can (issue 50):
 * the UPDATE answers the row as written (RETURNING: the triggers' version and content_updated_at
 * included) and reads in the same statement what the answer and the notes need besides; on its
 * usual path the row is locked and read in that statement too (`lockAndUpdate`).
 */

/** A file of the pattern as the save reads it: the file, its size's names, what its check found. */
export type SavedFileRow = FileRow & {
  Size: string | null;
  pattern_view: string | null;
  check: FileCheck | null;
};
/** An open review note on one of the pattern's fields (an edit of the field addresses it). */
export interface OpenFieldNote {
  id: number;
  targetKey: string;
}
/** What a save's answer needs besides the row (detail.service.ts `savedDetail`). */
export interface SaveParts {
  /** Every file of the pattern (its sizes' PDFs too), in `id` order. */
  files: SavedFileRow[];
  /** `sizesForCompleteness`. */
  sizes: CompletenessSize[];
}
type CompletenessSize = Awaited<ReturnType<typeof sizesForCompleteness>>[number];
export interface Written {
  row: PatternRow;
  openNotes: OpenFieldNote[];
  parts: SaveParts | undefined;
}

// In the UPDATE's RETURNING: the statement's snapshot sees what a writer that held the row's lock
// before committed; a save of the fields changes none of these rows.
const savedFiles = sql<SavedFileRow[]>`(select coalesce(json_agg(json_build_object(
  'id', f.id, 'patternId', f.pattern_id, 'sizeId', f.size_id, 'kind', f.kind,
  'storageKey', f.storage_key, 'fileName', f.file_name, 'contentType', f.content_type,
  'byteSize', f.byte_size, 'Size', s."Size", 'pattern_view', s.pattern_view, 'check', c."check"
) order by f.id), '[]'::json)
from pattern_files f left join file_checks c on c.file_id = f.id left join sizes s on s."ID" = f.size_id
where f.pattern_id = "patterns"."ID")`;
const savedSizes = sql<CompletenessSize[]>`(select coalesce(json_agg(json_build_object(
  'ID', s."ID", 'pattern_view', s.pattern_view, 'Size', s."Size",
  'hasPdf', exists (select 1 from pattern_files f where f.size_id = s."ID" and f.kind = 'pattern_pdf_file')
) order by s."ID"), '[]'::json)
from sizes s where s.pattern_id = "patterns"."ID")`;
const openFieldNotes = sql<OpenFieldNote[]>`(select coalesce(json_agg(json_build_object(
  'id', n.id, 'targetKey', n.target_key
) order by n.id), '[]'::json)
from review_notes n join review_requests r on r.id = n.request_id
where r.pattern_id = "patterns"."ID" and r.closed_at is null and n.addressed_at is null
  and n.target_type = 'field')`;

const { brandName: _brandName, ...ownColumns } = patternColumns;

/**
 * Writes the columns of a pattern the caller locked and answers it as written, with the open
 * review notes on its fields and, with `parts`, what the detail answer needs (`SaveParts`);
 * `brandName` is the caller's.
 */
export async function updatePatternReturning(
  db: DbOrTx,
  id: number,
  values: PatternValues,
  brandName: string,
  opts: { parts?: boolean } = {},
): Promise<Written | undefined> {
  const q = db.update(patterns).set(values).where(eq(patterns.ID, id));
  if (!opts.parts) {
    const [r] = await q.returning({ ...ownColumns, openNotes: openFieldNotes });
    if (!r) return undefined;
    const { openNotes, ...row } = r;
    return { row: { ...row, brandName }, openNotes, parts: undefined };
  }
  const [r] = await q.returning({
    ...ownColumns,
    openNotes: openFieldNotes,
    files: savedFiles,
    sizes: savedSizes,
  });
  if (!r) return undefined;
  const { openNotes, files, sizes: sizeRows, ...row } = r;
  return { row: { ...row, brandName }, openNotes, parts: { files, sizes: sizeRows } };
}

type Key = keyof typeof patternColumns;
const KEYS = Object.keys(patternColumns) as Key[];
const newBrand = alias(brands, 'new_brand');

/**
 * The save's usual path in one statement: locks the live pattern `id` within `scope` (null: every
 * brand) when its version is `expected` (undefined: any) and `brandId` exists (and, with
 * `sameBrand`, is the pattern's own), writes `values` and answers the row before and after, the
 * parts and the notes. Undefined when one of those does not hold (nothing written): the caller
 * takes the path that says why (404, 412, 400). `stale`: a writer changed the row while this one
 * waited for its lock, so the parts, read in the statement's snapshot, must be read again.
 */
export async function lockAndUpdate(
  db: DbOrTx,
  id: number,
  scope: number | null,
  values: PatternValues & { brandId: number },
  opts: { expected: number | undefined; sameBrand: boolean },
): Promise<(Written & { before: PatternRow; stale: boolean }) | undefined> {
  const oldFields = Object.fromEntries(
    KEYS.map((k) => [k, sql`${patternColumns[k]}`.mapWith(patternColumns[k]).as(`old_${k}`)]),
  ) as { [K in Key]: SQL.Aliased<PatternRow[K]> };
  const old = db.$with('old').as(
    db
      .select({
        ...oldFields,
        newBrandName: sql<string>`${newBrand.name}`.as('new_brand_name'),
        xmin: sql<string>`${patterns}.xmin::text`.as('old_xmin'),
      })
      .from(patterns)
      .innerJoin(brands, eq(brands.id, patterns.brandId))
      .innerJoin(newBrand, eq(newBrand.id, values.brandId))
      .where(
        and(eq(patterns.ID, id), live(), scope === null ? undefined : eq(patterns.brandId, scope)),
      )
      .limit(1)
      .for('update', { of: patterns }),
  );
  const before = Object.fromEntries(KEYS.map((k) => [`old_${k}`, old[k]])) as {
    [K in Key as `old_${K}`]: SQL.Aliased<PatternRow[K]>;
  };
  // One name per shape (the same text every time): PostgreSQL parses and plans it once per
  // connection, not on every save (PGlite keeps every statement so: db/pglite-raw.ts).
  const shape = `${scope === null ? 'a' : 's'}${opts.expected === undefined ? '' : 'v'}${opts.sameBrand ? 'b' : ''}`;
  const [r] = await db
    .with(old)
    .update(patterns)
    .set(values)
    .from(old)
    .where(
      and(
        eq(patterns.ID, old.ID),
        opts.expected === undefined ? undefined : eq(old.version, opts.expected),
        opts.sameBrand ? eq(old.brandId, values.brandId) : undefined,
      ),
    )
    .returning({
      ...ownColumns,
      ...before,
      newBrandName: old.newBrandName,
      // The row's version in the statement's snapshot: not the one locked when a writer came between.
      lockedXmin: old.xmin,
      snapshotXmin: sql<string>`(select p.xmin::text from patterns p where p."ID" = "patterns"."ID")`,
      openNotes: openFieldNotes,
      files: savedFiles,
      sizes: savedSizes,
    })
    .prepare(`pattern_save_${shape}`)
    .execute();
  if (!r) return undefined;
  const row = { brandName: r.newBrandName } as Record<string, unknown>;
  const prior = {} as Record<string, unknown>;
  for (const k of KEYS) {
    if (k !== 'brandName') row[k] = r[k as keyof typeof r];
    prior[k] = r[`old_${k}`];
  }
  return {
    row: row as PatternRow,
    before: prior as PatternRow,
    openNotes: r.openNotes,
    parts: { files: r.files, sizes: r.sizes },
    stale: r.snapshotXmin !== r.lockedXmin,
  };
}
