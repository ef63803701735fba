import type { Readable } from 'node:stream';
import type { AppDeps, AuthUser } from '../../context';
import { canSeeBrand } from '../../lib/scope';
import { notFound } from '../../lib/app-error';
import { FILE_PATHS, type FileKind, type PatternFile } from '../../../shared/contracts/files';
import { sanitizeFileName } from '../../../shared/limits';
import * as repo from './files.repo';

/** A file row as responses describe it. */
export function toPatternFile(row: {
  id: number;
  kind: FileKind;
  sizeId: number | null;
  fileName: string;
  contentType: string;
  byteSize: number;
}): PatternFile {
  return {
    id: row.id,
    kind: row.kind,
    sizeId: row.sizeId,
    fileName: row.fileName,
    contentType: row.contentType,
    byteSize: row.byteSize,
    url: FILE_PATHS.download(row.id),
  };
}

/** Opens a file for a signed-in user; another brand's file, or a missing object, is 404. */
export async function openForDownload(deps: AppDeps, user: AuthUser, id: number) {
  const row = await repo.findFileWithBrand(deps.database.db, id);
  if (!row || !canSeeBrand(user, row.brandId)) throw notFound('File');
  let stream: Readable;
  try {
    stream = await deps.files.get(row.storageKey);
  } catch {
    throw notFound('File');
  }
  return {
    stream,
    fileName: sanitizeFileName(row.fileName),
    contentType: row.contentType,
    byteSize: row.byteSize,
  };
}

/** `attachment` (or `inline`) with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string, inline = false): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
