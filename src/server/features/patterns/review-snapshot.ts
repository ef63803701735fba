import type { DbOrTx } from '../../db/client';
import { PATTERN_LABELS } from '../../../shared/contracts/patterns';
import { FILE_LABELS, type FileKind } from '../../../shared/contracts/files';
import { SIZE_LABELS } from '../../../shared/contracts/sizes';
import type { Change } from '../../../shared/contracts/review';
import type { PatternRow } from './detail.repo';
import * as repo from './review.repo';

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

export async function takeSnapshot(db: DbOrTx, p: PatternRow): Promise<ReviewSnapshot> {
  const [files, sizeRows] = [
    await repo.snapshotFiles(db, p.ID),
    await repo.snapshotSizes(db, p.ID),
  ];
  const fields: ReviewSnapshot['fields'] = { Brand: p.brandName };
  for (const k of Object.keys(FIELD_LABELS)) fields[k] = str((p as Record<string, unknown>)[k]);
  const labels = new Map(sizeRows.map((s) => [s.ID, sizeLabel(s)]));
  return {
    fields,
    files: Object.fromEntries(
      files.map((f) => [
        String(f.id),
        {
          label: f.sizeId
            ? `${FILE_LABELS[f.kind as FileKind]} of size ${labels.get(f.sizeId) ?? ''}`
            : FILE_LABELS[f.kind as FileKind],
          fileName: f.fileName,
        },
      ]),
    ),
    sizes: Object.fromEntries(
      sizeRows.map((s) => [
        String(s.ID),
        {
          label: sizeLabel(s),
          fields: Object.fromEntries(
            SIZE_FIELD_KEYS.map((k) => [k, str((s as Record<string, unknown>)[k])]),
          ),
        },
      ]),
    ),
  };
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
