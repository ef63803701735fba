import { and, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../context';
import { csvLine } from '../../lib/csv';
import { patterns } from '../../db/schema/patterns';
import { PATTERN_LABELS } from '../../../shared/contracts/patterns';
import type { PatternExportQuery } from '../../../shared/contracts/pattern-list';
import { STATUS_LABELS } from '../../../shared/options';
import {
  brandSegmentOrder,
  keyText,
  orderOf,
  rangesAfter,
  segmentAfter,
  updatedText,
  whereOf,
  type ColumnSortKey,
  type SortPosition,
} from './list.query';
import { assertBrandFilter, scopedWhere, withBrandId, type ResolvedFilter } from './list.service';
import * as repo from './list.repo';
import { brandSegments } from './list-count.repo';
import { exportDate, priceToApi } from '../patterns';

/**
 * CSV export of the list's current filter and order. Rows are read in batches, each starting right
 * after the last row of the one before (keyset), so memory stays flat and no batch re-reads an
 * offset. There is no snapshot across batches: a row edited during the export may move.
 */
const BATCH = 500;

const L = PATTERN_LABELS;
type Rec = repo.ExportRecord;

const COLUMNS: [string, (r: Rec) => string | number | null][] = [
  [L.SFCC_Pattern_ID, (r) => r.SFCC_Pattern_ID],
  [L.Pattern_Name, (r) => r.Pattern_Name],
  [L.Brand, (r) => r.brandName],
  [L.Type, (r) => r.Type],
  [L.Gender, (r) => r.Gender],
  [L.Price, (r) => priceToApi(r.Price)],
  [L.Fabric_type, (r) => r.Fabric_type],
  [L.Is_Printable, (r) => r.Is_Printable],
  [L.is_Subscribable, (r) => r.is_Subscribable],
  [L.Technical_Details, (r) => r.Technical_Details],
  [L.Pattern_Description, (r) => r.Pattern_Description],
  [L.Fabric_Recommendation, (r) => r.Fabric_Recommendation],
  [L.Notion, (r) => r.Notion],
  [L.Suitable_For, (r) => r.Suitable_For],
  [L.Pattern_Fit, (r) => r.Pattern_Fit],
  ['Status', (r) => STATUS_LABELS[r.SFCC_Status]],
  ['Reviewed', (r) => exportDate(r.reviewedAt)],
  ['Published', (r) => exportDate(r.publishedAt)],
  ['Created', (r) => exportDate(r.createdAt)],
  ['Updated', (r) => exportDate(r.updatedAt)],
];

export function exportFileName(now = new Date()): string {
  return `patterns-${now.toISOString().slice(0, 10)}.csv`;
}

/** Checks the query before the first byte is sent (a bad brand is a 400, not a broken download). */
export async function prepareExport(db: DbOrTx, user: AuthUser, query: PatternExportQuery) {
  const q = await withBrandId(db, user, query);
  await assertBrandFilter(db, user, q);
  return exportCsv(db, user, q);
}

/** The CSV as text chunks: a byte-order mark (Excel then reads UTF-8), the header, one chunk per batch. */
async function* exportCsv(
  db: DbOrTx,
  user: AuthUser,
  q: ResolvedFilter<PatternExportQuery>,
): AsyncGenerator<string> {
  yield '\ufeff' + csvLine(COLUMNS.map(([h]) => h));
  for await (const batch of batches(db, user, q))
    yield batch.map((r) => csvLine(COLUMNS.map(([, f]) => f(r)))).join('');
}

async function* batches(
  db: DbOrTx,
  user: AuthUser,
  q: ResolvedFilter<PatternExportQuery>,
): AsyncGenerator<Rec[]> {
  const w = scopedWhere(user, q);
  const where = whereOf(w);
  if (q.sort !== 'brand') {
    yield* keysetBatches(db, where, q.sort, q);
    return;
  }
  for (const seg of await brandSegments(db, w, q.dir)) {
    const inBrand = and(where, eq(patterns.brandId, seg.brandId));
    let from: SortPosition | undefined;
    for (;;) {
      const batch = await repo.exportBatch(
        db,
        from ? and(inBrand, segmentAfter(from)) : inBrand,
        brandSegmentOrder(),
        BATCH,
        updatedText,
      );
      if (batch.length > 0) yield batch;
      if (batch.length < BATCH) break;
      from = positionOfLast(batch);
    }
  }
}

async function* keysetBatches(
  db: DbOrTx,
  where: SQL | undefined,
  sort: ColumnSortKey,
  q: ResolvedFilter<PatternExportQuery>,
): AsyncGenerator<Rec[]> {
  const key = keyText(sort);
  let batch = await repo.exportBatch(db, where, orderOf(sort, q.dir), BATCH, key);
  while (batch.length > 0) {
    yield batch;
    if (batch.length < BATCH) return;
    const from = positionOfLast(batch);
    batch = [];
    for (const range of rangesAfter(sort, q.dir, from)) {
      batch.push(
        ...(await repo.exportBatch(
          db,
          and(where, range.where),
          range.order,
          BATCH - batch.length,
          key,
        )),
      );
      if (batch.length >= BATCH) break;
    }
  }
}

const positionOfLast = (batch: Rec[]): SortPosition => {
  const last = batch[batch.length - 1];
  if (!last) throw new Error('positionOfLast: an empty batch'); // called with full batches only
  return { key: last.sortKey, id: last.ID };
};
