/**
 * The layout of a multipart route's body, declared beside the route's contract and read by the
 * server's one upload reader (src/server/storage/multipart.ts): which text parts and file parts it
 * takes, what each file must be, and the parser's limits.
 */
export interface MultipartSpec {
  /** The 400 answer when the body is not multipart/form-data. */
  notMultipart: string;
  /** Text parts the route reads (others are ignored). */
  fields: readonly string[];
  /** File parts: an exact name or a pattern, the content the file must have, and how many may come. */
  files: readonly {
    name: string | RegExp;
    accepts: 'pdf' | 'image' | 'sheet' | 'zip';
    max: number;
  }[];
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

/** The spec's entry for a file part, or undefined when the route takes no file by that name. */
export function fileSpecOf(spec: MultipartSpec, fieldname: string) {
  return spec.files.find((f) =>
    typeof f.name === 'string' ? f.name === fieldname : f.name.test(fieldname),
  );
}
