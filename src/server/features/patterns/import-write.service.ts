import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { patternFiles } from '../../db/schema/patterns';
import type { PatternFields } from '../../../shared/contracts/patterns';
import { variationIdFor } from '../../../shared/variation-id';
import { MSG } from '../../../shared/messages';
import { badRequest, conflict } from '../../lib/app-error';
import { TRASH_MSG } from '../../../shared/contracts/trash';
import * as files from '../files';
import * as repo from './patterns.repo';
import * as detailRepo from './detail.repo';
import type { AuthUser } from '../../context';
import { PATTERN_LABELS } from '../../../shared/contracts/patterns';
import { FILE_LABELS } from '../../../shared/contracts/files';
import { recordActivity } from '../activity';
import { diffFields } from '../activity';
import { recordPatternEvent } from '../../events/pattern-events';
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
    ...sizes.map((s, i) => ({ ...s.pdf!, sizeId: sizeIds[i] })),
  ]);
  if (actor) await recordActivity(tx, actor, patternId, 'created', {});
  await recordPatternEvent(tx, 'pattern.submitted', patternId);
  return patternId;
}

/**
 * Changes only what the sheet filled: the filled fields, sizes not there yet (each needs its PDF),
 * a new PDF for an existing size, single files replaced and hero images added. Marks the pattern
 * edited (updatedAt), so an edit after review is sent to review again.
 */
export async function updateImportedPattern(
  tx: Tx,
  actor: ImportActor | undefined,
  id: number,
  fields: ImportedFields,
  sizes: ImportedSize[],
  named: files.StoredPatternFile[],
  expectedVersion?: number,
): Promise<{ replacedKeys: string[] }> {
  const { Brand: _brand, Price, SFCC_Pattern_ID: _id, ...rest } = fields;
  const before = await detailRepo.findPattern(tx, id, null, true);
  // Deleted (to the Trash) between the check and the import: this pattern is not imported.
  if (!before) throw conflict(TRASH_MSG.idInTrash(fields.SFCC_Pattern_ID ?? String(id)));
  // Edited by someone between the check and the import: the version rule refuses it, as on the screen.
  await assertVersion(
    tx,
    { patternId: id, current: before.version, since: 'check' },
    expectedVersion,
  );
  await detailRepo.updatePattern(tx, id, {
    ...rest,
    ...(Price === undefined ? {} : { Price: priceToDb(Price) }),
    updatedAt: new Date(),
  });
  const [pattern] = [await detailRepo.findPattern(tx, id, null, true)];
  const existing = await detailRepo.sizesForCompleteness(tx, id);
  const replaced: number[] = [];
  const replacedKeys: string[] = [];
  const newSizes: ImportedSize[] = [];
  const rows: (files.StoredPatternFile & { sizeId: number | null })[] = [];
  for (const s of sizes) {
    const match = existing.find(
      (e) => same(e.pattern_view, s.pattern_view) && same(e.Size, s.Size),
    );
    if (!match) {
      if (!s.pdf)
        throw badRequest(MSG.patternPdfRequired, { [`Size ${s.Size}`]: MSG.patternPdfRequired });
      newSizes.push(s);
    } else if (s.pdf) {
      const old = await tx
        .select({ id: patternFiles.id, key: patternFiles.storageKey })
        .from(patternFiles)
        .where(and(eq(patternFiles.sizeId, match.ID), eq(patternFiles.kind, 'pattern_pdf_file')));
      replaced.push(...old.map((o) => o.id));
      replacedKeys.push(...old.map((o) => o.key));
      rows.push({ ...s.pdf, sizeId: match.ID });
    }
  }
  const singleKinds = [
    ...new Set(named.filter((f) => f.kind !== 'Hero_Images').map((f) => f.kind)),
  ];
  for (const old of await detailRepo.listFilesOfKinds(tx, id, singleKinds)) {
    replaced.push(old.id);
    replacedKeys.push(old.storageKey);
  }
  if (replaced.length) await tx.delete(patternFiles).where(inArray(patternFiles.id, replaced));
  const sizeIds = await repo.insertSizes(
    tx,
    newSizes.map((s) => ({
      patternId: id,
      pattern_view: s.pattern_view,
      Size: s.Size,
      VariationID:
        s.VariationID ?? variationIdFor(pattern!.SFCC_Pattern_ID, s.pattern_view, s.Size),
      Pattern_Pdf_File_Name: s.pdf!.fileName,
    })),
  );
  rows.push(
    ...named.map((f) => ({ ...f, sizeId: null })),
    ...newSizes.map((s, i) => ({ ...s.pdf!, sizeId: rowAt(sizeIds, i, 'id of an inserted size') })),
  );
  const fileIds = await files.recordPatternFiles(tx, id, rows);
  if (actor) {
    // The same records an edit on the pattern screen leaves: fields before → after, sizes and files added.
    const changes = diffFields(withBrandName(before!), withBrandName(pattern!), PATTERN_LABELS);
    if (changes.length) await recordActivity(tx, actor, id, 'fields_changed', { changes });
    for (const s of newSizes)
      await recordActivity(tx, actor, id, 'size_added', { size: `${s.pattern_view} / ${s.Size}` });
    for (const [i, f] of rows.entries()) {
      const file = { id: fileIds[i]!, fileName: f.fileName };
      await recordActivity(tx, actor, id, 'file_added', { file, label: FILE_LABELS[f.kind] });
    }
  }
  await recordPatternEvent(tx, 'pattern.updated', id);
  return { replacedKeys };
}
