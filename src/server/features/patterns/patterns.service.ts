import type { FastifyBaseLogger } from 'fastify';
import { recordActivity } from '../activity';
import type { AppDeps, AuthUser } from '../../context';
import { AppError, badRequest, conflict } from '../../lib/app-error';
import { zodFields } from '../../lib/zod-fields';
import { brandScope } from '../../lib/scope';
import { ERROR_CODES } from '../../../shared/errors';
import { MSG } from '../../../shared/messages';
import { sanitizeFileName } from '../../../shared/limits';
import { variationIdFor } from '../../../shared/variation-id';
import type { PatternFile } from '../../../shared/contracts/files';
import {
  CREATE_MSG,
  PatternCreateDataSchema,
  sizePdfErrorKey,
  sizePdfField,
  SIZE_PDF_BATCH_FIELD,
  type PatternCreateData,
} from '../../../shared/contracts/pattern-create';
import * as files from '../files';
import { findBrand, resolveBrandRef } from '../brands';
import { receiveSubmission, type Received, type SubmissionParts } from './create-upload';
import * as repo from './patterns.repo';
import { TRASH_MSG } from '../../../shared/contracts/trash';
import { recordPatternEvent } from '../../events/pattern-events';
import { priceToDb } from './pattern-shape';
import { rowAt } from '../../lib/rows';

// ---- Create (POST /api/patternRecord/addPatternsRecord) ----

const SYNTHETIC_PDF_NAME = /^pattern_pdf_file\d+(\.pdf)?$/i;

/** A user adds only to their own brand (403 at Brand); an admin to any existing brand. A taken Pattern ID is 409. */
async function assertMayAdd(deps: AppDeps, user: AuthUser, data: PatternCreateData): Promise<void> {
  const scope = brandScope(user);
  const brandId = await resolveBrandRef(deps.database.db, data.Brand);
  // A slug nobody has is unknown for everyone; an id outside a user's brand stays a 403.
  if (brandId < 0) throw badRequest(CREATE_MSG.unknownBrand, { Brand: CREATE_MSG.unknownBrand });
  if (scope !== null && brandId !== scope) {
    const message = user.brandId === null ? CREATE_MSG.noBrand : CREATE_MSG.otherBrand;
    throw new AppError(403, ERROR_CODES.forbidden, message, { Brand: message });
  }
  if (scope === null && !(await findBrand(deps.database.db, brandId)))
    throw badRequest(CREATE_MSG.unknownBrand, { Brand: CREATE_MSG.unknownBrand });
  const holder = await repo.patternHolding(deps.database.db, data.SFCC_Pattern_ID);
  if (holder) {
    // A pattern in the Trash keeps its Pattern ID (so restoring it never clashes); its own brand
    // is told where it is, another brand only that the ID is taken.
    const message =
      holder.deletedAt && (scope === null || holder.brandId === scope)
        ? TRASH_MSG.idInTrash(data.SFCC_Pattern_ID)
        : MSG.patternIdTaken;
    throw conflict(message, { SFCC_Pattern_ID: message });
  }
}

/** Matches `files` parts without an index to sizes: by Pattern_Pdf_File_Name, then in order. */
function assignBatch(r: Received, sizeNames: (string | undefined)[]): Record<string, string> {
  const problems: Record<string, string> = {};
  const free = () => sizeNames.findIndex((_, i) => !r.sizePdfs.has(i));
  for (const { file, partName } of r.batch) {
    const wanted = sanitizeFileName(partName);
    let index = sizeNames.findIndex(
      (n, i) => !r.sizePdfs.has(i) && n !== undefined && sanitizeFileName(n) === wanted,
    );
    if (index < 0) index = free();
    if (index < 0)
      problems[SIZE_PDF_BATCH_FIELD] = `${file.fileName}: every size already has its PDF`;
    else r.sizePdfs.set(index, file);
  }
  return problems;
}

/** Every field problem at once: the data's, each size's missing PDF, PDFs without a size, and count/slot problems. */
function validate(
  r: Received,
): { ok: true; data: PatternCreateData } | { ok: false; error: AppError } {
  const parsed = PatternCreateDataSchema.safeParse(r.data ?? {});
  const fields: Record<string, string> = parsed.success ? {} : zodFields(parsed.error.issues);
  const rawSizes: unknown[] = Array.isArray((r.data as { Size?: unknown })?.Size)
    ? (r.data as { Size: unknown[] }).Size
    : [];
  const names = rawSizes.map((s) => {
    const n = (s as { Pattern_Pdf_File_Name?: unknown })?.Pattern_Pdf_File_Name;
    return typeof n === 'string' ? n : undefined;
  });
  if (!r.failure) Object.assign(fields, assignBatch(r, names));
  // Parts seen but not stored (after a failure) still count as sent, so the form is told only what is really missing.
  let unindexed = r.failure ? r.batchSeen : 0;
  rawSizes.forEach((_, i) => {
    if (r.sizePdfs.has(i) || r.sizePdfSeen.has(i)) return;
    if (unindexed > 0) unindexed--;
    else fields[sizePdfErrorKey(i)] ??= MSG.patternPdfRequired;
  });
  for (const i of new Set([...r.sizePdfs.keys(), ...r.sizePdfSeen])) {
    if (i >= rawSizes.length) fields[sizePdfField(i)] ??= CREATE_MSG.noSizeForPdf(i);
  }
  if (r.failure instanceof AppError && r.failure.statusCode === 400 && r.failure.fields)
    Object.assign(fields, r.failure.fields);
  const messages = Object.values(fields);
  if (messages.length === 0 && parsed.success) return { ok: true, data: parsed.data };
  const [only, ...more] = messages;
  return {
    ok: false,
    error: badRequest(only !== undefined && more.length === 0 ? only : MSG.checkRequired, fields),
  };
}

function uniqueViolation(err: unknown): string | undefined {
  for (
    let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    e = e.cause as typeof e, i++
  ) {
    if (e.code === '23505') return e.constraint ?? 'unique';
  }
  return undefined;
}

/**
 * Streams every part to the file store, validates everything, then writes the pattern, its sizes
 * and its file rows in one transaction. On any failure (including a client that goes away
 * half-way) every stored object is deleted and no row remains.
 */
export async function createPattern(
  deps: AppDeps,
  user: AuthUser,
  parts: SubmissionParts,
  log?: FastifyBaseLogger,
): Promise<{ ID: number; files: PatternFile[] }> {
  const stored: files.StoredPatternFile[] = [];
  let recorded: PatternFile[] = [];
  try {
    const r = await receiveSubmission(deps, parts, stored, async (raw) => {
      const parsed = PatternCreateDataSchema.safeParse(raw);
      // Invalid data: stop storing, keep reading, and report every field at the end.
      if (!parsed.success) throw badRequest(MSG.checkRequired, zodFields(parsed.error.issues));
      await assertMayAdd(deps, user, parsed.data);
    });
    // Field problems are merged with the rest below; anything else (403, 409, 413, 415, unreadable data) answers as it is.
    const mergeable =
      r.failure instanceof AppError &&
      r.failure.statusCode === 400 &&
      r.failure.fields &&
      !('data' in r.failure.fields);
    if (r.failure && !mergeable) throw r.failure;
    const checked = validate(r);
    if (!checked.ok) throw checked.error;
    const data = checked.data;
    const brandId = await resolveBrandRef(deps.database.db, data.Brand); // known: assertMayAdd checked it

    const ID = await deps.database.db.transaction(async (tx) => {
      const { Size: sizes, Brand, Price, ...fields } = data;
      const patternId = await repo.insertPattern(tx, {
        ...fields,
        brandId,
        Price: Price === undefined ? null : priceToDb(Price),
        createdBy: user.id,
      });
      const sizeRows = sizes.map((s, i) => {
        const pdf = r.sizePdfs.get(i)!;
        // A PDF sent under its slot name keeps the name the form gave it.
        if (SYNTHETIC_PDF_NAME.test(pdf.fileName) && s.Pattern_Pdf_File_Name)
          pdf.fileName = sanitizeFileName(s.Pattern_Pdf_File_Name);
        return {
          patternId,
          pattern_view: s.pattern_view,
          Size: s.Size,
          VariationID:
            s.VariationID ?? variationIdFor(data.SFCC_Pattern_ID, s.pattern_view, s.Size),
          Pattern_Pdf_File_Name: pdf.fileName,
        };
      });
      const dupe = sizeRows.findIndex(
        (row, i) => sizeRows.findIndex((o) => o.VariationID === row.VariationID) !== i,
      );
      const twice = sizeRows[dupe]; // none when dupe is -1
      if (twice)
        throw badRequest(`VariationID ${twice.VariationID} is used twice`, {
          [`Size.${dupe}.Size`]: `VariationID ${twice.VariationID} is used twice`,
        });
      const sizeIds = await repo.insertSizes(tx, sizeRows);
      const all: (files.StoredPatternFile & { sizeId: number | null })[] = [
        ...[...r.named.values()].flat().map((f) => ({ ...f, sizeId: null })),
        ...sizes.map((_, i) => ({
          ...r.sizePdfs.get(i)!,
          sizeId: rowAt(sizeIds, i, 'id of an inserted size'),
        })),
      ];
      const ids = await files.recordPatternFiles(tx, patternId, all);
      recorded = all.map((f, i) =>
        files.toPatternFile({ ...f, id: rowAt(ids, i, 'id of a recorded file') }),
      );
      await recordActivity(tx, user, patternId, 'created', {});
      await recordPatternEvent(tx, 'pattern.submitted', patternId);
      return patternId;
    });
    deps.kicks.kick(files.PDF_THUMBNAILS_JOB);
    return { ID, files: recorded };
  } catch (err) {
    await files.deleteObjects(deps, stored, log);
    const constraint = uniqueViolation(err);
    if (constraint?.includes('SFCC_Pattern_ID'))
      throw conflict(MSG.patternIdTaken, { SFCC_Pattern_ID: MSG.patternIdTaken });
    if (constraint === 'sizes_pattern_view_size_uq')
      throw badRequest('Each view and size can appear only once', {
        Size: 'Each view and size can appear only once',
      });
    throw err;
  }
}
