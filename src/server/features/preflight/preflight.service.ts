import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { DbOrTx } from '../../db/client';
import type { AppDeps, AuthUser } from '../../context';
import type { FileStore } from '../../storage/file-store';
import { AppError, notFound } from '../../lib/app-error';
import { canSeeBrand } from '../../lib/scope';
import { ERROR_CODES } from '../../../shared/errors';
import { PDF_MIME_TYPE } from '../../../shared/limits';
import type { PatternFile } from '../../../shared/contracts/files';
import {
  PREFLIGHT_MSG,
  THUMBNAIL_SIZES,
  type FileCheck,
  type PreflightWarning,
  type ThumbnailSize,
} from '../../../shared/contracts/preflight';
import { readPdfFacts } from './pdf-facts';
import { checkPhoto } from './photo-check';
import { panelWarnings, preflightWarnings } from './preflight-rules';
import * as repo from './preflight.repo';
import { preflightDuration } from '../../lib/metrics';

/** Thumbnails live beside their file under derived keys: deleting or sweeping a file's key covers them (files.service). */
export const thumbnailKey = (key: string, size: ThumbnailSize) => `${key}.${size}.webp`;
const THUMB_SUFFIX = new RegExp(`\\.(${Object.keys(THUMBNAIL_SIZES).join('|')})\\.webp$`);
/** The file key a thumbnail key belongs to (a file key itself answers itself). */
export const baseKeyOf = (key: string) => key.replace(THUMB_SUFFIX, '');
export const isThumbnailKey = (key: string) => THUMB_SUFFIX.test(key);
/** A file's key and its thumbnails' keys, for deletion. */
export const withThumbnailKeys = (keys: string[]) =>
  keys.flatMap((k) => [
    k,
    ...Object.keys(THUMBNAIL_SIZES).map((s) => thumbnailKey(k, s as ThumbnailSize)),
  ]);

async function readObject(store: FileStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await store.get(key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const asBuffer = (a: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

const refused = (message: string, field: string) =>
  new AppError(422, ERROR_CODES.validation, message, { [field]: message });

/** What the preflight found, and what it made: thumbnails, and a photo's cleaned copy. */
export interface PreflightOutcome {
  check: FileCheck;
  /** The photo as it must be stored, when it had to be cleaned (orientation, metadata, CMYK). */
  cleaned?: Buffer;
  thumbnails?: Record<ThumbnailSize, Buffer>;
}

/**
 * The upload preflight, called where a stored upload is accepted (any upload reader): reads the
 * stored object by its key and detected type, and answers what it found, or refuses it (422 with
 * the message at `field`) when it cannot be opened. It writes nothing: the caller stores the
 * cleaned copy (if any) and the thumbnails under the file's content key (files.service).
 */
export async function preflightStoredUpload(
  store: FileStore,
  stored: { key: string; fileName: string; contentType: string },
  field: string,
  opts: PreflightOptions = {},
): Promise<PreflightOutcome> {
  const took = preflightDuration.startTimer({
    type: stored.contentType === PDF_MIME_TYPE ? 'pdf' : 'photo',
  });
  try {
    const r = await checkStoredUpload(store, stored, field, opts);
    took({ outcome: 'checked' });
    return r;
  } catch (err) {
    took({ outcome: 'refused' });
    throw err;
  }
}

interface PreflightOptions {
  /**
   * 'later': a PDF's facts only (about a tenth of the check: drawing the first page is the rest);
   * its check says `thumbnailsPending` and the caller queues drawPdfThumbnails (the create form).
   */
  pdfThumbnails?: 'now' | 'later';
}

async function checkStoredUpload(
  store: FileStore,
  stored: { key: string; fileName: string; contentType: string },
  field: string,
  opts: PreflightOptions,
): Promise<PreflightOutcome> {
  const bytes = await readObject(store, stored.key);
  if (stored.contentType === PDF_MIME_TYPE) {
    const later = opts.pdfThumbnails === 'later';
    const r = await readPdfFacts(bytes, {}, { firstPage: !later });
    if ('refusal' in r)
      throw refused(
        r.refusal === 'password'
          ? PREFLIGHT_MSG.password(stored.fileName)
          : PREFLIGHT_MSG.damaged(stored.fileName),
        field,
      );
    if (later) return { check: { ...r.check, thumbnails: false, thumbnailsPending: true } };
    // The first page's thumbnails (made by the checker) when it could be drawn within the budget;
    // else none (the browser draws it).
    const thumbs = r.firstPage?.thumbnails;
    return {
      check: { ...r.check, thumbnails: Boolean(thumbs) },
      thumbnails: thumbs && {
        small: asBuffer(thumbs.small),
        medium: asBuffer(thumbs.medium),
      },
    };
  }
  const photo = await checkPhoto(bytes, stored.contentType === 'image/png' ? 'png' : 'jpeg');
  if (!photo) throw refused(PREFLIGHT_MSG.damaged(stored.fileName), field);
  return { check: photo.check, thumbnails: photo.thumbnails, cleaned: photo.cleaned ?? undefined };
}

/** Stores thumbnails under a file's key (`<key>.small.webp`, …). */
export async function putThumbnails(
  store: FileStore,
  key: string,
  thumbs: Record<ThumbnailSize, Buffer>,
): Promise<void> {
  for (const size of Object.keys(thumbs) as ThumbnailSize[])
    await store.put(thumbnailKey(key, size), Readable.from([thumbs[size]]), 'image/webp');
}

export const recordChecks = repo.insertChecks;

/**
 * Draws the first page of stored PDFs whose upload answered before it (`pdfThumbnails: 'later'`),
 * one after another on the PDF checker, stores the thumbnails beside each and settles the checks
 * of every file row naming that object: `thumbnails` true when it could be drawn within the
 * budget, pending no more either way. A PDF gone meanwhile (its pattern deleted) is skipped.
 */
export async function drawPdfThumbnails(
  deps: { database: { db: DbOrTx }; files: FileStore },
  keys: string[],
): Promise<void> {
  for (const key of new Set(keys)) {
    let drawn = await deps.files.exists(thumbnailKey(key, 'small'));
    if (!drawn) {
      if (!(await deps.files.exists(key))) continue;
      const r = await readPdfFacts(await readObject(deps.files, key), {}, { firstPage: true });
      const thumbs = 'check' in r ? r.firstPage?.thumbnails : undefined;
      if (thumbs) {
        await putThumbnails(deps.files, key, {
          small: asBuffer(thumbs.small),
          medium: asBuffer(thumbs.medium),
        });
        drawn = true;
      }
    }
    await repo.settlePendingThumbnails(deps.database.db, key, drawn);
  }
}

export interface PatternPreflight {
  checks: Map<number, FileCheck>;
  /** Every file's warnings. */
  warnings: PreflightWarning[];
  /** What the pattern's status panel lists: a PDF several sizes share warned about once. */
  panel: PreflightWarning[];
}

/** What the checks of a pattern's files found, and the publisher's warnings about them. */
export async function patternPreflight(
  db: DbOrTx,
  pattern: { ID: number; Is_Printable: string | null },
): Promise<PatternPreflight> {
  return preflightOfFiles(await repo.filesWithChecks(db, pattern.ID), pattern);
}

/** A pattern's file as `patternPreflight` reads it: the file, its size's names, its check. */
type PreflightFileRow = Awaited<ReturnType<typeof repo.filesWithChecks>>[number];

/**
 * `patternPreflight` of the rows a caller read itself (the save reads them in its UPDATE's
 * RETURNING, patterns/detail.repo.ts): every file of the pattern in `id` order.
 */
export function preflightOfFiles(
  rows: PreflightFileRow[],
  pattern: { Is_Printable: string | null },
): PatternPreflight {
  const checks = new Map<number, FileCheck>();
  for (const r of rows) if (r.check) checks.set(r.id, r.check);
  const warnings = preflightWarnings(
    rows.map(({ sizeId, Size, pattern_view, ...r }) => ({
      ...r,
      check: r.check ?? null,
      size:
        sizeId != null && Size != null ? { ID: sizeId, Size, pattern_view: pattern_view! } : null,
    })),
    { printable: pattern.Is_Printable === 'Yes' },
  );
  return { checks, warnings, panel: panelWarnings(warnings) };
}

/** The file as responses describe it, with its check and its warnings. */
export function withPreflight(file: PatternFile, pf: PatternPreflight): PatternFile {
  return {
    ...file,
    check: pf.checks.get(file.id) ?? null,
    warnings: pf.warnings.filter((w) => w.fileId === file.id).map((w) => w.message),
  };
}

/**
 * A thumbnail for a signed-in user of the file's brand. Its ETag names the stored file: a file is
 * never changed in place (a replacement is a new file), so the thumbnail can be cached for a year.
 */
export async function openThumbnail(
  deps: AppDeps,
  user: AuthUser,
  fileId: number,
  size: ThumbnailSize,
) {
  const row = await repo.thumbnailSource(deps.database.db, fileId);
  // A photo's, or a PDF's first page (when it could be drawn).
  if (!row || !canSeeBrand(user, row.brandId) || !row.check.thumbnails) throw notFound('Thumbnail');
  const etag = `"${crypto.createHash('sha256').update(row.storageKey).digest('base64url').slice(0, 22)}-${size}"`;
  return { etag, open: () => deps.files.get(thumbnailKey(row.storageKey, size)) };
}
