import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Writable, type Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../context';
import type { FileStore } from '../../storage/file-store';
import { storeUpload } from '../../storage/upload';
import { deleteObjects } from '../files';
import { FILE_KIND_RULE, type FileKind } from '../../../shared/contracts/files';
import { MB } from '../../../shared/limits';
import { indexZip, type ZipIndex } from './zip-reader';

/** Uploaded sheets and ZIPs live here in the store until their import ends. */
export const IMPORTS_PREFIX = 'imports';

/**
 * yauzl needs random access, which a store (S3) does not give: each process copies the ZIP to a
 * local temporary file once (streamed) and reads that. A copy left by a killed process is reused
 * only when complete (written as .part, renamed at the end).
 */
export async function localZip(deps: AppDeps, jobId: number, key: string): Promise<string> {
  const file = localZipPath(jobId, key);
  if (fs.existsSync(file)) return file;
  const part = `${file}.${process.pid}.part`;
  await pipeline(await deps.files.get(key), fs.createWriteStream(part));
  fs.renameSync(part, file);
  return file;
}

/** Where this machine keeps its copy of a job's ZIP while the job is checked or run. */
export const localZipPath = (jobId: number, key: string) =>
  path.join(os.tmpdir(), `ppp-import-${jobId}-${path.basename(key)}.zip`);

/**
 * Removes this machine's copy once the check or the run is over (the run copies it again: a
 * checked import may wait for days, or never run, and the copy may be IMPORT_MAX_ZIP_MB).
 */
export function removeLocalZip(jobId: number, key: string | null): void {
  if (key) fs.rmSync(localZipPath(jobId, key), { force: true });
}

/**
 * A job's ZIP once no step will read it again (the import done, the ZIP refused, or the job failed
 * for good: only a checked job runs): its store object and this machine's copy are removed. The
 * caller clears the job's `zipKey` first.
 */
export async function dropJobZip(
  deps: AppDeps,
  jobId: number,
  key: string | null,
  log?: FastifyBaseLogger,
): Promise<void> {
  if (!key) return;
  await deleteObjects(deps, [key], log);
  removeLocalZip(jobId, key);
}

export function zipLimits(deps: AppDeps) {
  return {
    maxEntries: deps.env.IMPORT_MAX_ZIP_ENTRIES,
    maxUncompressedBytes: deps.env.IMPORT_MAX_UNCOMPRESSED_MB * MB,
    maxRatio: deps.env.IMPORT_MAX_RATIO,
  };
}

export async function openJobZip(deps: AppDeps, jobId: number, key: string): Promise<ZipIndex> {
  return indexZip(await localZip(deps, jobId, key), zipLimits(deps));
}

/** A store that keeps nothing: the check runs each file through the upload guard (type by content, size) without storing it. */
const discard: FileStore = {
  kind: 'disk',
  async put(_key: string, body: Readable) {
    await pipeline(body, new Writable({ write: (_c, _e, cb) => cb() }));
  },
  get: () => Promise.reject(new Error('discard store holds nothing')),
  delete: async () => undefined,
  move: async () => undefined,
  exists: async () => false,
  async *list() {
    return;
  },
};

/** The form's message for a file that fails its kind's rule, or undefined; `bytes` reports what was read. */
export async function sniffEntry(
  stream: Readable,
  kind: FileKind,
  name: string,
): Promise<string | undefined> {
  try {
    await storeUpload(discard, stream, {
      rule: FILE_KIND_RULE[kind],
      field: kind,
      fileName: name,
      prefix: IMPORTS_PREFIX,
    });
    return undefined;
  } catch (err) {
    stream.destroy();
    if (err instanceof Error && 'statusCode' in err) return err.message;
    // yauzl's own failures (sizes that lie, a corrupt entry) are the file's problem, not the job's.
    return `${name} could not be read from the ZIP`;
  }
}
