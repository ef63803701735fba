import type { FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { fileSpecOf, type FileRule, type MultipartSpec } from '../../shared/contracts/uploads';
import { AppError, badRequest, tooLarge } from '../lib/app-error';

/**
 * The one upload reader: every multipart route reads its body through `readParts`, with the part
 * layout its contract declares (src/shared/contracts/uploads.ts). Files then stream to the store
 * through `storeUpload` (./upload.ts). Failures of the body itself map to one answer here.
 */

/** The answer for a multipart body the parser cannot read (no boundary, a broken one, cut off, too many parts). */
export function uploadError(err: unknown, spec?: Pick<MultipartSpec, 'messages'>): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; statusCode?: number; message?: string } | undefined;
  if (
    e?.code === 'FST_FILES_LIMIT' ||
    e?.code === 'FST_PARTS_LIMIT' ||
    e?.code === 'FST_FIELDS_LIMIT'
  )
    return tooLarge(spec?.messages?.tooManyFiles ?? 'Too many parts in the upload');
  // FST_REQ_FILE_TOO_LARGE (a 413) passes through: the reader of that part names the file and the field.
  if (e?.code === 'FST_INVALID_JSON_FIELD_ERROR') {
    const message = spec?.messages?.invalidJson ?? 'The "data" part is not valid JSON';
    return badRequest(message, { data: message });
  }
  if (e?.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return badRequest('Send the form as multipart/form-data');
  // Busboy's own errors (no or a wrong boundary, a body cut off) carry no status: bad input, not a fault.
  if (err instanceof Error && e?.statusCode === undefined && !isSystemError(err))
    return badRequest(`The upload could not be read (${err.message})`);
  return err;
}

// A failure of our own machinery (disk, network to the store) is not the client's: keep it a 500.
const isSystemError = (err: Error) =>
  typeof (err as { syscall?: unknown }).syscall === 'string' || err.name === 'S3ServiceException';

/** A part as the route's spec names it. */
export type UploadPart<T extends string = string, F extends string = string> =
  /** A declared text part (a value sent as application/json arrives parsed). */
  | { type: 'field'; name: T; value: unknown; truncated: boolean }
  /** A declared text part sent as a file (a `data` JSON file): the caller reads it whole. */
  | { type: 'fieldFile'; name: T; file: MultipartFile }
  /**
   * A declared file part. `index` is its number in a family (`pattern_pdf_file3` → 3); `over` is
   * set when more parts of its name came than the spec's `max` and the spec has no `tooMany`.
   */
  | {
      type: 'file';
      name: F;
      fieldname: string;
      index?: number;
      accepts: FileRule;
      over: boolean;
      file: MultipartFile;
    }
  /** A file part refused at its field (unknown, or one too many): already drained. */
  | { type: 'refused'; fieldname: string; error: AppError };

/** What `readParts` hands a route whose spec is `S`: a service's parameter type. */
export type PartsOf<S> = AsyncIterable<
  S extends MultipartSpec<infer T, infer F> ? UploadPart<T, F> : never
>;

/**
 * The parts of a multipart request, in arrival order, each handed over under the name the route's
 * spec declares, with the route's limits. Undeclared text parts and empty file inputs (an HTML form
 * sends a part with no file name and no bytes) are skipped; undeclared file parts are refused or
 * skipped as the spec says; a part over its `max` is refused with the spec's `tooMany`; a missing
 * `required` file is a 400 at its field once the body ended. A body that is not multipart is a 400
 * with the spec's message; one the parser cannot read fails with `uploadError`.
 */
export async function* readParts<T extends string, F extends string>(
  request: FastifyRequest,
  spec: MultipartSpec<T, F>,
): AsyncGenerator<UploadPart<T, F>> {
  const counts = new Map<string, number>();
  for await (const part of rawParts(request, spec)) {
    const fields: readonly string[] = spec.fields;
    if (part.type === 'field') {
      if (fields.includes(part.fieldname))
        yield {
          type: 'field',
          name: part.fieldname as T,
          value: part.value,
          truncated: part.valueTruncated,
        };
      continue;
    }
    if (fields.includes(part.fieldname)) {
      yield { type: 'fieldFile', name: part.fieldname as T, file: part };
      continue;
    }
    if (part.filename === '') {
      part.file.resume();
      continue;
    }
    const found = fileSpecOf(spec, part.fieldname);
    if (!found) {
      part.file.resume();
      if (spec.unknownFiles === 'refuse')
        yield refused(part.fieldname, unknownFileError(part.fieldname));
      continue;
    }
    const seen = counts.get(part.fieldname) ?? 0;
    counts.set(part.fieldname, seen + 1);
    const over = seen >= found.entry.max;
    if (over && found.entry.tooMany !== undefined) {
      part.file.resume();
      const message = found.entry.tooMany;
      yield refused(part.fieldname, badRequest(message, { [part.fieldname]: message }));
      continue;
    }
    yield {
      type: 'file',
      name: found.entry.name,
      fieldname: part.fieldname,
      index: found.index,
      accepts: found.entry.accepts,
      over,
      file: part,
    };
  }
  for (const entry of spec.files) {
    if (entry.required !== undefined && !entry.match && !counts.has(entry.name))
      throw badRequest(entry.required, { [entry.name]: entry.required });
  }
}

/** The 400 at the field for a file part the route does not take. */
export const unknownFileError = (fieldname: string) => {
  const message = `Unknown file field ${fieldname}`;
  return badRequest(message, { [fieldname]: message });
};

const refused = (fieldname: string, error: AppError) => ({
  type: 'refused' as const,
  fieldname,
  error,
});

/** The parser's parts with the route's limits, its failures mapped by `uploadError`. */
async function* rawParts(request: FastifyRequest, spec: MultipartSpec): AsyncGenerator<Multipart> {
  if (!request.isMultipart()) throw badRequest(spec.notMultipart);
  let parts: AsyncIterableIterator<Multipart>;
  try {
    const options = spec.limits
      ? { limits: spec.limits, throwFileSizeLimit: spec.limits.fileSize === undefined }
      : {};
    parts = request.parts(options as Parameters<typeof request.parts>[0]);
  } catch (err) {
    throw uploadError(err, spec);
  }
  try {
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (err) {
        throw uploadError(err, spec);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await parts.return?.(); // the reader stopped early (a refused part): let the parser let go of the body
  }
}
