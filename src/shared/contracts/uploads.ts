/**
 * The layout of a multipart route's body, declared beside the route's contract and read by the
 * server's one upload reader (src/server/storage/multipart.ts): which text parts and file parts it
 * takes, what each file must be, and the parser's limits.
 */
export type FileRule = 'pdf' | 'image' | 'sheet' | 'zip';

/**
 * A file part the route takes. `name` is the part's name, or with `match` the name of a family of
 * parts (`pattern_pdf_file0`, `pattern_pdf_file1` …: the first group of `match` is the part's index).
 */
export interface FilePartSpec<F extends string = string> {
  name: F;
  match?: RegExp;
  /** What the file must be (sniffed from its bytes by the upload guard). */
  accepts: FileRule;
  /** How many parts of one name may come. */
  max: number;
  /** The message at the field for a part over `max`; without it such a part is passed on, marked `over`. */
  tooMany?: string;
  /** The message at the field when no part of this name came. */
  required?: string;
}

/**
 * `T` names the text parts, `F` the file parts: the reader hands each part over under its declared
 * name, typed, so a route never sorts parts by hand.
 */
export interface MultipartSpec<T extends string = string, F extends string = string> {
  /** The 400 answer when the body is not multipart/form-data. */
  notMultipart: string;
  /** Text parts the route reads (others are skipped by the reader). */
  fields: readonly T[];
  /** File parts: their names, the content each must have, and how many may come. */
  files: readonly FilePartSpec<F>[];
  /** A file part no entry of `files` names: refused (400 at its field) or skipped. */
  unknownFiles: 'refuse' | 'skip';
  /**
   * Parser limits for this route (the app's defaults otherwise). With `fileSize` set, the parser
   * only cuts a file there and the upload guard reports the field's own limit at the field.
   */
  limits?: {
    fileSize?: number;
    files?: number;
    fields?: number;
    fieldSize?: number;
    parts?: number;
  };
  /** The route's own words for two failures of the body: too many files, and a JSON part that is not JSON (at `data`). */
  messages?: { tooManyFiles?: string; invalidJson?: string };
}

/** The spec's entry for a file part with its index in a family, or undefined when the route takes no file by that name. */
export function fileSpecOf<F extends string>(
  spec: Pick<MultipartSpec<string, F>, 'files'>,
  fieldname: string,
): { entry: FilePartSpec<F>; index?: number } | undefined {
  for (const entry of spec.files) {
    if (!entry.match) {
      if (entry.name === fieldname) return { entry };
      continue;
    }
    const m = entry.match.exec(fieldname);
    if (m) return { entry, index: m[1] === undefined ? undefined : Number(m[1]) };
  }
  return undefined;
}
