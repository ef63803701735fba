import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps, AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { zodFields } from '../../lib/zod-fields';
import { LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/messages';
import { variationIdFor } from '../../../shared/variation-id';
import {
  SIZE_LABELS,
  SIZE_MSG,
  SIZE_PARTS,
  SIZE_TEMPLATE_FIELDS,
  SizeFieldsSchema,
  type Size,
  type SizeDetail,
  type SizeFields,
} from '../../../shared/contracts/sizes';
import { assertVersion, loadPattern, markPatternEdited } from '../patterns';
import { deleteObjects, recordPatternFiles, toPatternFile } from '../files';
import { patternPreflight, withPreflight } from '../preflight';
import { readSizeParts } from './size-parts';
import { recordActivity } from '../activity';
import { diffFields } from '../activity';
import { addressNotesOn, addressNotesOnDeletedSizes } from '../patterns';
import * as repo from './sizes.repo';

const label = (s: { pattern_view: string; Size: string }) => `${s.pattern_view} / ${s.Size}`;
// Service results (Prod_Status…) are content too: a partner may correct them, so they are recorded.
const { VariationID: _v, ...CHANGE_LABELS } = SIZE_LABELS;

export function toSize(r: repo.SizeRow): Size {
  const { pdfId, pdfName, pdfSize, pdfType, createdAt, updatedAt, ...rest } = r;
  return {
    ...rest,
    pdf:
      pdfId === null
        ? null
        : toPatternFile({
            id: pdfId,
            kind: 'pattern_pdf_file',
            fileName: pdfName!,
            byteSize: pdfSize!,
            contentType: pdfType!,
            sizeId: r.ID,
          }),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

/** The size a user may see, with its pattern; another brand's size is "not found". */
export async function loadSize(
  db: DbOrTx,
  user: AuthUser,
  sizeId: number,
  opts: { what?: string; forUpdate?: boolean } = {},
) {
  const owner = await repo.findSizeOwner(db, sizeId);
  if (!owner) throw notFound(opts.what ?? 'Size');
  const pattern = await loadPattern(db, user, owner.patternId, {
    what: opts.what ?? 'Size',
    forUpdate: opts.forUpdate,
  });
  return { sizeId: owner.ID, pattern };
}

export async function listSizes(db: DbOrTx, user: AuthUser, patternId: number) {
  const pattern = await loadPattern(db, user, patternId);
  const rows = await repo.listSizes(db, patternId);
  const pf = await patternPreflight(db, pattern);
  const data = rows.map(toSize).map((s) => (s.pdf ? { ...s, pdf: withPreflight(s.pdf, pf) } : s));
  return { data, totalCountData: rows.length };
}

export async function getSize(db: DbOrTx, user: AuthUser, sizeId: number): Promise<SizeDetail> {
  const { pattern } = await loadSize(db, user, sizeId);
  const row = (await repo.findSize(db, sizeId))!;
  const { ID, SFCC_Pattern_ID, Pattern_Name, brandName, SFCC_Status } = pattern;
  const sizesCount = await repo.countSizes(db, ID);
  const size = toSize(row);
  if (size.pdf) size.pdf = withPreflight(size.pdf, await patternPreflight(db, pattern));
  return {
    ...size,
    pattern: { ID, SFCC_Pattern_ID, Pattern_Name, brandName, SFCC_Status, sizesCount },
  };
}

function parseFields(data: Record<string, unknown> | undefined): SizeFields {
  const r = SizeFieldsSchema.safeParse(data ?? {});
  if (r.success) return r.data;
  const fields = zodFields(r.error.issues);
  throw badRequest(Object.values(fields)[0] ?? 'Invalid size', fields);
}

/** Every template field is written: the form sends the whole size, an empty field clears it. */
function sizeValues(f: SizeFields, patternCode: string) {
  const values: repo.SizeValues & { pattern_view: string; Size: string; VariationID: string } = {
    pattern_view: f.pattern_view,
    Size: f.Size,
    VariationID: f.VariationID || variationIdFor(patternCode, f.pattern_view, f.Size),
    updatedAt: new Date(),
  };
  for (const k of SIZE_TEMPLATE_FIELDS) values[k] = f[k] || null; // '' clears
  return values;
}

const duplicate = (f: SizeFields) =>
  conflict(SIZE_MSG.duplicate(f.pattern_view, f.Size), {
    Size: SIZE_MSG.duplicate(f.pattern_view, f.Size),
  });

/** Adds a size with its PDF ('Successfully Added Size'); (view, size) is unique within the pattern. */
export async function addSize(
  deps: AppDeps,
  user: AuthUser,
  patternId: number,
  parts: Parameters<typeof readSizeParts>[1],
  log?: FastifyBaseLogger,
): Promise<Size> {
  const db = deps.database.db;
  await loadPattern(db, user, patternId); // before reading the upload
  const { data, pdf } = await readSizeParts(deps, parts);
  try {
    const f = parseFields(data);
    if (!pdf)
      throw badRequest(MSG.patternPdfRequired, { [SIZE_PARTS.pdf]: MSG.patternPdfRequired });
    const sizeId = await db.transaction(async (tx) => {
      const pattern = await loadPattern(tx, user, patternId, { forUpdate: true });
      if ((await repo.countSizes(tx, patternId)) >= LIMITS.sizesMax)
        throw conflict(SIZE_MSG.tooMany);
      if (await repo.findDuplicate(tx, patternId, f.pattern_view, f.Size)) throw duplicate(f);
      const id = await repo.insertSize(tx, {
        ...sizeValues(f, pattern.SFCC_Pattern_ID),
        patternId,
        Pattern_Pdf_File_Name: pdf.fileName,
      });
      await recordPatternFiles(tx, patternId, [{ ...pdf, sizeId: id }]);
      await markPatternEdited(tx, patternId);
      await recordActivity(tx, user, patternId, 'size_added', { size: label(f) });
      return id;
    });
    return toSize((await repo.findSize(db, sizeId))!);
  } catch (err) {
    if (pdf) await deleteObjects(deps, [pdf], log);
    if (isUniqueViolation(err)) throw duplicate(parseFields(data));
    throw err;
  }
}

/**
 * Updates a size's fields (the whole size, template fields included) and/or replaces its PDF.
 * The old PDF object is deleted only after the new one is stored and recorded.
 */
export async function updateSize(
  deps: AppDeps,
  user: AuthUser,
  sizeId: number,
  parts: Parameters<typeof readSizeParts>[1],
  log?: FastifyBaseLogger,
  expected?: number,
): Promise<Size> {
  const db = deps.database.db;
  await loadSize(db, user, sizeId);
  const seen = (await repo.findSize(db, sizeId))!;
  // Before reading the upload: a stale version is refused at once.
  await assertVersion(
    db,
    { patternId: seen.patternId, current: seen.version, size: { label: label(seen) } },
    expected,
  );
  const { data, pdf } = await readSizeParts(deps, parts);
  let oldKeys: string[] = [];
  try {
    if (!data && !pdf) throw badRequest('Nothing to update: send the size fields or a new PDF');
    const f = data ? parseFields(data) : undefined;
    oldKeys = await db.transaction(async (tx) => {
      const { pattern } = await loadSize(tx, user, sizeId, { forUpdate: true });
      const values: repo.SizeValues = f
        ? sizeValues(f, pattern.SFCC_Pattern_ID)
        : { updatedAt: new Date() };
      if (f && (await repo.findDuplicate(tx, pattern.ID, f.pattern_view, f.Size, sizeId)))
        throw duplicate(f);
      let replaced: string[] = [];
      const before = (await repo.findSize(tx, sizeId))!;
      const size = { label: label(before) };
      await assertVersion(tx, { patternId: pattern.ID, current: before.version, size }, expected);
      if (pdf) {
        values.Pattern_Pdf_File_Name = pdf.fileName;
        replaced = await repo.removeSizePdfRows(tx, sizeId);
        const [fileId] = await recordPatternFiles(tx, pattern.ID, [{ ...pdf, sizeId }]);
        await recordActivity(tx, user, pattern.ID, 'file_replaced', {
          file: { id: fileId!, fileName: pdf.fileName },
          previous: before.pdfName ?? '(none)',
          label: `Pattern PDF of size ${label(before)}`,
        });
        if (before.pdfId) await addressNotesOn(tx, user, pattern.ID, 'file', [before.pdfId]);
      }
      await repo.updateSize(tx, sizeId, values);
      await markPatternEdited(tx, pattern.ID);
      const changes = diffFields(before, { ...before, ...values }, CHANGE_LABELS);
      if (changes.length)
        await recordActivity(tx, user, pattern.ID, 'size_changed', {
          size: label(before),
          changes,
        });
      if (changes.length || pdf) await addressNotesOn(tx, user, pattern.ID, 'size', [sizeId]);
      return replaced;
    });
  } catch (err) {
    if (pdf) await deleteObjects(deps, [pdf], log);
    if (isUniqueViolation(err) && data) throw duplicate(parseFields(data));
    throw err;
  }
  await deleteObjects(deps, oldKeys, log);
  return toSize((await repo.findSize(db, sizeId))!);
}

async function deleteWithin(
  user: AuthUser,
  patternId: number,
  ids: number[],
  tx: DbOrTx,
): Promise<{ keys: string[]; left: number }> {
  const total = await repo.countSizes(tx, patternId);
  if (total - ids.length < 1) throw conflict(SIZE_MSG.lastSize);
  for (const s of (await repo.listSizes(tx, patternId)).filter((r) => ids.includes(r.ID)))
    await recordActivity(tx, user, patternId, 'size_deleted', { size: label(s) });
  const keys = (await repo.fileKeysOfSizes(tx, ids)).map((k) => k.storageKey);
  await addressNotesOnDeletedSizes(tx, user, patternId, ids);
  await repo.deleteSizes(tx, ids);
  await markPatternEdited(tx, patternId);
  return { keys, left: total - ids.length };
}

/** Deletes one size ('Successfully Delete Size '); never the pattern's last one. */
export async function deleteSize(
  deps: AppDeps,
  user: AuthUser,
  sizeId: number,
  log?: FastifyBaseLogger,
) {
  const db = deps.database.db;
  const { keys, left } = await db.transaction(async (tx) => {
    const { pattern } = await loadSize(tx, user, sizeId, { forUpdate: true });
    return deleteWithin(user, pattern.ID, [sizeId], tx);
  });
  await deleteObjects(deps, keys, log);
  return { deleted: 1, totalCountData: left };
}

/** Deletes several sizes of one pattern at once, all or none; at least one size must stay. */
export async function bulkDeleteSizes(
  deps: AppDeps,
  user: AuthUser,
  patternId: number,
  ids: number[],
  log?: FastifyBaseLogger,
) {
  const db = deps.database.db;
  const unique = [...new Set(ids)];
  const { keys, left } = await db.transaction(async (tx) => {
    await loadPattern(tx, user, patternId, { forUpdate: true });
    const found = await repo.sizesOfPattern(tx, patternId, unique);
    if (found.length !== unique.length) throw notFound('Size');
    return deleteWithin(user, patternId, unique, tx);
  });
  await deleteObjects(deps, keys, log);
  return { deleted: unique.length, totalCountData: left };
}
