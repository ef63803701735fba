import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import type { MultipartSpec } from '../../shared/contracts/uploads';
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

/**
 * The parts of a multipart request, in arrival order, with the route's limits. Refuses a body that is
 * not multipart (400 with the spec's message); a body the parser cannot read fails with `uploadError`.
 */
export async function* readParts(
  request: FastifyRequest,
  spec: MultipartSpec,
): AsyncGenerator<Multipart> {
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
