import crypto from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { FileStore } from './file-store';
import { IMAGE_MIME_TYPES, LIMITS, MB, PDF_MIME_TYPE, sanitizeFileName } from '../../shared/limits';
import { tooLarge, unsupportedType } from '../lib/app-error';
import { uploadError } from './multipart';

export type UploadRule = 'pdf' | 'image' | 'sheet' | 'zip';

export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_MIME_TYPE = 'text/csv';

/** `text`: content no sniffer recognises (CSV) is accepted as this type when its first bytes hold no NUL. */
export const UPLOAD_RULES: Record<
  UploadRule,
  {
    maxBytes: number;
    /** The first is the type a stored file is given when no sniffer named one. */
    mimes: readonly [string, ...string[]];
    describe: string;
    text?: string;
  }
> = {
  pdf: { maxBytes: LIMITS.patternPdfBytes, mimes: [PDF_MIME_TYPE], describe: 'a PDF' },
  image: { maxBytes: LIMITS.imageBytes, mimes: IMAGE_MIME_TYPES, describe: 'a JPG or PNG image' },
  // Bulk import (features/imports): the caller passes the configured maxBytes.
  sheet: {
    maxBytes: 20 * MB,
    mimes: [XLSX_MIME_TYPE, 'application/zip'],
    describe: 'a CSV or XLSX sheet',
    text: CSV_MIME_TYPE,
  },
  zip: { maxBytes: 1024 * MB, mimes: ['application/zip'], describe: 'a ZIP file' },
};

export interface StoredUpload {
  key: string;
  fileName: string;
  contentType: string;
  byteSize: number;
  /** The SHA-256 (hex) of the stored bytes, computed as they streamed through. */
  sha256: string;
}

const SNIFF_BYTES = 4100;

/**
 * Counts bytes and checks the content type from the first bytes while the data streams through;
 * fails with 413 at the limit and 415 when the content is not what the field accepts.
 */
class GuardStream extends Transform {
  bytes = 0;
  readonly hash = crypto.createHash('sha256');
  detected?: string;
  private head: Buffer[] = [];
  private headBytes = 0;

  constructor(
    private readonly rule: (typeof UPLOAD_RULES)[UploadRule],
    private readonly field: string,
    private readonly fileName: string,
  ) {
    super();
  }

  private async sniff(): Promise<void> {
    const head = Buffer.concat(this.head);
    // file-type loads on first use (docs/benchmarks.md, "Memory": what an idle server holds).
    const { fileTypeFromBuffer } = await import('file-type');
    const type = await fileTypeFromBuffer(head);
    if (!type && this.rule.text && !head.includes(0)) {
      this.detected = this.rule.text;
      this.push(head);
      this.head = [];
      return;
    }
    if (!type || !this.rule.mimes.includes(type.mime)) {
      throw unsupportedType(`${this.fileName} is not ${this.rule.describe}`, {
        [this.field]: `${this.fileName} is not ${this.rule.describe}`,
      });
    }
    this.detected = type.mime;
    this.push(head);
    this.head = [];
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.rule.maxBytes) {
      const limit = `${this.rule.maxBytes / MB}MB`;
      cb(
        tooLarge(`${this.fileName} is larger than ${limit}`, {
          [this.field]: `${this.fileName} is larger than ${limit}`,
        }),
      );
      return;
    }
    this.hash.update(chunk);
    if (this.detected) {
      cb(null, chunk);
      return;
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) {
      cb();
      return;
    }
    this.sniff().then(() => cb(), cb);
  }

  override _flush(cb: TransformCallback): void {
    if (this.detected) {
      cb();
      return;
    }
    if (this.headBytes === 0) {
      cb(
        unsupportedType(`${this.fileName} is empty`, { [this.field]: `${this.fileName} is empty` }),
      );
      return;
    }
    this.sniff().then(() => cb(), cb);
  }
}

/** The extensions of each accepted type; the first is the one given to a name that has none of them. */
const EXTENSIONS: Record<string, string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
};

/**
 * The name a stored file keeps: its own extension when that matches the detected type, otherwise
 * the type's (`photo.html` holding a PNG becomes `photo.png`), so a download opened from disk
 * opens as what it is.
 */
export function withDetectedExtension(fileName: string, mime: string): string {
  const exts = EXTENSIONS[mime];
  if (!exts) return fileName;
  const dot = fileName.lastIndexOf('.');
  const ext = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  if (exts.includes(ext)) return fileName;
  const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
  return `${stem}.${exts[0]}`;
}

export function newStorageKey(prefix: string): string {
  return `${prefix}/${new Date().toISOString().slice(0, 7)}/${crypto.randomUUID()}`;
}

/**
 * Streams one uploaded file into the store under a generated key (never the user's name), hashing
 * it as it goes (pattern files then move to their content key: features/files),
 * checking type by content and size as it goes. On any failure nothing is left in the store and
 * the error is an AppError naming the field.
 */
export async function storeUpload(
  files: FileStore,
  source: Readable,
  opts: { rule: UploadRule; field: string; fileName: string; prefix: string; maxBytes?: number },
): Promise<StoredUpload> {
  const rule = opts.maxBytes
    ? { ...UPLOAD_RULES[opts.rule], maxBytes: opts.maxBytes }
    : UPLOAD_RULES[opts.rule];
  const fileName = sanitizeFileName(opts.fileName);
  const guard = new GuardStream(rule, opts.field, fileName);
  const key = newStorageKey(opts.prefix);
  // The store's pipeline reports the guard's failure; this listener keeps a late second emit from going uncaught.
  guard.on('error', () => undefined);
  source.on('error', (err) => guard.destroy(uploadError(err) as Error)); // a body cut off mid-file is bad input, not a fault
  // @fastify/multipart marks a stream truncated at its own global limit: treat as too large.
  source.on('limit', () =>
    guard.destroy(
      tooLarge(`${fileName} is too large`, { [opts.field]: `${fileName} is too large` }),
    ),
  );
  try {
    await files.put(key, source.pipe(guard), rule.mimes[0]);
  } catch (err) {
    await files.delete(key).catch(() => undefined);
    source.resume(); // drain the rest of this part so the request can finish
    throw err;
  }
  const contentType = guard.detected ?? rule.mimes[0];
  return {
    key,
    fileName: withDetectedExtension(fileName, contentType),
    contentType,
    byteSize: guard.bytes,
    sha256: guard.hash.digest('hex'),
  };
}
