import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../context';
import { brandScope } from '../../lib/scope';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { MSG } from '../../../shared/messages';
import {
  PATTERN_LABELS,
  PatternFieldsSchema,
  type PatternFields,
} from '../../../shared/contracts/patterns';
import {
  PATTERN_DETAIL_MSG,
  type MissingItem,
  type PatternDetail,
} from '../../../shared/contracts/pattern-detail';
import { toPatternFile } from '../files';
import { patternPreflight, withPreflight } from '../preflight';
import { findBrand, resolveBrandRef } from '../brands';
import { recordActivity } from '../activity';
import { diffFields } from '../activity';
import { addressNotesOn } from './address-notes';
import * as repo from './detail.repo';
import { priceToDb, toDetailFields, withBrandName } from './pattern-shape';
import { recordPatternEvent } from '../../events/pattern-events';
import { assertVersion } from './versions';

/**
 * Brand scoping of every pattern-related read and write (patterns, their files, sizes and
 * pieces): a pattern outside the user's brand is "not found", never "forbidden" (docs/product-decisions.md).
 * Sizes and pieces resolve their pattern and come through here.
 */
export async function loadPattern(
  db: DbOrTx,
  user: AuthUser,
  id: number,
  opts: { what?: string; forUpdate?: boolean } = {},
) {
  const row = await repo.findPattern(db, id, brandScope(user), opts.forUpdate);
  if (!row) throw notFound(opts.what ?? 'Pattern');
  return row;
}

/** A size, piece or file of the pattern changed: its `updatedAt` moves (the "edited after" notice reads it). */
export async function markPatternEdited(db: DbOrTx, id: number) {
  await repo.touchPattern(db, id);
  await recordPatternEvent(db, 'pattern.updated', id);
}

type CompletenessSize = Awaited<ReturnType<typeof repo.sizesForCompleteness>>[number];

/** What docs/product-decisions.md's "complete" still needs: Pattern ID, Name, Brand; a size; each size's view, size and PDF. */
export function missingItems(
  p: Pick<repo.PatternRow, 'SFCC_Pattern_ID' | 'Pattern_Name' | 'brandId'>,
  sizeRows: CompletenessSize[],
): MissingItem[] {
  const out: MissingItem[] = [];
  if (!p.SFCC_Pattern_ID?.trim())
    out.push({ field: 'SFCC_Pattern_ID', message: MSG.required('Pattern ID') });
  if (!p.Pattern_Name?.trim())
    out.push({ field: 'Pattern_Name', message: MSG.required('Pattern Name') });
  if (!p.brandId) out.push({ field: 'Brand', message: MSG.chooseBrand });
  if (!sizeRows.length) out.push({ field: 'sizes', message: 'At least one size is required' });
  for (const s of sizeRows) {
    const name = `Size ${s.Size || '?'} (view ${s.pattern_view || '?'})`;
    if (!s.pattern_view?.trim())
      out.push({
        field: `sizes.${s.ID}.pattern_view`,
        message: `${name}: ${MSG.patternViewRequired}`,
      });
    if (!s.Size?.trim())
      out.push({ field: `sizes.${s.ID}.Size`, message: `${name}: ${MSG.sizeRequired}` });
    if (!s.hasPdf)
      out.push({
        field: `sizes.${s.ID}.pattern_pdf_file`,
        message: `${name}: ${MSG.patternPdfRequired}`,
      });
  }
  return out;
}

export async function patternMissing(
  db: DbOrTx,
  p: repo.PatternRow,
): Promise<{ missing: MissingItem[]; sizesCount: number }> {
  const rows = await repo.sizesForCompleteness(db, p.ID);
  return { missing: missingItems(p, rows), sizesCount: rows.length };
}

/** "edited after review / publishing" (docs/product-decisions.md): content changed after the last status change. */
export function editedAfter(
  p: Pick<
    repo.PatternRow,
    'SFCC_Status' | 'editStatus' | 'contentUpdatedAt' | 'reviewedAt' | 'publishedAt'
  >,
): PatternDetail['editedAfter'] {
  // Content edits only: a status change moves updatedAt too (issue 34).
  const edited = p.contentUpdatedAt;
  // A published pattern's edit in review counts from when it was sent; one sent back waits for its fixes.
  if (p.SFCC_Status === 'published' && p.editStatus === 'in_review')
    return p.reviewedAt && edited > p.reviewedAt ? 'review' : null;
  if (p.SFCC_Status === 'published' && p.editStatus === 'changes_requested') return null;
  if (p.SFCC_Status === 'published' && p.publishedAt && edited > p.publishedAt) return 'publishing';
  if (p.SFCC_Status === 'in_review' && p.reviewedAt && edited > p.reviewedAt) return 'review';
  return null;
}

export async function getDetail(db: DbOrTx, user: AuthUser, id: number): Promise<PatternDetail> {
  const p = await loadPattern(db, user, id);
  return buildDetail(db, p);
}

/** The detail call's answer for any brand (webhook payloads, issue 14); undefined when the pattern is gone. */
export async function patternDetailById(
  db: DbOrTx,
  id: number,
): Promise<PatternDetail | undefined> {
  const p = await repo.findPattern(db, id, null);
  return p ? buildDetail(db, p) : undefined;
}

async function buildDetail(db: DbOrTx, p: repo.PatternRow): Promise<PatternDetail> {
  const [files, { missing, sizesCount }] = [
    await repo.listPatternFiles(db, p.ID),
    await patternMissing(db, p),
  ];
  const preflight = await patternPreflight(db, p);
  return {
    ...toDetailFields(p),
    files: files.map((f) => withPreflight(toPatternFile(f), preflight)),
    sizesCount,
    missing,
    editedAfter: editedAfter(p),
    warnings: preflight.panel,
    thumbnailsPending: [...preflight.checks.values()].some(
      (c) => c.type === 'pdf' && c.thumbnailsPending,
    ),
  };
}

const TEXT_FIELDS = Object.keys(PatternFieldsSchema.shape).filter(
  (k) => k !== 'Brand' && k !== 'Price',
);
const patternIdTaken = () => conflict(MSG.patternIdTaken, { SFCC_Pattern_ID: MSG.patternIdTaken });

/**
 * Replaces the record's fields (validated by the route with the submission's schema). Users keep
 * the pattern in their brand; admins may move it to any existing brand. The status never changes.
 */
export async function updateFields(
  db: DbOrTx,
  user: AuthUser,
  id: number,
  input: PatternFields,
  expected?: number,
): Promise<PatternDetail> {
  return db.transaction((tx) => updateFieldsIn(tx, user, id, input, expected));
}

async function updateFieldsIn(
  db: DbOrTx,
  user: AuthUser,
  id: number,
  input: PatternFields,
  expected: number | undefined,
): Promise<PatternDetail> {
  const current = await loadPattern(db, user, id, { forUpdate: true });
  await assertVersion(db, { patternId: id, current: current.version }, expected);
  return buildDetail(db, await writeFields(db, user, current, input));
}

/** A pattern's fields as the edit form holds them (the body `updateFields` takes). */
function fieldsOf(p: repo.PatternRow): PatternFields {
  const out: Record<string, unknown> = {
    Brand: p.brandId,
    Price: p.Price === null ? undefined : Number(p.Price),
  };
  for (const k of TEXT_FIELDS) out[k] = (p as Record<string, unknown>)[k] ?? undefined;
  return out as PatternFields;
}

/**
 * Bulk Edit fields (features/bulk): sets one field of one pattern through the edit's own write
 * (brand scope, activity before → after, webhook and storefront events, addressed notes). A
 * published pattern's change waits for review as any edit does. `value` is the field's value as
 * `PatternFieldsSchema` parsed it; answers whether anything changed (`preview`: writes nothing).
 */
export async function setPatternField<K extends keyof PatternFields>(
  db: DbOrTx,
  user: AuthUser,
  id: number,
  field: K,
  value: PatternFields[K],
  opts: { preview?: boolean } = {},
): Promise<{ changed: boolean; patternId: string }> {
  return db.transaction(async (tx) => {
    const current = await loadPattern(tx, user, id, { forUpdate: !opts.preview });
    const input = { ...fieldsOf(current), [field]: value };
    const stored = (v: unknown) =>
      field === 'Price' ? (v === undefined ? null : priceToDb(v as number)) : v || null;
    const changed = stored(value) !== (current as Record<string, unknown>)[field];
    if (changed && !opts.preview) await writeFields(tx, user, current, input);
    return { changed, patternId: current.SFCC_Pattern_ID };
  });
}

/** Writes the fields of a locked pattern; records what changed. Answers the pattern as it is now. */
async function writeFields(
  db: DbOrTx,
  user: AuthUser,
  current: repo.PatternRow,
  input: PatternFields,
): Promise<repo.PatternRow> {
  const id = current.ID;
  const brandId = await resolveBrandRef(db, input.Brand);
  let brandName = current.brandName;
  if (brandId !== current.brandId) {
    if (user.role !== 'admin')
      throw badRequest(PATTERN_DETAIL_MSG.otherBrand, { Brand: PATTERN_DETAIL_MSG.otherBrand });
    const brand = await findBrand(db, brandId);
    if (!brand)
      throw badRequest(PATTERN_DETAIL_MSG.unknownBrand, { Brand: PATTERN_DETAIL_MSG.unknownBrand });
    brandName = brand.name;
  }
  const { Brand, Price, ...text } = input;
  const values: repo.PatternValues = {
    brandId,
    Price: Price === undefined ? null : priceToDb(Price),
    updatedAt: new Date(),
  };
  // Absent optional fields are cleared: the body is the whole record, as the edit form shows it.
  for (const k of TEXT_FIELDS)
    (values as Record<string, unknown>)[k] = (text as Record<string, unknown>)[k] || null; // '' clears
  // In the caller's transaction (no savepoint of its own: a refused write ends it all the same);
  // the row as written comes back from the UPDATE (issue 50: not read again).
  let updated: repo.PatternRow;
  try {
    updated = (await repo.updatePatternReturning(db, id, values, brandName))!;
  } catch (err) {
    if (isUniqueViolation(err)) throw patternIdTaken();
    throw err;
  }
  await recordPatternEvent(db, 'pattern.updated', id);
  const changes = diffFields(withBrandName(current), withBrandName(updated), PATTERN_LABELS);
  // A partner edits their own brand's patterns: the activity's brand is the pattern's, read already.
  if (changes.length)
    await recordActivity(
      db,
      user,
      id,
      'fields_changed',
      { changes },
      user.brandId === current.brandId ? current.brandName : undefined,
    );
  await addressNotesOn(
    db,
    user,
    id,
    'field',
    changes.map((c) => c.field),
  );
  return updated;
}
