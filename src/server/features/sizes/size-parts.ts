import type { Multipart } from '@fastify/multipart';
import type { FileStore } from '../../storage/file-store';
import { badRequest } from '../../lib/app-error';
import { deleteObjects, storePatternFile, type StoredPatternFile } from '../files';
import { SIZE_MSG, SIZE_PARTS, SizeFieldsSchema } from '../../../shared/contracts/sizes';

const FIELD_NAMES = new Set(Object.keys(SizeFieldsSchema.shape));

export interface SizeParts {
  /** The size's fields, from the `data` JSON part (or one text part per field); undefined when none came. */
  data?: Record<string, unknown>;
  pdf?: StoredPatternFile;
}

function fail(part: Multipart, message: string, field: string): never {
  if (part.type === 'file') part.file.resume();
  throw badRequest(message, { [field]: message });
}

/**
 * Reads the add/update multipart: `data` (JSON of the fields) and `pattern_pdf_file`, in any
 * order. The PDF streams into the store as it arrives (type and size checked); if anything
 * fails afterwards the caller deletes `pdf.key`, and if reading fails here it is deleted here.
 */
export async function readSizeParts(
  files: FileStore,
  parts: AsyncIterable<Multipart>,
): Promise<SizeParts> {
  const out: SizeParts = {};
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== SIZE_PARTS.pdf)
          fail(part, `Unknown file field ${part.fieldname}`, part.fieldname);
        if (out.pdf) fail(part, 'Only one pattern PDF per size', SIZE_PARTS.pdf);
        out.pdf = await storePatternFile(files, part, {
          kind: 'pattern_pdf_file',
          field: SIZE_PARTS.pdf,
        });
        continue;
      }
      if (part.fieldname === SIZE_PARTS.data) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(part.value));
        } catch {
          fail(part, SIZE_MSG.badData, SIZE_PARTS.data);
        }
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
          fail(part, SIZE_MSG.badData, SIZE_PARTS.data);
        out.data = { ...out.data, ...(parsed as Record<string, unknown>) };
      } else if (FIELD_NAMES.has(part.fieldname)) {
        out.data = { ...out.data, [part.fieldname]: part.value };
      }
    }
  } catch (err) {
    if (out.pdf) await deleteObjects(files, [out.pdf.key]);
    throw err;
  }
  return out;
}
