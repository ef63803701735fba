import type { Tx } from '../../db/client';
import type { PatternFields } from '../../../shared/contracts/patterns';
import { variationIdFor } from '../../../shared/variation-id';
import { MSG } from '../../../shared/messages';
import { AppError, badRequest, conflict } from '../../lib/app-error';
import { TRASH_MSG } from '../../../shared/contracts/trash';
import * as files from '../files';
import * as repo from './patterns.repo';
import * as detailRepo from './detail.repo';
import type { AuthUser } from '../../context';
import { PATTERN_LABELS } from '../../../shared/contracts/patterns';
import { FILE_LABELS } from '../../../shared/contracts/files';
import { diffFields, recordActivities, recordActivity, type ActivityEntryInput } from '../activity';
import { recordPatternEvent, recordPatternEvents } from '../../events/pattern-events';
import { priceToDb, withBrandName } from './pattern-shape';
import { assertVersion } from './versions';
import { rowAt } from '../../lib/rows';

/** Who the import acts as (its creator): recorded in the activity like any other change. */
export type ImportActor = Pick<AuthUser, 'id' | 'fullName' | 'role' | 'brandId'>;

/**
 * Writes of the bulk import (features/imports), inside the import's per-pattern transaction: the
 * same rows the submission form writes. The files are already stored; the caller deletes them if
 * the transaction fails, and deletes `replacedKeys` once it committed.
 */
export type ImportedFields = Partial<Omit<PatternFields, 'Brand'>> & { Brand?: number };
export interface ImportedSize {
  pattern_view: string;
  Size: string;
  VariationID?: string;
  pdf?: files.StoredPatternFile;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A new draft pattern with its sizes and files; answers its record ID. */
export async function insertImportedPattern(
  tx: Tx,
  actor: ImportActor | undefined,
  fields: ImportedFields,
  sizes: ImportedSize[],
  named: files.StoredPatternFile[],
): Promise<number> {
  const { Brand, Price, SFCC_Pattern_ID, Pattern_Name, ...rest } = fields;
  const patternId = await repo.insertPattern(tx, {
    ...rest,
    SFCC_Pattern_ID: SFCC_Pattern_ID!,
    Pattern_Name: Pattern_Name!,
    brandId: Brand!,
    Price: Price === undefined ? null : priceToDb(Price),
    createdBy: actor?.id ?? null,
  });
  const sizeIds = await repo.insertSizes(
    tx,
    sizes.map((s) => ({
      patternId,
      pattern_view: s.pattern_view,
      Size: s.Size,
      VariationID: s.VariationID ?? variationIdFor(SFCC_Pattern_ID!, s.pattern_view, s.Size),
      Pattern_Pdf_File_Name: s.pdf?.fileName ?? null,
    })),
  );
  await files.recordPatternFiles(tx, patternId, [
    ...named.map((f) => ({ ...f, sizeId: null })),
    ...sizes.map((s, i) => ({ ...s.pdf!, sizeId: rowAt(sizeIds, i, 'id of an inserted size') })),
  ]);
  if (actor) await recordActivity(tx, actor, patternId, 'created', {});
  await recordPatternEvent(tx, 'pattern.submitted', patternId);
  return patternId;
}

/** One pattern an import in update mode changes (`updateImportedPatterns`). */
export interface ImportedUpdate {
  id: number;
  fields: ImportedFields;
  sizes: ImportedSize[];
  named: files.StoredPatternFile[];
  /** The pattern's version when the sheet was checked (docs/concurrency.md). */
  expectedVersion?: number;
}

/** What `updateImportedPatterns` did: keys to delete after the commit, and the patterns it refused. */
export interface ImportedUpdates {
  replacedKeys: string[];
  /** By index in the list given: why that pattern was not changed (nothing of it was written). */
  refused: Map<number, AppError>;
}

/** The pattern-level kinds an import's files replace (every kind but hero images, which add). */
const singleKindsOf = (named: files.StoredPatternFile[]) => [
  ...new Set(named.filter((f) => f.kind !== 'Hero_Images').map((f) => f.kind)),
];

type FileRow = files.StoredPatternFile & { sizeId: number | null };

/**
 * Changes only what the sheet filled, for a chunk of patterns at once (issue 50: a statement per
 * chunk for each step, not per pattern): the filled fields, sizes not there yet (each needs its
 * PDF), a new PDF for an existing size, single files replaced and hero images added. Marks each
 * pattern edited (updatedAt), so an edit after review is sent to review again; records the same
 * activity an edit on the pattern screen does and queues each pattern's events.
 *
 * A pattern that cannot be changed (in the Trash, edited since the check, a new size without its
 * PDF) is refused before anything is written and left out; the others are written. An unexpected
 * fault throws (the caller's transaction rolls back).
 */
export async function updateImportedPatterns(
  tx: Tx,
  actor: ImportActor | undefined,
  items: ImportedUpdate[],
): Promise<ImportedUpdates> {
  const { plans, refused, locked } = await planUpdates(tx, items);
  const replaced = await dropReplacedFiles(tx, plans);
  const afterOf = await writeFields(tx, plans);
  const activity = await addSizesAndFiles(tx, plans, afterOf);
  if (actor) {
    // A partner imports their own brand's patterns: its name is on the rows already read.
    const own = [...locked.values()].find((p) => p.brandId === actor.brandId);
    await recordActivities(tx, actor, activity, own ? own.brandName : undefined);
  }
  // The changed patterns' event, one call for the chunk (the webhooks' subscribers looked up once;
  // each payload reads its pattern as it is now).
  await recordPatternEvents(
    tx,
    'pattern.updated',
    plans.map((p) => p.item.id),
  );
  return { replacedKeys: replaced.map((r) => r.key), refused };
}

/** What one pattern of the chunk will be written with, once it passed its checks. */
interface UpdatePlan {
  item: ImportedUpdate;
  before: detailRepo.PatternRow;
  newSizes: ImportedSize[];
  pdfFor: { sizeId: number; pdf: files.StoredPatternFile }[];
}

/**
 * The chunk's patterns locked and their sizes read (one statement each), then each pattern checked
 * before anything is written: a refused one (in the Trash, edited since the check, a new size
 * without its PDF) leaves no trace; an unexpected error ends the chunk.
 */
async function planUpdates(tx: Tx, items: ImportedUpdate[]) {
  const refused = new Map<number, AppError>();
  const locked = new Map(
    (await detailRepo.lockPatterns(tx, [...new Set(items.map((u) => u.id))])).map((p) => [p.ID, p]),
  );
  const withSizes = items.filter((u) => u.sizes.length).map((u) => u.id);
  const sizesOf = new Map<number, Awaited<ReturnType<typeof repo.sizesOfPatterns>>>();
  for (const s of await repo.sizesOfPatterns(tx, withSizes)) {
    const list = sizesOf.get(s.patternId) ?? [];
    list.push(s);
    sizesOf.set(s.patternId, list);
  }
  const plans: UpdatePlan[] = [];
  for (const [index, item] of items.entries()) {
    try {
      const before = locked.get(item.id);
      // Deleted (to the Trash) between the check and the import: this pattern is not imported.
      if (!before)
        throw conflict(TRASH_MSG.idInTrash(item.fields.SFCC_Pattern_ID ?? String(item.id)));
      // Edited by someone between the check and the import: the version rule refuses it, as on the screen.
      await assertVersion(
        tx,
        { patternId: item.id, current: before.version, since: 'check' },
        item.expectedVersion,
      );
      const existing = sizesOf.get(item.id) ?? [];
      const newSizes: ImportedSize[] = [];
      const pdfFor: UpdatePlan['pdfFor'] = [];
      for (const s of item.sizes) {
        const match = existing.find(
          (e) => same(e.pattern_view, s.pattern_view) && same(e.Size, s.Size),
        );
        if (!match) {
          if (!s.pdf)
            throw badRequest(MSG.patternPdfRequired, {
              [`Size ${s.Size}`]: MSG.patternPdfRequired,
            });
          newSizes.push(s);
        } else if (s.pdf) pdfFor.push({ sizeId: match.ID, pdf: s.pdf });
      }
      plans.push({ item, before, newSizes, pdfFor });
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      refused.set(index, err);
    }
  }
  return { plans, refused, locked };
}

/** The files the chunk replaces (sizes' PDFs and single pattern files): read and deleted together. */
async function dropReplacedFiles(tx: Tx, plans: UpdatePlan[]) {
  const replaced: { id: number; key: string }[] = [];
  const oldPdfs = await repo.sizePdfsOf(
    tx,
    plans.flatMap((p) => p.pdfFor.map((f) => f.sizeId)),
  );
  replaced.push(...oldPdfs);
  const kindsOf = new Map(plans.map((p) => [p.item.id, singleKindsOf(p.item.named)]));
  const oldFiles = await repo.patternFilesOfKinds(
    tx,
    plans.filter((p) => kindsOf.get(p.item.id)!.length).map((p) => p.item.id),
    [...new Set([...kindsOf.values()].flat())],
  );
  replaced.push(...oldFiles.filter((f) => kindsOf.get(f.patternId)!.includes(f.kind)));
  await detailRepo.deleteFilesById(
    tx,
    replaced.map((r) => r.id),
  );
  return replaced;
}

/**
 * The fields: one UPDATE … FROM (VALUES …) for the patterns that fill the same columns. Answers
 * each pattern's row as it is now (the sheet's values over what it was), for the activity.
 */
async function writeFields(tx: Tx, plans: UpdatePlan[]) {
  const updatedAt = new Date();
  const afterOf = new Map<number, detailRepo.PatternRow>();
  const groups = new Map<
    string,
    { columns: string[]; rows: { id: number; values: Record<string, unknown> }[] }
  >();
  for (const { item, before } of plans) {
    const { Brand: _brand, Price, SFCC_Pattern_ID: _id, ...rest } = item.fields;
    const values: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(rest)) if (v !== undefined) values[k] = v;
    if (Price !== undefined) values.Price = priceToDb(Price);
    afterOf.set(item.id, { ...before, ...values });
    const columns = Object.keys(values).sort();
    const key = columns.join('\u0000');
    const group = groups.get(key) ?? { columns, rows: [] };
    group.rows.push({ id: item.id, values });
    groups.set(key, group);
  }
  for (const g of groups.values())
    await repo.updatePatternsColumns(tx, g.columns as never[], g.rows, updatedAt);
  return afterOf;
}

/**
 * The new sizes (one multi-row insert) and each pattern's files recorded; answers the activity an
 * edit on the pattern screen leaves: fields before → after, sizes and files added.
 */
async function addSizesAndFiles(
  tx: Tx,
  plans: UpdatePlan[],
  afterOf: Map<number, detailRepo.PatternRow>,
): Promise<ActivityEntryInput[]> {
  const sizeIds = await repo.insertSizesOfPatterns(
    tx,
    plans.flatMap(({ item, before, newSizes }) =>
      newSizes.map((s) => ({
        patternId: item.id,
        pattern_view: s.pattern_view,
        Size: s.Size,
        VariationID:
          s.VariationID ?? variationIdFor(before.SFCC_Pattern_ID, s.pattern_view, s.Size),
        Pattern_Pdf_File_Name: s.pdf!.fileName,
      })),
    ),
  );
  const activity: ActivityEntryInput[] = [];
  let next = 0;
  for (const { item, before, newSizes, pdfFor } of plans) {
    const rows: FileRow[] = [
      ...pdfFor.map((f) => ({ ...f.pdf, sizeId: f.sizeId })),
      ...item.named.map((f) => ({ ...f, sizeId: null })),
      ...newSizes.map((s) => ({ ...s.pdf!, sizeId: sizeIds[next++]! })),
    ];
    const fileIds = rows.length ? await files.recordPatternFiles(tx, item.id, rows) : [];
    const changes = diffFields(
      withBrandName(before),
      withBrandName(afterOf.get(item.id)!),
      PATTERN_LABELS,
    );
    if (changes.length)
      activity.push({ patternId: item.id, action: 'fields_changed', details: { changes } });
    for (const s of newSizes)
      activity.push({
        patternId: item.id,
        action: 'size_added',
        details: { size: `${s.pattern_view} / ${s.Size}` },
      });
    for (const [i, f] of rows.entries())
      activity.push({
        patternId: item.id,
        action: 'file_added',
        details: { file: { id: fileIds[i]!, fileName: f.fileName }, label: FILE_LABELS[f.kind] },
      });
  }
  return activity;
}
