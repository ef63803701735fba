import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FileStore } from '../../storage/file-store';
import { storeUpload, type StoredUpload } from '../../storage/upload';
import { AppError, badRequest, tooLarge } from '../../lib/app-error';
import { LIMITS, MB, sanitizeFileName } from '../../../shared/limits';
import { parseOrFields } from '../../lib/zod-fields';
import { DATA_FIELD, PROFILE_PIC_FIELD, PROFILE_UPLOAD } from '../../../shared/contracts/users';
import { readParts } from '../../storage/multipart';

export const PROFILE_PIC_PREFIX = 'profile-pics';

/** @fastify/multipart cuts a file at its size limit and throws its own error, from the part or the iterator. */
const isMultipartTooLarge = (err: unknown) =>
  (err as { code?: string } | undefined)?.code === 'FST_REQ_FILE_TOO_LARGE';

function picTooLarge(fileName: string) {
  const message = `${sanitizeFileName(fileName)} is larger than ${LIMITS.profilePicBytes / MB}MB`;
  return tooLarge(message, { [PROFILE_PIC_FIELD]: message });
}

/**
 * Reads a multipart form of a `data` JSON part and an optional `profile_pic` (signup, My Account).
 * The picture streams into the store as it arrives (type by content, size limit); when anything is
 * wrong, every invalid field is reported at once (400) and the stored picture is removed.
 * The caller owns `pic` afterwards and must delete it if it fails later.
 */
export async function readProfileForm<S extends z.ZodType>(
  request: FastifyRequest,
  files: FileStore,
  schema: S,
): Promise<{ data: z.infer<S>; pic?: StoredUpload }> {
  let raw: unknown;
  let sawData = false;
  let pic: StoredUpload | undefined;
  let picError: AppError | undefined;
  let picName = 'picture';
  try {
    for await (const part of readParts(request, PROFILE_UPLOAD)) {
      if (part.type === 'refused') throw part.error; // PROFILE_UPLOAD refuses none
      if (part.type === 'fieldFile') {
        part.file.file.resume();
        continue;
      }
      if (part.type === 'file') {
        // A second picture is skipped.
        if (part.over) {
          part.file.file.resume();
          continue;
        }
        picName = part.file.filename;
        try {
          pic = await storeUpload(files, part.file.file, {
            rule: part.accepts,
            field: part.name,
            fileName: part.file.filename,
            prefix: PROFILE_PIC_PREFIX,
          });
        } catch (err) {
          if (isMultipartTooLarge(err)) throw picTooLarge(picName);
          if (!(err instanceof AppError)) throw err;
          picError = err;
        }
      } else {
        sawData = true;
        try {
          raw = JSON.parse(String(part.value));
        } catch {
          throw badRequest(`The "${DATA_FIELD}" part is not valid JSON`);
        }
      }
    }
    if (!sawData) throw badRequest(`The "${DATA_FIELD}" part is missing`);
    const parsed = parseOrFields(schema, raw);
    if (!parsed.ok) {
      const fields = { ...parsed.fields, ...picError?.fields };
      throw badRequest(Object.values(fields)[0] ?? 'Invalid request', fields);
    }
    if (picError) throw picError;
    return { data: parsed.data, pic };
  } catch (err) {
    if (pic) await files.delete(pic.key).catch(() => undefined);
    if (isMultipartTooLarge(err)) throw picError ?? picTooLarge(picName);
    throw err;
  }
}
