import crypto from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { FileKind } from '../../../shared/contracts/files';
import type { PublishedPattern } from '../../../shared/contracts/pattern-published';
import { publishedVersions } from '../published';
import {
  CUSTOM_ATTRIBUTES,
  imageExt,
  type CustomField,
  type SourceImage,
  type SourcePattern,
} from './mapping';
import * as repo from './source.repo';
import type { FileRow, PatternPage } from './source.repo';

/**
 * THE ONE PLACE the storefront reads a pattern's content: the working copy for staging (where the
 * publisher checks what was sent to review), the published version (`pattern_published_versions`,
 * written at publish: what was reviewed) for production and the archive download, so an edit after
 * publishing never reaches production before it is published in turn.
 */
export type Selection = { ids: number[] } | { where: SQL | undefined };

/**
 * Which content: the working copy, or the live published versions (features/published) —
 * 'published or working' (the archive download) takes the working copy of a selected pattern that
 * has none.
 */
export type SourceVersion = 'working' | 'published' | 'published or working';

const PAGE = 500;
const IMAGE_KINDS: FileKind[] = ['Main_Hero_Image', 'Hero_Images', 'Size_Chart', 'Sketch_Image'];

/** Patterns of the selection in ID order, a page at a time (keyset: no page re-reads an offset). */
export async function* sourcePages(
  deps: AppDeps,
  sel: Selection,
  pageSize = PAGE,
  /** 'published' (production, the archive): the live published versions; patterns without one are left out. */
  version: SourceVersion = 'working',
): AsyncGenerator<SourcePattern[]> {
  const db = deps.database.db;
  const ids = 'ids' in sel ? [...new Set(sel.ids)].sort((a, b) => a - b) : null;
  let after = 0;
  for (;;) {
    let page: PatternPage;
    if (ids) {
      const chunk = ids.filter((id) => id > after).slice(0, pageSize);
      if (!chunk.length) return;
      page = { ids: chunk };
    } else page = { where: 'where' in sel ? sel.where : undefined, after };
    const rows = await repo.sourcePatternPage(db, page, pageSize);
    if (!rows.length) return;
    after = rows[rows.length - 1]!.ID;
    if (version === 'working') {
      yield await withSizesAndFiles(deps, rows);
    } else {
      const live = await fromPublished(
        deps,
        rows.map((r) => r.ID),
      );
      const have = new Set(live.map((p) => p.ID));
      const rest = version === 'published or working' ? rows.filter((r) => !have.has(r.ID)) : [];
      yield rest.length
        ? [...live, ...(await withSizesAndFiles(deps, rest))].sort((a, b) => a.ID - b.ID)
        : live;
    }
    if (!ids && rows.length < pageSize) return;
  }
}

type Row = {
  ID: number;
  productId: string;
  name: string;
  brandName: string;
  description: string | null;
  details: string | null;
  price: string | null;
} & Record<CustomField, string | null>;

async function withSizesAndFiles(deps: AppDeps, rows: Row[]): Promise<SourcePattern[]> {
  const db = deps.database.db;
  const ids = rows.map((r) => r.ID);
  const sizeRows = await repo.sizesOfPatterns(db, ids);
  const files = await repo.filesOfPatterns(db, ids, [...IMAGE_KINDS, 'pattern_pdf_file']);
  const pdfBySize = await pdfsBySize(deps, files);
  return rows.map((r) => {
    const fields = Object.fromEntries(
      Object.keys(CUSTOM_ATTRIBUTES).map((k) => [k, r[k as CustomField]]),
    ) as Record<CustomField, string | null>;
    return {
      ID: r.ID,
      productId: r.productId,
      name: r.name,
      brandName: r.brandName,
      description: r.description,
      details: r.details,
      price: r.price,
      fields,
      sizes: sizeRows
        .filter((s) => s.patternId === r.ID)
        .map((s) => ({
          variationId: s.variationId,
          view: s.view,
          size: s.size,
          pdf: pdfBySize.get(s.ID) ?? null,
        })),
      images: imagesOf(files, r.ID),
    };
  });
}

/**
 * The live published versions of these patterns as the archive carries them: fields and sizes as
 * they were reviewed, files by the references the version holds — their content keys, which stay
 * stored while the version names them even after an edit replaced the rows (ADR 009).
 */
async function fromPublished(deps: AppDeps, ids: number[]): Promise<SourcePattern[]> {
  const versions = (await publishedVersions(deps.database.db, ids)).filter((v) => v.live);
  // Each file as the version holds it (key, SHA-256, thumbnails); its row only for a reference
  // written before migration 0021 gave versions their keys.
  const files: FileRow[] = versions.flatMap((v) => [
    ...v.files.map((f) => publishedFileRow(v.ID, null, f)),
    ...v.sizes.flatMap((s) => s.files.map((f) => publishedFileRow(v.ID, s.ID, f))),
  ]);
  const keyless = files.filter((f) => !f.storageKey).map((f) => f.id);
  const rows = keyless.length ? await repo.filesById(deps.database.db, keyless) : [];
  const withKeys = files.flatMap((f) =>
    f.storageKey ? [f] : rows.filter((r) => r.id === f.id).map((r) => ({ ...r, sizeId: f.sizeId })),
  );
  const pdfBySize = await pdfsBySize(deps, withKeys);
  return versions.map((v) => {
    const f = v.fields;
    const fields = Object.fromEntries(
      Object.keys(CUSTOM_ATTRIBUTES).map((k) => [k, f[k as CustomField]]),
    ) as Record<CustomField, string | null>;
    return {
      ID: v.ID,
      productId: f.SFCC_Pattern_ID,
      name: f.Pattern_Name,
      brandName: f.brandName,
      description: f.Pattern_Description,
      details: f.Technical_Details,
      price: f.Price === null ? null : String(f.Price),
      fields,
      sizes: v.sizes.map((s) => ({
        variationId: s.VariationID,
        view: s.pattern_view,
        size: s.Size,
        pdf: pdfBySize.get(s.ID) ?? null,
      })),
      images: imagesOf(withKeys, v.ID),
    };
  });
}

function publishedFileRow(
  patternId: number,
  sizeId: number | null,
  f: PublishedPattern['files'][number],
): FileRow {
  return {
    id: f.id,
    patternId,
    sizeId,
    kind: f.kind,
    storageKey: f.key ?? '',
    sha256: f.sha256 ?? null,
    thumbnails: f.thumbnails ?? false,
    contentType: f.contentType,
  };
}

async function pdfsBySize(deps: AppDeps, files: FileRow[]) {
  const pdfBySize = new Map<number, { fileId: number; sha256: string }>();
  for (const f of files) {
    if (f.kind !== 'pattern_pdf_file' || f.sizeId === null) continue;
    const sha256 = f.sha256 ?? (await hashFile(deps, f.id, f.storageKey));
    pdfBySize.set(f.sizeId, { fileId: f.id, sha256 });
  }
  return pdfBySize;
}

function imagesOf(files: FileRow[], patternId: number): SourceImage[] {
  return files
    .filter((f) => f.patternId === patternId && f.thumbnails && IMAGE_KINDS.includes(f.kind))
    .map((f) => ({
      fileId: f.id,
      kind: f.kind,
      storageKey: f.storageKey,
      ext: imageExt(f.contentType),
    }));
}

/** A pattern PDF's SHA-256, streamed from the store once and kept (files are never rewritten in place). */
async function hashFile(deps: AppDeps, fileId: number, key: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of await deps.files.get(key)) hash.update(chunk as Buffer);
  const sha256 = hash.digest('hex');
  await repo.saveFileHash(deps.database.db, fileId, sha256);
  return sha256;
}
