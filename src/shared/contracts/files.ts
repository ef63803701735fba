import { z } from 'zod';
import { IMAGE_EXTENSIONS, IMAGE_MIME_TYPES, LIMITS, MB, PDF_MIME_TYPE } from '../limits';
import { FileCheckSchema } from './preflight';

/**
 * Stored files of a pattern. The server checks type by content and size while streaming; the
 * browser checks name, type and size before sending so a bad file never leaves the machine.
 */
export const FILE_PATHS = {
  /** Signed-in, brand-scoped download (another brand's file answers 404). `?inline=1` for previews. */
  download: (id: number) => `/api/files/${id}`,
  downloadPattern: '/api/files/:id',
} as const;

export const FILE_KINDS = [
  'Instruction_PDF',
  'Yardage_PDF',
  'Yardage_Image',
  'Sketch_Image',
  'Size_Chart',
  'Main_Hero_Image',
  'Hero_Images',
  'pattern_pdf_file',
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export type FileRule = 'pdf' | 'image';
export const FILE_KIND_RULE: Record<FileKind, FileRule> = {
  Instruction_PDF: 'pdf',
  Yardage_PDF: 'pdf',
  pattern_pdf_file: 'pdf',
  Yardage_Image: 'image',
  Sketch_Image: 'image',
  Size_Chart: 'image',
  Main_Hero_Image: 'image',
  Hero_Images: 'image',
};

/** Labels of the file fields (spec section 3). */
export const FILE_LABELS: Record<FileKind, string> = {
  Instruction_PDF: 'Sewing Instructions PDF',
  Yardage_PDF: 'Yardage PDF',
  Yardage_Image: 'Yardage Image',
  Sketch_Image: 'Sketch Image',
  Size_Chart: 'Size Chart',
  Main_Hero_Image: 'Main Hero Image',
  Hero_Images: 'Hero Images',
  pattern_pdf_file: 'Pattern PDF',
};

export const FILE_RULES: Record<
  FileRule,
  {
    maxBytes: number;
    extensions: readonly string[];
    mimes: readonly string[];
    accept: string;
    hint: string;
  }
> = {
  pdf: {
    maxBytes: LIMITS.patternPdfBytes,
    extensions: ['pdf'],
    mimes: [PDF_MIME_TYPE],
    accept: 'application/pdf,.pdf',
    hint: `PDF, up to ${LIMITS.patternPdfBytes / MB}MB`,
  },
  image: {
    maxBytes: LIMITS.imageBytes,
    extensions: IMAGE_EXTENSIONS,
    mimes: IMAGE_MIME_TYPES,
    accept: 'image/jpeg,image/png,.jpg,.jpeg,.png',
    hint: `JPG or PNG, up to ${LIMITS.imageBytes / MB}MB`,
  },
};

export const FILE_MSG = {
  notPdf: (name: string) => `${name} is not a PDF`,
  notImage: (name: string) => `${name} is not a JPG or PNG image`,
  tooLarge: (name: string, rule: FileRule) =>
    `${name} is larger than ${FILE_RULES[rule].maxBytes / MB}MB`,
  wrongTypeToast: {
    pdf: 'Only PDF files can be uploaded here',
    image: 'Only JPG and PNG images can be uploaded',
  } as Record<FileRule, string>,
};

/**
 * The browser's check of a chosen file: what is wrong with it, or undefined. Type by extension
 * or browser-reported type (the server checks the content), size against the shared limit.
 */
export function checkChosenFile(
  file: { name: string; size: number; type: string },
  rule: FileRule,
): { problem: 'type' | 'size'; message: string } | undefined {
  const r = FILE_RULES[rule];
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const typeOk = r.extensions.includes(ext) && (!file.type || r.mimes.includes(file.type));
  if (!typeOk)
    return {
      problem: 'type',
      message: rule === 'pdf' ? FILE_MSG.notPdf(file.name) : FILE_MSG.notImage(file.name),
    };
  if (file.size > r.maxBytes)
    return { problem: 'size', message: FILE_MSG.tooLarge(file.name, rule) };
  if (file.size === 0) return { problem: 'type', message: `${file.name} is empty` };
  return undefined;
}

/** A stored file as responses describe it; `url` is the download path. */
export const PatternFileSchema = z.object({
  id: z.number(),
  kind: z.enum(FILE_KINDS),
  sizeId: z.number().nullable(),
  fileName: z.string(),
  contentType: z.string(),
  byteSize: z.number(),
  url: z.string(),
  /** What the upload preflight found (docs/preflight.md); null for a file stored before it existed. */
  check: FileCheckSchema.nullable().optional(),
  /** The publisher's warnings about this file, where the response knows its pattern. */
  warnings: z.array(z.string()).optional(),
});
export type PatternFile = z.infer<typeof PatternFileSchema>;

export const FileDownloadQuerySchema = z.object({
  inline: z
    .enum(['1', 'true', '0', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});
