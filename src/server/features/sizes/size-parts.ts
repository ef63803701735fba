import { unknownFileError, type PartsOf } from '../../storage/multipart';
import { badRequest } from '../../lib/app-error';
import { deleteObjects, storePatternFile, type ObjectDeps, type StoredPatternFile } from '../files';
import { SIZE_MSG, SIZE_PARTS, SIZE_UPLOAD } from '../../../shared/contracts/sizes';

export interface SizeParts {
  /** The size's fields, from the `data` JSON part (or one text part per field); undefined when none came. */
  data?: Record<string, unknown>;
  pdf?: StoredPatternFile;
}

const badData = () => badRequest(SIZE_MSG.badData, { [SIZE_PARTS.data]: SIZE_MSG.badData });

/**
 * Reads the add/update multipart (SIZE_UPLOAD): `data` (JSON of the fields) and `pattern_pdf_file`,
 * in any order. The PDF streams into the store as it arrives (type and size checked); if anything
 * fails afterwards the caller deletes `pdf` (deleteObjects), and if reading fails here it is deleted here.
 */
export async function readSizeParts(
  files: ObjectDeps,
  parts: PartsOf<typeof SIZE_UPLOAD>,
): Promise<SizeParts> {
  const out: SizeParts = {};
  try {
    for await (const part of parts) {
      if (part.type === 'refused') throw part.error;
      if (part.type === 'file') {
        out.pdf = await storePatternFile(files, part.file, {
          kind: 'pattern_pdf_file',
          field: SIZE_PARTS.pdf,
        });
        continue;
      }
      if (part.type === 'fieldFile') {
        part.file.file.resume();
        throw unknownFileError(part.name); // the fields come as text
      }
      if (part.name === SIZE_PARTS.data) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(part.value));
        } catch {
          throw badData();
        }
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badData();
        out.data = { ...out.data, ...(parsed as Record<string, unknown>) };
      } else {
        out.data = { ...out.data, [part.name]: part.value };
      }
    }
  } catch (err) {
    if (out.pdf) await deleteObjects(files, [out.pdf]);
    throw err;
  }
  return out;
}
