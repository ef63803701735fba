import type { MultipartFile } from '@fastify/multipart';
import type { PartsOf } from '../../storage/multipart';
import type { AppDeps } from '../../context';
import { AppError, badRequest, tooLarge } from '../../lib/app-error';
import { LIMITS, MB } from '../../../shared/limits';
import {
  CREATE_MSG,
  PATTERN_CREATE_UPLOAD,
  SIZE_PDF_BATCH_FIELD,
  SIZE_PDF_FIELD,
  sizePdfErrorKey,
  type NamedFileField,
} from '../../../shared/contracts/patterns-create';
import * as files from '../files';

const SIZE_PDF_NAME_RE = /^pattern_pdf_file(\d{1,4})(\.pdf)?$/i;

export interface Received {
  /** The `data` part, parsed as JSON (undefined when absent). */
  data?: unknown;
  named: Map<NamedFileField, files.StoredPatternFile[]>;
  /** Size PDFs sent as `pattern_pdf_file{i}` or as `files` named `pattern_pdf_file{i}`, by size index. */
  sizePdfs: Map<number, files.StoredPatternFile>;
  /** `files` parts with another name: matched to sizes once `data` is known. */
  batch: { file: files.StoredPatternFile; partName: string }[];
  /** Size indexes that had a PDF part even when it was not stored (after a failure), for the required check. */
  sizePdfSeen: Set<number>;
  /** `files` parts without a `pattern_pdf_file{i}` name, stored or not. */
  batchSeen: number;
  /** The first failure. From then on parts are read to the end but not stored. */
  failure?: unknown;
}

export type SubmissionParts = PartsOf<typeof PATTERN_CREATE_UPLOAD>;
type FilePart = Extract<
  SubmissionParts extends AsyncIterable<infer P> ? P : never,
  { type: 'file' }
>;
type Target =
  | { kind: 'named'; field: NamedFileField }
  | { kind: 'size'; index: number }
  | { kind: 'batch'; index?: number };

/** Where a file part goes, by the name the spec gave it (PATTERN_CREATE_UPLOAD). */
function targetOf(part: FilePart): Target {
  if (part.name === SIZE_PDF_FIELD) return { kind: 'size', index: part.index! };
  if (part.name === SIZE_PDF_BATCH_FIELD) {
    const byName = SIZE_PDF_NAME_RE.exec(part.file.filename);
    return { kind: 'batch', index: byName ? Number(byName[1]) : undefined };
  }
  return { kind: 'named', field: part.name };
}

function parseData(value: unknown): unknown {
  if (typeof value !== 'string') return value; // a part sent as application/json arrives parsed
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest(CREATE_MSG.dataInvalidJson, { data: CREATE_MSG.dataInvalidJson });
  }
}

/** A `data` part sent as a file: read it whole (at most 1 MB) without ending the part early. */
function readSmallFile(part: MultipartFile): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    part.file.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MB) chunks.push(chunk);
    });
    part.file.on('end', () =>
      size > MB
        ? reject(tooLarge('data is too large', { data: 'data is too large' }))
        : resolve(Buffer.concat(chunks).toString('utf8')),
    );
    part.file.on('error', reject);
  });
}

/**
 * Reads every part of the submission in arrival order, streaming each file into the store (pushed
 * onto `stored` at once, so the caller can delete them whatever happens). `onData` runs as soon as
 * `data` arrives, to refuse early (another brand, a taken Pattern ID) before any more bytes are
 * stored. After the first failure the remaining parts are drained, not stored, so the client gets
 * the answer rather than a reset connection. A client that goes away ends the loop with an error.
 */
export async function receiveSubmission(
  deps: AppDeps,
  parts: SubmissionParts,
  stored: files.StoredPatternFile[],
  onData: (data: unknown) => Promise<void>,
): Promise<Received> {
  const r: Received = {
    named: new Map(),
    sizePdfs: new Map(),
    batch: [],
    sizePdfSeen: new Set(),
    batchSeen: 0,
  };
  const fail = (err: unknown) => {
    r.failure ??= err;
  };
  let sawData = false;
  const takeData = async (raw: unknown) => {
    if (sawData) return fail(badRequest('Send data only once', { data: 'Send data only once' }));
    sawData = true;
    try {
      r.data = parseData(raw);
      if (!r.failure) await onData(r.data);
    } catch (err) {
      fail(err);
    }
  };

  try {
    // Unknown text parts and empty file inputs are skipped by the reader; an unknown file part or
    // one too many of a named field arrives refused (and drained).
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.truncated) fail(tooLarge('data is too large', { data: 'data is too large' }));
        else await takeData(part.value);
        continue;
      }
      if (part.type === 'fieldFile') {
        await readSmallFile(part.file).then(takeData, fail);
        continue;
      }
      if (part.type === 'refused') {
        fail(part.error);
        continue;
      }
      const target = targetOf(part);
      if (target.kind === 'size') r.sizePdfSeen.add(target.index);
      if (target.kind === 'batch') {
        if (target.index !== undefined) r.sizePdfSeen.add(target.index);
        else r.batchSeen++;
      }
      const problem = checkTarget(r, target, part.fieldname);
      if (problem) fail(problem);
      if (r.failure) {
        part.file.file.resume();
        continue;
      }
      try {
        if (target.kind === 'named') {
          const f = await files.storePatternFile(deps, part.file, {
            kind: target.field,
            field: target.field,
          });
          stored.push(f);
          r.named.set(target.field, [...(r.named.get(target.field) ?? []), f]);
        } else if (
          target.kind === 'size' ||
          (target.kind === 'batch' && target.index !== undefined)
        ) {
          const f = await files.storePatternFile(deps, part.file, {
            kind: 'pattern_pdf_file',
            field: sizePdfErrorKey(target.index!),
          });
          stored.push(f);
          r.sizePdfs.set(target.index!, f);
        } else {
          const f = await files.storePatternFile(deps, part.file, {
            kind: 'pattern_pdf_file',
            field: SIZE_PDF_BATCH_FIELD,
          });
          stored.push(f);
          r.batch.push({ file: f, partName: part.file.filename });
        }
      } catch (err) {
        fail(err);
      }
    }
  } catch (err) {
    // The body's own failures (cut off, too many parts, no boundary) arrive mapped by readParts;
    // a refusal recorded before them is the better answer.
    if (r.failure instanceof AppError) throw r.failure;
    throw err;
  }
  return r;
}

/**
 * Why a size PDF cannot be taken (no such size, a second PDF for one), before a byte of it is
 * stored; named fields over their count come refused by the reader.
 */
function checkTarget(r: Received, target: Target, fieldname: string): AppError | undefined {
  if (target.kind === 'named') return undefined;
  const index = target.index;
  if (index === undefined) return undefined;
  if (index >= LIMITS.sizesMax)
    return badRequest(CREATE_MSG.noSizeForPdf(index), {
      [fieldname]: CREATE_MSG.noSizeForPdf(index),
    });
  if (r.sizePdfs.has(index))
    return badRequest(CREATE_MSG.onePdfPerSize, {
      [sizePdfErrorKey(index)]: CREATE_MSG.onePdfPerSize,
    });
  return undefined;
}
