import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { IMPORT_MSG } from '../../../shared/contracts/imports';
import { MB } from '../../../shared/limits';

export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
  maxRatio: number;
}

/** The whole ZIP is refused: the message says which entry and why. */
export class ZipRefused extends Error {}

export interface ZipEntry {
  /** Path inside the ZIP, as written there. */
  path: string;
  /** The file name without folders: what the sheet names. */
  name: string;
  bytes: number;
  entry: yauzl.Entry;
}

export interface ZipIndex {
  /** Files by lower-cased name; more than one when folders hold files of the same name. */
  byName: Map<string, ZipEntry[]>;
  totalBytes: number;
  open(entry: ZipEntry): Promise<Readable>;
  close(): void;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
// Files an archiver adds on its own (macOS resource forks, Finder and Explorer metadata): never "unused".
const JUNK = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$|desktop\.ini$)/i;

/** Why an entry is refused, or undefined. Checks only what the central directory says; yauzl checks the real sizes while reading. */
function refusal(path: string, e: yauzl.Entry, limits: ZipLimits): string | undefined {
  const z = IMPORT_MSG.zip;
  if (/^([/\\]|[A-Za-z]:)/.test(path)) return z.absolutePath(path);
  if (path.split(/[/\\]/).includes('..')) return z.unsafePath(path);
  if (((e.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) return z.symlink(path);
  if (path.endsWith('/')) return undefined; // a folder
  if (e.isEncrypted()) return z.encrypted(path);
  if (/\.(zip|zipx|7z|rar|jar)$/i.test(path)) return z.nested(path);
  const ratio =
    e.compressedSize === 0
      ? e.uncompressedSize === 0
        ? 1
        : Infinity
      : e.uncompressedSize / e.compressedSize;
  if (ratio > limits.maxRatio) return z.ratio(path, limits.maxRatio);
  return undefined;
}

/**
 * Reads the ZIP's central directory entry by entry (yauzl, lazyEntries) and refuses the whole ZIP
 * at the first trick: `..` or absolute paths, symlinks, nested archives, encrypted entries, too
 * many entries, too much uncompressed data, or a compression ratio over the limit. Nothing is
 * decompressed here; entries are opened later one at a time.
 */
export async function indexZip(filePath: string, limits: ZipLimits): Promise<ZipIndex> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(filePath, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: true,
    });
  } catch {
    throw new ZipRefused(IMPORT_MSG.zipRefused(IMPORT_MSG.zip.unreadable));
  }
  const byName = new Map<string, ZipEntry[]>();
  let count = 0;
  let totalBytes = 0;
  try {
    for await (const e of zip.eachEntry()) {
      count++;
      if (count > limits.maxEntries)
        throw new ZipRefused(
          IMPORT_MSG.zipRefused(IMPORT_MSG.zip.tooManyEntries(limits.maxEntries)),
        );
      const path = yauzl.getFileNameLowLevel(
        e.generalPurposeBitFlag,
        e.fileNameRaw,
        e.extraFields,
        true,
      );
      const why = refusal(path, e, limits);
      if (why) throw new ZipRefused(IMPORT_MSG.zipRefused(why));
      if (path.endsWith('/') || JUNK.test(path)) continue;
      totalBytes += e.uncompressedSize;
      if (totalBytes > limits.maxUncompressedBytes)
        throw new ZipRefused(
          IMPORT_MSG.zipRefused(IMPORT_MSG.zip.tooLargeTotal(limits.maxUncompressedBytes / MB)),
        );
      const name = path.split('/').pop()!;
      const key = name.toLowerCase();
      byName.set(key, [
        ...(byName.get(key) ?? []),
        { path, name, bytes: e.uncompressedSize, entry: e },
      ]);
    }
  } catch (err) {
    zip.close();
    if (err instanceof ZipRefused) throw err;
    throw new ZipRefused(IMPORT_MSG.zipRefused(IMPORT_MSG.zip.unreadable));
  }
  return {
    byName,
    totalBytes,
    open: (entry) => zip.openReadStreamPromise(entry.entry),
    close: () => zip.close(),
  };
}
