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
} from '../../../shared/contracts/pattern-create';
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

/** At most this many files' preflights run while the next parts are read (2 cores; the PDF worker queues). */
const PREFLIGHTS_IN_FLIGHT = 2;

type Slot =
  | { kind: 'named'; field: NamedFileField }
  | { kind: 'size'; index: number }
  | { kind: 'batch'; partName: string };

/** Where a received file goes on the pattern (its slot), and the kind and field it is stored and refused under. */
function slotOf(
  target: Target,
  filename: string,
): [Slot, { kind: files.StoredPatternFile['kind']; field: string }] {
  if (target.kind === 'named') return [target, { kind: target.field, field: target.field }];
  if (target.index !== undefined)
    return [
      { kind: 'size', index: target.index },
      { kind: 'pattern_pdf_file', field: sizePdfErrorKey(target.index) },
    ];
  return [
    { kind: 'batch', partName: filename },
    { kind: 'pattern_pdf_file', field: SIZE_PDF_BATCH_FIELD },
  ];
}

/** The placed files into their slots of the answer, in part order. */
function fillSlots(r: Received, slots: Slot[], placed: files.StoredPatternFile[]) {
  slots.forEach((slot, i) => {
    const f = placed[i];
    if (!f) throw new Error('fillSlots: a slot without its placed file'); // one placed file per slot
    if (slot.kind === 'named') r.named.set(slot.field, [...(r.named.get(slot.field) ?? []), f]);
    else if (slot.kind === 'size') r.sizePdfs.set(slot.index, f);
    else r.batch.push({ file: f, partName: slot.partName });
  });
}

/** The submission being read: what it holds so far, the first failure, the files in their checks. */
interface Intake {
  deps: AppDeps;
  r: Received;
  onData: (data: unknown) => Promise<void>;
  /** The part number of the failure answered (the earliest part's); Infinity while none. */
  failedAt: number;
  sawData: boolean;
  /** Files being checked, in part order, with where each goes. */
  pending: { slot: Slot; checked: Promise<files.CheckedPatternFile | undefined> }[];
  running: Set<Promise<unknown>>;
  sizeTaken: Set<number>;
}

/** Records `err` as the failure of part `at`, unless an earlier part failed already. */
const failAt = (ix: Intake, at: number) => (err: unknown) => {
  if (at < ix.failedAt) [ix.failedAt, ix.r.failure] = [at, err];
};

/**
 * Reads every part of the submission in arrival order, streaming each file to a temporary key
 * while the preflight of the ones before runs (at most PREFLIGHTS_IN_FLIGHT at a time); once every
 * part is read and checked, the files are placed under their content keys together (one leasing
 * transaction) and pushed onto `stored`, so the caller can delete them whatever happens. `onData`
 * runs as soon as `data` arrives, to refuse early (another brand, a taken Pattern ID) before any
 * more bytes are stored. After the first failure the remaining parts are drained, not stored, so
 * the client gets the answer rather than a reset connection; the failure answered is the one of
 * the earliest part, as when the files were checked one after another. A client that goes away
 * ends the loop with an error.
 */
export async function receiveSubmission(
  deps: AppDeps,
  parts: SubmissionParts,
  stored: files.StoredPatternFile[],
  onData: (data: unknown) => Promise<void>,
): Promise<Received> {
  const ix: Intake = {
    deps,
    r: { named: new Map(), sizePdfs: new Map(), batch: [], sizePdfSeen: new Set(), batchSeen: 0 },
    onData,
    failedAt: Infinity,
    sawData: false,
    pending: [],
    running: new Set(),
    sizeTaken: new Set(),
  };
  try {
    await readAllParts(ix, parts);
  } catch (err) {
    // The body's own failures (cut off, too many parts, no boundary) arrive mapped by readParts;
    // a refusal recorded before them is the better answer.
    const checked = await Promise.all(ix.pending.map((p) => p.checked));
    await files.discardPatternFiles(
      deps,
      checked.filter((c) => c !== undefined),
    );
    if (ix.r.failure instanceof AppError) throw ix.r.failure;
    throw err;
  }
  await placeChecked(ix, stored);
  return ix.r;
}

/**
 * Each part in turn: `data` (a field, or a small file part), a refusal the reader made, or a file
 * whose check starts. Unknown text parts and empty file inputs are skipped by the reader; an
 * unknown file part or one too many of a named field arrives refused (and drained).
 */
async function readAllParts(ix: Intake, parts: SubmissionParts) {
  let seq = 0;
  for await (const part of parts) {
    const fail = failAt(ix, seq++);
    if (part.type === 'field') {
      if (part.truncated) fail(tooLarge('data is too large', { data: 'data is too large' }));
      else await takeData(ix, part.value, fail);
    } else if (part.type === 'fieldFile') {
      await readSmallFile(part.file).then((raw) => takeData(ix, raw, fail), fail);
    } else if (part.type === 'refused') {
      fail(part.error);
    } else {
      await takeFile(ix, part, fail);
    }
  }
}

async function takeData(ix: Intake, raw: unknown, fail: (err: unknown) => void) {
  if (ix.sawData) return fail(badRequest('Send data only once', { data: 'Send data only once' }));
  ix.sawData = true;
  try {
    ix.r.data = parseData(raw);
    if (!ix.r.failure) await ix.onData(ix.r.data);
  } catch (err) {
    fail(err);
  }
}

/** A file part: counted where it goes, then stored and its check started — or drained after a failure. */
async function takeFile(ix: Intake, part: FilePart, fail: (err: unknown) => void) {
  const { r } = ix;
  const target = targetOf(part);
  if (target.kind === 'size') r.sizePdfSeen.add(target.index);
  if (target.kind === 'batch') {
    if (target.index !== undefined) r.sizePdfSeen.add(target.index);
    else r.batchSeen++;
  }
  const problem = checkTarget(ix.sizeTaken, target, part.fieldname);
  if (problem) fail(problem);
  if (r.failure) {
    part.file.file.resume();
    return;
  }
  const [slot, where] = slotOf(target, part.file.filename);
  if (slot.kind === 'size') ix.sizeTaken.add(slot.index);
  try {
    while (ix.running.size >= PREFLIGHTS_IN_FLIGHT) await Promise.race(ix.running);
    // A PDF's facts now, its first page drawn after the answer (issue 31: nine tenths of its check).
    const opts = { ...where, pdfCheck: 'facts' as const };
    const { checked } = await files.receivePatternFile(ix.deps, part.file, opts);
    const settled = checked.then(
      (c) => c,
      (err: unknown) => void fail(err),
    );
    const done = settled.finally(() => ix.running.delete(done));
    ix.running.add(done);
    ix.pending.push({ slot, checked: settled });
  } catch (err) {
    fail(err);
  }
}

/** Once every check ended: the files placed under their content keys together, or all discarded after a failure. */
async function placeChecked(ix: Intake, stored: files.StoredPatternFile[]) {
  const checked = await Promise.all(ix.pending.map((p) => p.checked));
  const ready = checked.filter((c) => c !== undefined);
  if (ix.r.failure) {
    await files.discardPatternFiles(ix.deps, ready);
    return;
  }
  try {
    const placed = await files.placePatternFiles(ix.deps, ready);
    stored.push(...placed);
    fillSlots(
      ix.r,
      ix.pending.map((p) => p.slot),
      placed,
    );
  } catch (err) {
    failAt(ix, -1)(err);
  }
}

/**
 * Why a size PDF cannot be taken (no such size, a second PDF for one), before a byte of it is
 * stored; named fields over their count come refused by the reader.
 */
function checkTarget(
  sizeTaken: Set<number>,
  target: Target,
  fieldname: string,
): AppError | undefined {
  if (target.kind === 'named') return undefined;
  const index = target.index;
  if (index === undefined) return undefined;
  if (index >= LIMITS.sizesMax)
    return badRequest(CREATE_MSG.noSizeForPdf(index), {
      [fieldname]: CREATE_MSG.noSizeForPdf(index),
    });
  if (sizeTaken.has(index))
    return badRequest(CREATE_MSG.onePdfPerSize, {
      [sizePdfErrorKey(index)]: CREATE_MSG.onePdfPerSize,
    });
  return undefined;
}
