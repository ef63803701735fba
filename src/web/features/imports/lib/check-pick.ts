import { IMPORT_MSG } from '../../../../shared/contracts/imports';

/**
 * The browser's check of an import's file when it is picked (issue 34): the name's extension and
 * the first bytes, as the server will read them (a CSV is text without NUL bytes, an XLSX or a ZIP
 * starts with a ZIP signature), so a text file chosen as the sheet is refused at the field now,
 * not after the upload and a failed check. The server still checks.
 */
const ZIP_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06], // an empty ZIP
];
const HEAD_BYTES = 4096;

export type ImportPick = 'sheet' | 'zip';

async function head(file: File): Promise<Uint8Array> {
  try {
    return new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  } catch {
    return new Uint8Array(); // unreadable (moved or deleted since it was picked): the type check fails
  }
}

const isZip = (bytes: Uint8Array) =>
  ZIP_SIGNATURES.some((sig) => sig.every((b, i) => bytes[i] === b));

/** What is wrong with a picked sheet or ZIP, or undefined when it may be uploaded. */
export async function checkImportPick(file: File, kind: ImportPick): Promise<string | undefined> {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const wrong = kind === 'sheet' ? IMPORT_MSG.sheetType : IMPORT_MSG.zipType;
  if (kind === 'sheet' ? ext !== 'csv' && ext !== 'xlsx' : ext !== 'zip') return wrong;
  if (file.size === 0) return IMPORT_MSG.emptyFile(file.name);
  const bytes = await head(file);
  if (ext === 'csv') return bytes.includes(0) ? wrong : undefined;
  return isZip(bytes) ? undefined : wrong;
}
