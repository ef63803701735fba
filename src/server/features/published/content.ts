import type { DbOrTx } from '../../db/client';
import { PATTERN_LABELS } from '../../../shared/contracts/patterns';
import { FILE_LABELS } from '../../../shared/contracts/files';
import type { PublishedContent, PublishedFile } from '../../../shared/contracts/pattern-published';
import { SIZE_LABELS } from '../../../shared/contracts/sizes';
import type { Change } from '../../../shared/contracts/lifecycle';
import { priceToApi, priceToDb, type PatternRow } from '../patterns';
import * as repo from './content.repo';
import { sha256OfKey } from '../files';

/**
 * The pattern as a reviewer saw it: fields, files and sizes as plain labelled values. Saved when a
 * review ends (published or sent back); "Changed since last review" compares the pattern now with it.
 */
export interface ReviewSnapshot {
  fields: Record<string, string | null>;
  files: Record<string, { label: string; fileName: string }>;
  sizes: Record<string, { label: string; fields: Record<string, string | null> }>;
}

const str = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
const sizeLabel = (s: { pattern_view: string; Size: string }) => `${s.pattern_view} / ${s.Size}`;
const { Brand: _brand, ...FIELD_LABELS } = PATTERN_LABELS;
const SIZE_FIELD_KEYS = Object.keys(SIZE_LABELS).filter((k) => !/_(Status|Error)$/.test(k)); // service results, not content

/** The size fields stored with a published version besides view, size and VariationID. */
const SIZE_CONTENT_KEYS = SIZE_FIELD_KEYS.filter(
  (k) => k !== 'pattern_view' && k !== 'Size' && k !== 'VariationID',
);
const PUBLISHED_FIELD_KEYS = Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[];

/**
 * The pattern's content as it is now, typed: fields, sizes with their files, pattern-level files.
 * What publishing stores as the published version, and what the review snapshot labels.
 */
export async function readContent(db: DbOrTx, p: PatternRow): Promise<PublishedContent> {
  const [files, sizeRows] = [
    await repo.snapshotFiles(db, p.ID),
    await repo.snapshotSizes(db, p.ID),
  ];
  const ref = (f: (typeof files)[number]): PublishedFile => ({
    id: f.id,
    kind: f.kind,
    fileName: f.fileName,
    contentType: f.contentType,
    byteSize: f.byteSize,
    // The object itself (ADR 009): the version keeps it stored after an edit replaces the row.
    key: f.key,
    ...(sha256OfKey(f.key) ? { sha256: sha256OfKey(f.key) } : {}),
    thumbnails: f.thumbnails,
  });
  const fields = { Brand: p.brandId, brandName: p.brandName } as PublishedContent['fields'];
  for (const k of PUBLISHED_FIELD_KEYS)
    (fields as Record<string, unknown>)[k] = k === 'Price' ? priceToApi(p.Price) : p[k];
  return {
    fields,
    sizes: sizeRows.map((s) => ({
      ID: s.ID,
      VariationID: s.VariationID,
      pattern_view: s.pattern_view,
      Size: s.Size,
      fields: Object.fromEntries(
        SIZE_CONTENT_KEYS.map((k) => [
          k,
          (s as unknown as Record<string, string | null>)[k] ?? null,
        ]),
      ),
      files: files.filter((f) => f.sizeId === s.ID).map(ref),
    })),
    files: files.filter((f) => f.sizeId === null).map(ref),
  };
}

/** Content (now, or a published version) as the labelled snapshot the review diff compares. */
export function snapshotOf(c: PublishedContent): ReviewSnapshot {
  const fields: ReviewSnapshot['fields'] = { Brand: c.fields.brandName };
  for (const k of PUBLISHED_FIELD_KEYS) {
    const v = c.fields[k];
    fields[k] = k === 'Price' && typeof v === 'number' ? priceToDb(v) : str(v);
  }
  const files: ReviewSnapshot['files'] = {};
  const sizes: ReviewSnapshot['sizes'] = {};
  for (const f of c.files)
    files[String(f.id)] = { label: FILE_LABELS[f.kind], fileName: f.fileName };
  for (const s of c.sizes) {
    const label = sizeLabel(s);
    const all: Record<string, string | null> = {
      pattern_view: s.pattern_view,
      Size: s.Size,
      VariationID: s.VariationID,
      ...s.fields,
    };
    sizes[String(s.ID)] = {
      label,
      fields: Object.fromEntries(SIZE_FIELD_KEYS.map((k) => [k, str(all[k])])),
    };
    for (const f of s.files)
      files[String(f.id)] = {
        label: `${FILE_LABELS[f.kind]} of size ${label}`,
        fileName: f.fileName,
      };
  }
  return { fields, files, sizes };
}

export async function takeSnapshot(db: DbOrTx, p: PatternRow): Promise<ReviewSnapshot> {
  return snapshotOf(await readContent(db, p));
}

/** What differs between the reviewed version and now: each field, file and size with before and after. */
export function diffSnapshots(before: ReviewSnapshot, after: ReviewSnapshot): Change[] {
  const out: Change[] = [];
  for (const k of ['Brand', ...Object.keys(FIELD_LABELS)]) {
    if (before.fields[k] !== after.fields[k]) {
      out.push({
        targetType: 'field',
        targetKey: k,
        label: PATTERN_LABELS[k as keyof typeof PATTERN_LABELS],
        before: before.fields[k] ?? null,
        after: after.fields[k] ?? null,
      });
    }
  }
  for (const id of new Set([...Object.keys(before.files), ...Object.keys(after.files)])) {
    const b = before.files[id];
    const a = after.files[id];
    if (!b || !a)
      out.push({
        targetType: 'file',
        targetKey: id,
        label: (a ?? b)!.label,
        before: b?.fileName ?? null,
        after: a?.fileName ?? null,
      });
  }
  for (const id of new Set([...Object.keys(before.sizes), ...Object.keys(after.sizes)])) {
    const b = before.sizes[id];
    const a = after.sizes[id];
    if (!b || !a) {
      out.push({
        targetType: 'size',
        targetKey: id,
        label: `Size ${(a ?? b)!.label}`,
        before: b ? 'present' : null,
        after: a ? 'present' : null,
      });
      continue;
    }
    for (const k of SIZE_FIELD_KEYS) {
      if (b.fields[k] !== a.fields[k]) {
        out.push({
          targetType: 'size',
          targetKey: id,
          label: `Size ${a.label}: ${SIZE_LABELS[k as keyof typeof SIZE_LABELS]}`,
          before: b.fields[k] ?? null,
          after: a.fields[k] ?? null,
        });
      }
    }
  }
  return out;
}
