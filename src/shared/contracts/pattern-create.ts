import { z } from 'zod';
import { LIMITS, MB } from '../limits';
import type { MultipartSpec } from './uploads';
import { FILE_KIND_RULE, PatternFileSchema, type FileKind } from './files';
import { PatternFieldsSchema, SizeEntrySchema } from './patterns';

/**
 * POST /api/patternRecord/addPatternsRecord (spec section 7), multipart/form-data:
 *
 * - `data`: JSON text of the pattern's text fields plus `Size`, an array of
 *   `{ pattern_view, Size, Pattern_Pdf_File_Name?, Brand? }` (Brand per size is accepted and ignored:
 *   a size belongs to its pattern's brand). Send it first; the server also accepts it after the files.
 * - One PDF per size. Preferred: the field `pattern_pdf_file{index}` (index into `Size`, from 0),
 *   which is what the web client sends. Also accepted, as the spec's portal sent them: the field
 *   `files` with the part's file name `pattern_pdf_file{index}` (extension optional); a `files`
 *   part with another name goes to the size whose `Pattern_Pdf_File_Name` matches it, else to the
 *   first size still without a PDF, in order.
 * - Named files: `Instruction_PDF`, `Yardage_PDF` (PDF); `Yardage_Image`, `Sketch_Image`,
 *   `Size_Chart`, `Main_Hero_Image` (one image each); `Hero_Images` (repeat the field, at most 20).
 *
 * Answers 201 `{ success: true, data: { ID, files } }`. Errors: 400 with `fields` (keys as in the form,
 * e.g. `SFCC_Pattern_ID`, `Size.0.pattern_view`, `Size.0.pattern_pdf_file`, `Hero_Images`),
 * 403 at `Brand` for another brand, 409 'Pattern ID already exists', 413 over a limit, 415 wrong type.
 */
export const PATTERN_CREATE_PATH = '/api/patternRecord/addPatternsRecord';

export const SIZE_PDF_FIELD = 'pattern_pdf_file';
export const SIZE_PDF_BATCH_FIELD = 'files';
/** Multipart field name of size `index`'s PDF. */
export const sizePdfField = (index: number) => `${SIZE_PDF_FIELD}${index}`;
/** Where errors about size `index`'s PDF are reported (and the form field's name). */
export const sizePdfErrorKey = (index: number) => `Size.${index}.${SIZE_PDF_FIELD}`;

/** The named file fields of the submission, in the order the form shows them. */
export const NAMED_FILE_FIELDS = [
  'Instruction_PDF',
  'Yardage_PDF',
  'Main_Hero_Image',
  'Hero_Images',
  'Size_Chart',
  'Yardage_Image',
  'Sketch_Image',
] as const satisfies readonly FileKind[];
export type NamedFileField = (typeof NAMED_FILE_FIELDS)[number];
export const isMultipleFileField = (f: NamedFileField) => f === 'Hero_Images';
export const fileRuleOf = (f: FileKind) => FILE_KIND_RULE[f];

export const CREATE_MSG = {
  sizesMin: 'Add at least one size',
  sizesMax: `A pattern can have at most ${LIMITS.sizesMax} sizes`,
  heroMax: `At most ${LIMITS.heroImagesMax} hero images`,
  duplicateSize: (view: string, size: string) =>
    `Size ${size} of view ${view} is already in this pattern`,
  otherBrand: 'You can only add patterns to your own brand',
  noBrand: 'Your account has no brand; ask an admin to assign one',
  unknownBrand: 'This brand does not exist',
  oneFileOnly: 'Only one file can be uploaded here',
  noSizeForPdf: (index: number) => `There is no size ${index + 1} for this PDF`,
  onePdfPerSize: 'Only one PDF per size',
  dataInvalidJson: 'data must be valid JSON',
} as const;

const sizeKey = (view: string, size: string) =>
  `${view.trim().toLowerCase()}\u0000${size.trim().toLowerCase()}`;

/** A size as the submission sends it. */
export const CreateSizeEntrySchema = SizeEntrySchema.extend({
  Brand: z.union([z.string(), z.number()]).nullable().optional(),
});

/**
 * (pattern_view, Size) is unique within a pattern, compared without case: the generated
 * VariationIDs would collide otherwise. Shared by the server's schema and the form's.
 */
export function checkUniqueSizes(sizes: unknown, ctx: z.RefinementCtx): void {
  if (!Array.isArray(sizes)) return; // also runs when the value is not an array (see `when` below)
  const seen = new Set<string>();
  sizes.forEach((s: { pattern_view?: unknown; Size?: unknown } | null, i) => {
    const view = s?.pattern_view;
    const size = s?.Size;
    if (typeof view !== 'string' || typeof size !== 'string' || !view.trim() || !size.trim())
      return;
    const key = sizeKey(view, size);
    if (seen.has(key))
      ctx.addIssue({
        code: 'custom',
        path: [i, 'Size'],
        message: CREATE_MSG.duplicateSize(view.trim(), size.trim()),
      });
    seen.add(key);
  });
}
/** Run even when some sizes have other errors, so every problem shows at once. */
export const EVERY_TIME = { when: () => true } as const;

/** The submission's `data`: the pattern's fields and its sizes. */
export const PatternCreateDataSchema = PatternFieldsSchema.extend({
  Size: z
    .array(CreateSizeEntrySchema, { error: CREATE_MSG.sizesMin })
    .min(1, CREATE_MSG.sizesMin)
    .max(LIMITS.sizesMax, CREATE_MSG.sizesMax)
    .superRefine(checkUniqueSizes, EVERY_TIME),
});
export type PatternCreateData = z.infer<typeof PatternCreateDataSchema>;
export type PatternCreateDataInput = z.input<typeof PatternCreateDataSchema>;

export const PatternCreateResponseSchema = z.object({
  success: z.literal(true),
  /** The new pattern's ID and its stored files (with their download paths). */
  data: z.object({ ID: z.number(), files: z.array(PatternFileSchema) }),
});
export type PatternCreateResponse = z.infer<typeof PatternCreateResponseSchema>;

/**
 * The submission's multipart body: `data` (JSON), the named files, and a PDF per size as
 * `pattern_pdf_file{i}` or as `files` parts named `pattern_pdf_file{i}.pdf`.
 */
export const PATTERN_CREATE_UPLOAD: MultipartSpec<
  'data',
  NamedFileField | typeof SIZE_PDF_FIELD | typeof SIZE_PDF_BATCH_FIELD
> = {
  notMultipart: 'Send the pattern as multipart/form-data',
  fields: ['data'],
  files: [
    ...NAMED_FILE_FIELDS.map((f) => ({
      name: f,
      accepts: fileRuleOf(f),
      max: isMultipleFileField(f) ? LIMITS.heroImagesMax : 1,
      tooMany: isMultipleFileField(f) ? CREATE_MSG.heroMax : CREATE_MSG.oneFileOnly,
    })),
    // A size's PDF: `pattern_pdf_file{i}`, i its index in `data.Size` (one per size: checked with the batch's).
    {
      name: SIZE_PDF_FIELD,
      match: new RegExp(`^${SIZE_PDF_FIELD}(\\d{1,4})$`),
      accepts: 'pdf' as const,
      max: 1,
    },
    { name: SIZE_PDF_BATCH_FIELD, accepts: 'pdf' as const, max: LIMITS.sizesMax },
  ],
  unknownFiles: 'refuse',
  // 20 hero images and 200 size PDFs, each checked against its own rule while streaming; fileSize is one
  // byte over the largest rule, so the upload guard (not the parser) reports an image over 10 MB at its field.
  limits: {
    fileSize: LIMITS.imageBytes + 1,
    files: LIMITS.heroImagesMax + LIMITS.sizesMax + NAMED_FILE_FIELDS.length,
    fields: 10,
    fieldSize: MB,
    parts: LIMITS.heroImagesMax + LIMITS.sizesMax + NAMED_FILE_FIELDS.length + 10,
  },
  messages: {
    tooManyFiles: `Too many files: at most ${LIMITS.heroImagesMax} hero images and ${LIMITS.sizesMax} sizes`,
    invalidJson: CREATE_MSG.dataInvalidJson,
  },
};
