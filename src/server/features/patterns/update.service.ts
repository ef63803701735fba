import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../context';
import { badRequest, conflict } from '../../lib/app-error';
import { brandScope } from '../../lib/scope';
import { isUniqueViolation } from '../../lib/db-errors';
import { MSG } from '../../../shared/messages';
import {
  PATTERN_LABELS,
  PatternFieldsSchema,
  type PatternFields,
} from '../../../shared/contracts/patterns';
import { PATTERN_DETAIL_MSG, type PatternDetail } from '../../../shared/contracts/pattern-detail';
import { findBrand, resolveBrandRef } from '../brands';
import { diffFields, recordActivity } from '../activity';
import { addressNotes, addressNotesOn } from './address-notes';
import type * as repo from './detail.repo';
import * as save from './save.repo';
import { loadPattern, patternDetailById, savedDetail } from './detail.service';
import { priceToDb, withBrandName } from './pattern-shape';
import { recordPatternEvent } from '../../events/pattern-events';
import { assertVersion } from './versions';

/*
 * The save of a pattern's fields (the edit form's PUT) and Bulk Edit fields' one field, through
 * one write: issue 50 counts its statements (update-statements.test.ts).
 */

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
  return db.transaction(async (tx) => {
    // Usually one statement locks, checks and writes the row and reads what the answer needs
    // (issue 50); when it writes nothing, the steps one by one say why (404, 412, 400).
    const brandId = await resolveBrandRef(tx, input.Brand);
    const saved = await uniquePatternId(() =>
      save.lockAndUpdate(tx, id, brandScope(user), valuesOf(input, brandId), {
        expected,
        sameBrand: user.role !== 'admin',
      }),
    );
    if (!saved) {
      const current = await loadPattern(tx, user, id, { forUpdate: true });
      await assertVersion(tx, { patternId: id, current: current.version }, expected);
      const { row, parts } = await writeFields(tx, user, current, input, { parts: true });
      return savedDetail(row, parts!);
    }
    // A writer that changed the row while this one waited for its lock: its files, sizes and
    // notes as they are now, not as the statement's snapshot saw them.
    const { before, row, stale } = saved;
    await afterWrite(tx, user, before, row, stale ? undefined : saved.openNotes);
    return stale ? (await patternDetailById(tx, id))! : savedDetail(row, saved.parts!);
  });
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

/**
 * Writes the fields of a locked pattern; records what changed. Answers the pattern as it is now
 * and, with `parts`, what its detail answer needs besides (`save.SaveParts`).
 */
async function writeFields(
  db: DbOrTx,
  user: AuthUser,
  current: repo.PatternRow,
  input: PatternFields,
  opts: { parts?: boolean } = {},
): Promise<{ row: repo.PatternRow; parts: save.SaveParts | undefined }> {
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
  const written = await uniquePatternId(() =>
    save.updatePatternReturning(db, id, valuesOf(input, brandId), brandName, opts),
  );
  const { row: updated, openNotes, parts } = written!; // the row is locked: it is there
  await afterWrite(db, user, current, updated, openNotes);
  return { row: updated, parts };
}

/** The columns a save writes. Absent optional fields are cleared: the body is the whole record. */
function valuesOf(input: PatternFields, brandId: number) {
  const { Brand: _brand, Price, ...text } = input;
  const values: repo.PatternValues & { brandId: number } = {
    brandId,
    Price: Price === undefined ? null : priceToDb(Price),
    updatedAt: new Date(),
  };
  for (const k of TEXT_FIELDS)
    (values as Record<string, unknown>)[k] = (text as Record<string, unknown>)[k] || null; // '' clears
  return values;
}

/** In the caller's transaction (no savepoint of its own: a refused write ends it all the same). */
async function uniquePatternId<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw patternIdTaken();
    throw err;
  }
}

/**
 * What follows the write of a pattern's fields: its event, the activity entry (before → after)
 * and the open notes on the changed fields addressed (`openNotes`: read by the write; undefined:
 * read here).
 */
async function afterWrite(
  db: DbOrTx,
  user: AuthUser,
  current: repo.PatternRow,
  updated: repo.PatternRow,
  openNotes: save.OpenFieldNote[] | undefined,
) {
  const id = current.ID;
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
  const fields = changes.map((c) => c.field);
  if (!openNotes) return addressNotesOn(db, user, id, 'field', fields);
  const changed = new Set(fields);
  await addressNotes(
    db,
    user,
    openNotes.filter((n) => changed.has(n.targetKey)),
  );
}
