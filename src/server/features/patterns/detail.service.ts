import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../context';
import { brandScope } from '../../lib/scope';
import { notFound } from '../../lib/app-error';
import { MSG } from '../../../shared/messages';
import type { MissingItem, PatternDetail } from '../../../shared/contracts/pattern-detail';
import { toPatternFile } from '../files';
import { patternPreflight, preflightOfFiles, withPreflight } from '../preflight';
import * as repo from './detail.repo';
import type { SaveParts } from './save.repo';
import { toDetailFields } from './pattern-shape';
import { recordPatternEvent } from '../../events/pattern-events';

type PatternPreflight = ReturnType<typeof preflightOfFiles>;

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
  return detailOf(p, files, missing, sizesCount, await patternPreflight(db, p));
}

/**
 * The detail call's answer of the pattern written by a save, from what its UPDATE read
 * (`SaveParts`, save.repo.ts): the same answer `buildDetail` gives, without reading again.
 */
export function savedDetail(p: repo.PatternRow, parts: SaveParts): PatternDetail {
  // The pattern's own files (not a size's PDF) in upload order, as listPatternFiles reads them.
  const files = parts.files.filter((f) => f.sizeId === null);
  const preflight = preflightOfFiles(
    parts.files.map((f) => ({
      id: f.id,
      kind: f.kind,
      fileName: f.fileName,
      storageKey: f.storageKey,
      sizeId: f.sizeId,
      Size: f.Size,
      pattern_view: f.pattern_view,
      check: f.check,
    })),
    p,
  );
  return detailOf(p, files, missingItems(p, parts.sizes), parts.sizes.length, preflight);
}

function detailOf(
  p: repo.PatternRow,
  files: repo.FileRow[],
  missing: MissingItem[],
  sizesCount: number,
  preflight: PatternPreflight,
): PatternDetail {
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
