import { FILE_MSG, checkChosenFile, type FileRule } from '../../shared/contracts/files';
import { MSG } from '../../shared/messages';
import { toast } from './toast';

/**
 * The browser's checks of a chosen file, run when it is picked: name, size and type as the server
 * states them (shared checkChosenFile), plus the content's first bytes, so a text file named
 * fake.pdf is refused at once rather than after Save uploaded everything. The server still checks.
 */
const SIGNATURES: Record<FileRule, number[][]> = {
  pdf: [[0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  image: [
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], // PNG
    [0xff, 0xd8, 0xff], // JPEG
  ],
};

/** Files whose content was read and does not match their rule; checkPickedFile reads it synchronously. */
const wrongContent = new WeakMap<File, FileRule>();

async function readHead(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, 8).arrayBuffer());
}

/** Reads the first bytes of each file (only those that pass the name and size checks) and remembers the mismatches. */
export async function sniffFiles(files: File[], rule: FileRule): Promise<void> {
  await Promise.all(
    files.map(async (f) => {
      if (checkChosenFile(f, rule)) return;
      const head = await readHead(f).catch(() => new Uint8Array());
      if (!SIGNATURES[rule].some((sig) => sig.every((b, i) => head[i] === b)))
        wrongContent.set(f, rule);
    }),
  );
}

/** What is wrong with a picked file (after sniffFiles), or undefined. */
export function checkPickedFile(
  file: File,
  rule: FileRule,
): { problem: 'type' | 'size'; message: string } | undefined {
  const own = checkChosenFile(file, rule);
  if (own) return own;
  if (wrongContent.get(file) === rule)
    return {
      problem: 'type',
      message: rule === 'pdf' ? FILE_MSG.notPdf(file.name) : FILE_MSG.notImage(file.name),
    };
  return undefined;
}

/**
 * The one toast for a refused file, the same on every screen (spec section 5): a PDF over the
 * limit is the warning 'All pdf file should be less than 5MB', an image over the limit the info
 * 'All Images should be less than …MB', a wrong type a warning naming what is allowed.
 */
export function fileProblemText(rule: FileRule, problem: 'type' | 'size'): string {
  return problem === 'size'
    ? rule === 'pdf'
      ? MSG.pdfTooLarge
      : MSG.imagesTooLarge
    : FILE_MSG.wrongTypeToast[rule];
}

export function toastFileProblem(rule: FileRule, problem: 'type' | 'size'): void {
  const text = fileProblemText(rule, problem);
  if (problem === 'size' && rule === 'image') toast.info(text, text);
  else toast.warning(text);
}
